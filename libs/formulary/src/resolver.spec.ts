import { editDistance } from './resolver';
import { sampleIndex } from './test-corpus';

describe('drug resolver', () => {
  const { resolver } = sampleIndex();

  it.each([
    ['Paracetamol', 'paracetamol', 'exact'],
    ['paracetamol', 'paracetamol', 'exact'],
    ['Acetaminophen', 'paracetamol', 'exact'],
    ['aspirin', 'aspirin', 'exact'],
    ['Acid acetylsalicylic', 'aspirin', 'exact'],
    ['Amoxicilin', 'amoxicillin', 'exact'],
    ['Amoxicillin', 'amoxicillin', 'exact'],
    ['isosorbid dinitrat', 'isosorbid_dinitrat', 'exact'],
    ['acid valproic', 'acid_valproic', 'exact'],
    ['Natri valproat', 'acid_valproic', 'exact'],
  ])('resolves the name or alias "%s" exactly to %s', (mention, id, via) => {
    expect(resolver.resolve(mention)).toMatchObject({ drug_id: id, via, confidence: 1 });
  });

  it('resolves diacritic-free and case-varied spellings through the folded form', () => {
    expect(resolver.resolve('ISOSORBID  DINITRAT')).toMatchObject({ drug_id: 'isosorbid_dinitrat' });
    expect(resolver.resolve('acid-valproic')).toMatchObject({ drug_id: 'acid_valproic', via: 'folded' });
  });

  it.each([
    ['paracetamon', 'paracetamol'],
    ['amoxcilin', 'amoxicillin'],
    ['ibuprofene', 'ibuprofen'],
    ['wafarin', 'warfarin'],
    ['metformine', 'metformin'],
    ['omeprazon', 'omeprazol'],
    ['clopidogrell', 'clopidogrel'],
  ])('resolves the typo "%s" to %s with a confidence below 1', (mention, id) => {
    const r = resolver.resolve(mention);
    expect(r).toMatchObject({ drug_id: id, via: 'fuzzy' });
    expect(r!.confidence).toBeLessThan(1);
    expect(r!.confidence).toBeGreaterThanOrEqual(0.75);
  });

  it.each(['zolpidem', 'rosuvastatin', 'sildenafil', 'abc', 'panadolxyz', 'xin chào'])(
    'reports "%s" as unknown instead of the nearest drug',
    (mention) => {
      expect(resolver.resolve(mention)).toBeNull();
    },
  );

  it('finds drug mentions in free Vietnamese text, accented or not, and reports unknown foreign names', () => {
    const m = resolver.findMentions('Warfarin và aspirin có tương tác không?');
    expect(m.map((x) => x.resolution?.drug_id)).toEqual(['warfarin', 'aspirin']);
    const u = resolver.findMentions('lieu isosorbid dinitrat ngam duoi luoi');
    expect(u.map((x) => x.resolution?.drug_id)).toEqual(['isosorbid_dinitrat']);
    const unknown = resolver.findMentions('Liều zolpidem cho người lớn?');
    expect(unknown).toEqual([
      { text: 'zolpidem', resolution: null, reading: { kind: 'outside', name: 'Zolpidem', via: 'exact' } },
    ]);
    expect(resolver.findMentions('Trẻ 5 tuổi nặng 18 kg, liều bao nhiêu?')).toEqual([]);
    // a laboratory term of the shorthand lexicon is a word, never a drug missing from the formulary
    expect(resolver.findMentions('bé có vàng da, bilirubin tăng, procalcitonin cao')).toEqual([]);
    // a dosage form is not an unknown drug
    expect(resolver.findMentions('Cho uống siro')).toEqual([]);
    expect(resolver.findMentions('bôi gel diclofenac').map((m) => m.resolution?.drug_id)).toEqual(['diclofenac']);
  });

  it('reads a name cut short as wards write it as the one drug every known spelling starting with it names', () => {
    for (const [typed, id] of [
      ['simva', 'simvastatin'],
      ['atorva', 'atorvastatin'],
      ['allo', 'allopurinol'],
    ])
      expect(resolver.read(typed)).toEqual({
        kind: 'formulary',
        resolution: expect.objectContaining({ drug_id: id, via: 'fuzzy' }),
      });
    // a drug outside the formulary cut short is that drug, never the formulary's look-alike
    expect(resolver.read('rosuva')).toEqual({
      kind: 'outside',
      name: expect.stringMatching(/^Rosuvastatin/i),
      via: 'fuzzy',
    });
    // too short, or the start of two drugs: no guess
    expect(resolver.read('clo').kind).toBe('unknown');
    expect(resolver.read('ceft').kind).not.toBe('formulary');
    // the start of a few drugs is asked between, never guessed
    expect(resolver.read('lora')).toEqual({ kind: 'ambiguous', candidates: expect.arrayContaining(['Loratadin']) });
    // a whole word that opens a longer name ("hormon tăng trưởng") is that word, not a name cut short
    expect(resolver.read('hormon').kind).toBe('unknown');
    expect(resolver.findMentions('thuốc gì thay thế hormon giáp').map((m) => m.reading.kind)).toEqual(['unknown']);
  });

  it('computes edit distance with transpositions', () => {
    expect(editDistance('abcd', 'abdc')).toBe(1);
    expect(editDistance('kitten', 'sitting')).toBe(3);
  });

  it('stops early past the limit without changing any distance within it', () => {
    // a deterministic pseudo-random walk over short strings of a small alphabet, so
    // transpositions, repeats and near-misses all occur
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const word = () =>
      Array.from({ length: 1 + Math.floor(next() * 9) }, () => 'abcd'[Math.floor(next() * 4)]).join('');
    let checked = 0;
    for (let k = 0; k < 3000; k++) {
      const [a, b] = [word(), word()];
      const full = editDistance(a, b);
      for (const max of [0, 1, 2, 3]) {
        const bounded = editDistance(a, b, max);
        if (full <= max) expect(bounded).toBe(full);
        else expect(bounded).toBeGreaterThan(max);
        checked++;
      }
    }
    expect(checked).toBe(12_000);
    expect(editDistance('ca', 'abc', 2)).toBe(editDistance('ca', 'abc'));
  });

  it('gives the same fuzzy answer from its cache, as a copy the caller may change', () => {
    const first = resolver.resolve('paracetamon')!;
    first.drug_id = 'changed';
    expect(resolver.resolve('paracetamon')).toMatchObject({ drug_id: 'paracetamol', via: 'fuzzy' });
    expect(resolver.resolve('PARACETAMON')).toEqual(resolver.resolve('paracetamon'));
  });
});
