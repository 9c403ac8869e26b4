import fc from 'fast-check';
import { DRUG_LEXICON, editDistance, syllables } from '@app/formulary';
import { index, parser, Simulation } from '../support/simulate';

/**
 * Issue 16, rule 1 — drug-name resolution never substitutes silently. Checked over the whole
 * lexicon of real drugs and the whole formulary, and over generated misspellings.
 */
const key = (s: string) => syllables(s).join(' ');
const formularyKeys = new Map<string, string>();
for (const d of index.corpus.drugs)
  for (const n of [d.name, ...d.aliases, d.drug_id.replace(/_/g, ' ')]) formularyKeys.set(key(n), d.drug_id);
/** Substances of the lexicon that are not formulary drugs under any of their spellings. */
const outside = DRUG_LEXICON.filter((s) => !s.names.some((n) => formularyKeys.has(key(n))));
const outsideSpellings = outside.flatMap((s) => s.names.map((n) => ({ substance: s.name, spelling: key(n) })));

describe('invariant: a known drug outside the formulary is never answered as a formulary drug', () => {
  it(`reads every spelling of every one of the ${outside.length} real drugs outside the formulary as that drug, never a formulary one`, () => {
    expect(outside.length).toBeGreaterThan(800);
    const wrong = outsideSpellings.filter(({ spelling }) => index.resolver.read(spelling).kind === 'formulary');
    expect(wrong).toEqual([]);
  });

  it('routes a dose, section or interaction question about any drug outside the formulary to drug_not_in_formulary, naming it', () => {
    const templates = [
      (n: string) => `Liều ${n} cho người lớn?`,
      (n: string) => `${n} chống chỉ định với ai`,
      (n: string) => `bn 45t dùng ${n} được ko, tác dụng phụ?`,
      (n: string) => `Phụ nữ có thai dùng ${n} được không?`,
    ];
    fc.assert(
      fc.property(fc.constantFrom(...outside), fc.constantFrom(...templates), (s, template) => {
        const spelling = s.names.find((n) => syllables(n).length === 1) ?? s.name;
        const t = new Simulation().say(template(spelling));
        expect(t.plan.reading.frame.drugs).toEqual([]);
        expect(t.outcome).toBe('abstain/drug_not_in_formulary');
      }),
      { numRuns: 300 },
    );
  });

  it('a model that swaps the named drug for a formulary look-alike is overruled by the user’s own words', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...outside),
        fc.constantFrom(...index.corpus.drugs.map((d) => d.drug_id)),
        (s, lookAlike) => {
          const turn = `Liều ${s.name} cho người lớn?`;
          // the model's frame names a formulary drug the user never named
          const t = new Simulation((_turn, parsed) => ({ ...parsed, drugs: [lookAlike], unknown_drugs: [] })).say(turn);
          expect(t.plan.reading.frame.drugs).not.toContain(lookAlike);
          expect(t.outcome).toBe('abstain/drug_not_in_formulary');
        },
      ),
      { numRuns: 300 },
    );
  });

  /** One random edit (insert, delete, substitute, transpose) of a word. */
  const typo = (word: string) =>
    fc
      .tuple(fc.nat(word.length - 1), fc.constantFrom('i', 'd', 's', 't'), fc.constantFrom(...'abcdeilmnoprstuyz'))
      .map(([i, kind, c]) =>
        kind === 'i'
          ? word.slice(0, i) + c + word.slice(i)
          : kind === 'd'
            ? word.slice(0, i) + word.slice(i + 1)
            : kind === 's'
              ? word.slice(0, i) + c + word.slice(i + 1)
              : i + 1 < word.length
                ? word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2)
                : word,
      );

  it('corrects a misspelling to a formulary drug only when it is strictly closer to it than to every drug outside the formulary', () => {
    const words = [...new Set([...outsideSpellings.map((o) => o.spelling), ...formularyKeys.keys()])].filter(
      (w) => !w.includes(' ') && w.length >= 6,
    );
    fc.assert(
      fc.property(fc.constantFrom(...words).chain(typo), (typed) => {
        const r = index.resolver.read(typed);
        if (r.kind !== 'formulary' || r.resolution.via !== 'fuzzy') return;
        const toFormulary = Math.min(
          ...[...formularyKeys].filter(([, id]) => id === r.resolution.drug_id).map(([k]) => editDistance(typed, k)),
        );
        const toOutside = Math.min(...outsideSpellings.map((o) => editDistance(typed, o.spelling)));
        expect(toFormulary).toBeLessThan(toOutside);
      }),
      { numRuns: 600 },
    );
  });

  it('says what it understood when it corrects a typo ("Hiểu là: …")', () => {
    const t = new Simulation();
    const r = t.say('Liều omeprazon cho người lớn?');
    expect(r.plan.user.mentions.corrected).toEqual([{ typed: 'omeprazon', drug_id: 'omeprazol' }]);
  });

  it('asks "Ý bạn là …?" for a name as close to two drugs', () => {
    // "prednison" is itself a drug: outside the formulary, never prednisolon
    expect(parser.parse('Liều prednison cho người lớn?').unknown_drugs).toEqual(['Prednison']);
    // "prednislon" is one edit from prednisolon and one from prednison
    expect(index.resolver.read('prednislon')).toEqual({ kind: 'ambiguous', candidates: ['Prednisolon', 'Prednison'] });
    const t = new Simulation().say('Liều prednislon cho người lớn?');
    expect(t.outcome).toBe('clarify/no_drug');
    expect(t.plan.routed.kind === 'reply' && t.plan.routed.reply.quick_replies).toEqual(['Prednisolon', 'Prednison']);
  });
});
