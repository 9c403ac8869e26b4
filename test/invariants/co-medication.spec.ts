import fc from 'fast-check';
import { EMPTY_PATIENT, emptyFrame, type SectionKey } from '@app/contracts';
import { framedRetrievalPayload, safetyReviewPayload } from '@app/agent';
import { containsPhrase, forbiddenPairs, pairNotes, type CorpusIndex } from '@app/formulary';
import type { CorpusService } from '@app/persistence';
import type { RequestBudget } from '@app/platform';
import { RetrievalService } from '@app/retrieval-worker';
import { index } from '../support/simulate';

/**
 * A drug asked for a patient whose own words say they take another: whatever the section asked (a dose, the
 * contraindications, the precautions), the retrieval worker brings what the interaction sections of the pair say
 * — "bn đang dùng amlodipin, simvastatin liều tối đa bn" gets amlodipin's "không dùng simvastatin quá 20 mg/ngày"
 * beside the dose, on either provider's frame. Generated over every pair of formulary drugs whose interaction
 * sections name each other, three sections asked and three ways of telling the drug taken; a drug told only as an
 * allergy, or not told at all, brings nothing.
 */
const service = new RetrievalService(
  { index: index as CorpusIndex } as CorpusService,
  null as unknown as RequestBudget,
  null,
);
const drugs = index.corpus.drugs;
const names = (id: string) => index.namesOf(id);
/** Does a sentence of `owner`'s interaction section (verified parts) name `other`? — read independently. */
const saysPair = (owner: string, other: string) =>
  index
    .section(owner, 'tuong_tac_thuoc')
    .some((p) => p.quarantined_page === null && names(other).some((n) => containsPhrase(p.text, n)));
const pairs = drugs.flatMap((a) =>
  drugs
    .filter((b) => b.drug_id !== a.drug_id && (saysPair(a.drug_id, b.drug_id) || saysPair(b.drug_id, a.drug_id)))
    .map((b) => [a, b] as const),
);
const SECTIONS: SectionKey[] = ['chong_chi_dinh', 'than_trong', 'tac_dung_khong_mong_muon'];
const TOLD = [
  (b: string, a: string) => `bn nam 60t đang dùng ${b}. ${a} có lưu ý gì?`,
  (b: string, a: string) => `bn đang uống ${b} hằng ngày, giờ kê thêm ${a}, xem giúp`,
  (b: string, a: string) => `ba tôi uống ${b} mấy năm nay, hỏi về ${a}`,
];

function review(drug: string, section: SectionKey, turn: string) {
  const frame = emptyFrame({ turn_type: 'drug_attribute', drugs: [drug], attribute: section, population: 'adult' });
  return service.retrieveFramed(framedRetrievalPayload(frame, turn, [], turn));
}

describe('a drug the patient takes is held against the drug asked', () => {
  it('the pool of pairs is real', () => expect(pairs.length).toBeGreaterThan(20));

  it('every pair the interaction sections name comes beside the answer, verbatim, naming the drug taken', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...pairs),
        fc.constantFrom(...SECTIONS),
        fc.constantFrom(...TOLD),
        ([a, b], s, tell) => {
          const r = review(a.drug_id, s, tell(b.name, a.name));
          if (r.decision !== 'ANSWERABLE' && r.decision !== 'VERIFY_PDF') return;
          const cited = new Set(r.parts.map((p) => p.doc_id));
          const notes = r.co_medications ?? [];
          // a pair sentence is either among the answer's evidence or in a note
          const pairParts = [a.drug_id, b.drug_id].flatMap((owner) =>
            index
              .section(owner, 'tuong_tac_thuoc')
              .filter(
                (p) =>
                  p.quarantined_page === null &&
                  names(owner === a.drug_id ? b.drug_id : a.drug_id).some((n) => containsPhrase(p.text, n)),
              ),
          );
          for (const p of pairParts)
            expect([
              a.drug_id,
              b.drug_id,
              p.doc_id,
              cited.has(p.doc_id) || notes.some((n) => n.doc_id === p.doc_id),
            ]).toEqual([a.drug_id, b.drug_id, p.doc_id, true]);
          for (const n of notes) {
            expect(n.other).toBe(b.drug_id);
            const part = index.section(n.owner, 'tuong_tac_thuoc').find((p) => p.doc_id === n.doc_id);
            for (const piece of n.quote.split(' … ')) expect(part?.text).toContain(piece);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('a drug told only as an allergy, or not told at all, brings no note', () => {
    fc.assert(
      fc.property(fc.constantFrom(...pairs), fc.constantFrom(...SECTIONS), ([a, b], s) => {
        for (const turn of [`bn dị ứng ${b.name}. ${a.name} có lưu ý gì?`, `bn nam 60t, ${a.name} có lưu ý gì?`]) {
          const notes = review(a.drug_id, s, turn).co_medications ?? [];
          expect([turn, notes.filter((n) => n.other === b.drug_id)]).toEqual([turn, []]);
        }
      }),
      { numRuns: 200 },
    );
  });
});

/**
 * A phrase forbidding a pair, and the drug it names after "với" if any — read independently of the code under test;
 * one scoped to some patients ("… ở người suy gan") forbids nothing for a patient nothing is said of.
 */
const FORBIDS =
  /(?:chống chỉ định|không được) (?:phối hợp|dùng đồng thời|dùng cùng|dùng chung)(?: với ([^;,.()]+))?(?!\s+(?:ở|khi|nếu|trong|cho)\s)/giu;
/**
 * Does a sentence of `owner`'s interaction section name `named` and forbid that pair (not another drug's)? After a
 * lead that names `named` ("Clarithromycin: … Chống chỉ định phối hợp.") the sentences speak of it until the next lead
 * ("Miconazol …: chống chỉ định phối hợp" is miconazol's).
 */
const forbidsPair = (owner: string, named: string) =>
  index
    .section(owner, 'tuong_tac_thuoc')
    .filter((p) => p.quarantined_page === null)
    .some((p) => {
      // the lead in force: the last "X: …" opened before or at this sentence
      let underLead = false;
      return p.text.split(/(?<=[.!?;])\s+/u).some((sentence) => {
        const colon = sentence.indexOf(':');
        if (colon > 0 && colon <= 80) underLead = names(named).some((n) => containsPhrase(sentence.slice(0, colon), n));
        return (
          (underLead || names(named).some((n) => containsPhrase(sentence, n))) &&
          [...sentence.matchAll(FORBIDS)].some((m) => !m[1] || names(named).some((n) => containsPhrase(m[1], n)))
        );
      });
    });
/** Pairs (listed, taken) an interaction section forbids: the listed drug's own section naming the taken one, or the taken one's naming it. */
const forbiddenPool = pairs.filter(([a, b]) => forbidsPair(a.drug_id, b.drug_id) || forbidsPair(b.drug_id, a.drug_id));

describe('a list held against a drug the patient takes', () => {
  it('the pool of forbidden pairs is real', () => {
    expect(forbiddenPool.length).toBeGreaterThan(3);
    // a pair forbidden in a sentence after the lead that names it ("Clarithromycin: … Chống chỉ định phối hợp.")
    expect(forbiddenPool.map(([a, b]) => [a.drug_id, b.drug_id])).toContainEqual(['domperidon', 'clarithromycin']);
  });

  it('never lists a drug whose pair with a drug the patient takes an interaction section forbids', () => {
    fc.assert(
      fc.property(fc.constantFrom(...forbiddenPool), fc.constantFrom(...TOLD), ([a, b], tell) => {
        const turn = tell(b.name, 'thuốc nào dùng được');
        const r = service.assessPatientCandidates(
          safetyReviewPayload([a.drug_id], { ...EMPTY_PATIENT }, 'bệnh', [turn]),
        );
        expect([a.drug_id, b.drug_id, r.reviewed_drug_ids]).toEqual([a.drug_id, b.drug_id, []]);
        // kept off with the clause that says why (its contraindications may name the pair first), quoted verbatim
        const why = r.contraindicated.find((f) => f.drug_id === a.drug_id);
        expect(why).toBeDefined();
        const part = [a, b]
          .flatMap((d) => index.section(d.drug_id, why!.section))
          .find((p) => p.doc_id === why!.doc_id);
        for (const piece of why!.quote.split(' … ')) expect(part?.text).toContain(piece);
      }),
      { numRuns: 200 },
    );
  });

  it('a pair nothing forbids stays on the list, and a drug not told as taken forbids nothing', () => {
    const allowed = pairs.filter(([a, b]) => !forbidsPair(a.drug_id, b.drug_id) && !forbidsPair(b.drug_id, a.drug_id));
    fc.assert(
      fc.property(fc.constantFrom(...allowed), fc.constantFrom(...TOLD), ([a, b], tell) => {
        const r = service.assessPatientCandidates(
          safetyReviewPayload([a.drug_id], { ...EMPTY_PATIENT }, 'bệnh', [tell(b.name, 'thuốc nào dùng được')]),
        );
        expect([a.drug_id, b.drug_id, r.contraindicated.filter((f) => f.section === 'tuong_tac_thuoc')]).toEqual([
          a.drug_id,
          b.drug_id,
          [],
        ]);
      }),
      { numRuns: 200 },
    );
    for (const [a] of forbiddenPool.slice(0, 5)) {
      const r = service.assessPatientCandidates(
        safetyReviewPayload([a.drug_id], { ...EMPTY_PATIENT }, 'bệnh', ['bn nam 60t, thuốc nào dùng được']),
      );
      expect(r.contraindicated.filter((f) => f.section === 'tuong_tac_thuoc')).toEqual([]);
    }
  });

  it('a pair forbidden only for some patients ("ở người suy gan hoặc suy thận") is forbidden as far as the scope holds', () => {
    const source = {
      section: (d: string, sec: SectionKey) => index.section(d, sec),
      namesOf: names,
      findMentions: (t: string) => index.resolver.findMentions(t),
    };
    const notes = pairNotes(['colchicin'], source, 'bn nam 60t đang dùng clarithromycin');
    const scoped = notes.filter((n) => /ở người suy gan hoặc suy thận/u.test(n.quote));
    expect(scoped.length).toBeGreaterThan(0);
    const scopes: string[] = [];
    const verdict = (v: 'yes' | 'maybe' | null) =>
      forbiddenPairs(scoped, names, (scope) => {
        scopes.push(scope);
        return v;
      });
    expect(verdict(null)).toEqual([]);
    expect(verdict('maybe').map((f) => [f.drug_id, f.applies])).toEqual([['colchicin', 'maybe']]);
    expect(verdict('yes').map((f) => [f.drug_id, f.applies])).toEqual([['colchicin', 'yes']]);
    expect(scopes[0]).toMatch(/^ở người suy gan hoặc suy thận/u);
  });
});
