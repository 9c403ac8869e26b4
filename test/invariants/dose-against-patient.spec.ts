import fc from 'fast-check';
import { EMPTY_PATIENT, emptyFrame, type QueryFrame } from '@app/contracts';
import { framedRetrievalPayload, synthesizeQuery } from '@app/agent';
import { againstPatient, classTermsOf, decide, retrieveForFrame } from '@app/formulary';
import { index } from '../support/simulate';

/**
 * Issue 16, "patient context that must change the answer", on the single-drug path: whatever frame a model
 * returns, a dose is never given to a patient the user said is allergic to the drug or its class — the
 * contraindication stands in its place — while a denied allergy, or one told of another person, withholds
 * nothing. Generated over every formulary drug that has a hypersensitivity clause, every name the allergy may
 * be told by (the drug's own names, its class), the ways it is told, and frames that carry or drop it.
 */
const HYPERSENSITIVE = /quá mẫn|mẫn cảm|dị ứng/iu;
const drugs = index.corpus.drugs.filter((d) =>
  index.section(d.drug_id, 'chong_chi_dinh').some((p) => HYPERSENSITIVE.test(p.text)),
);

/** The names an allergy to this drug may be told by: the drug's own, and its classes. */
const allergenOf = (d: (typeof drugs)[number]) => fc.constantFrom(d.name, ...d.aliases, ...classTermsOf(d.atc));

const told = fc.constantFrom(
  (a: string) => `bn dị ứng ${a}`,
  (a: string) => `tiền sử dị ứng với ${a}`,
  (a: string) => `trước uống ${a} bị nổi mề đay`,
  (a: string) => `quá mẫn với ${a}`,
);

/** The turn through the single-drug path's retrieval, as the worker runs it, with the frame a model returned. */
function dose(drugId: string, turns: string[], frame: QueryFrame) {
  const turn = turns[turns.length - 1];
  const p = framedRetrievalPayload(frame, synthesizeQuery(turn, frame), turns.slice(0, -1), turn);
  const decided = decide(retrieveForFrame(index, frame, p.query), frame, index, [], p.query, p.context);
  return againstPatient(decided, frame, index, p.severity, p.said);
}

const frameFor = (drugId: string, allergies: string[]) =>
  emptyFrame({
    turn_type: 'dosing_calc',
    drugs: [drugId],
    attribute: 'lieu_luong_cach_dung',
    population: 'adult',
    age_text: '40 tuổi',
    patient: { ...EMPTY_PATIENT, allergies },
  });

describe('a dose is never given against an allergy the user stated', () => {
  it('has drugs to check', () => {
    expect(drugs.length).toBeGreaterThan(30);
  });

  it('withholds the dose, whether or not the model’s frame carries the allergy', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...drugs).chain((d) => fc.tuple(fc.constant(d), allergenOf(d), told, fc.boolean())),
        ([d, allergen, tell, carried]) => {
          const turn = `${tell(allergen)}, bn nam 40 tuổi, liều ${d.name} bao nhiêu?`;
          const r = dose(d.drug_id, [turn], frameFor(d.drug_id, carried ? [allergen] : []));
          if (r.decision !== 'ANSWERABLE' && r.decision !== 'VERIFY_PDF') return; // nothing is answered
          expect(r.withheld).toBe(true);
          expect(r.parts.length).toBeGreaterThan(0);
          expect(r.parts.every((p) => p.section !== 'lieu_luong_cach_dung')).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('withholds nothing for an allergy the user denies or told of another person', () => {
    fc.assert(
      fc.property(
        fc
          .constantFrom(...drugs)
          .chain((d) =>
            fc.tuple(
              fc.constant(d),
              allergenOf(d),
              fc.boolean(),
              fc.constantFrom('còn bn giường bên', 'còn bn giường 12', 'bn giường 12', 'còn giường số 3'),
            ),
          ),
        ([d, allergen, denied, other]) => {
          const turns = denied
            ? [`bn nam 40 tuổi ko dị ứng ${allergen}, liều ${d.name} bao nhiêu?`]
            : [`bn giường 5 dị ứng ${allergen}`, `${other}, nam 40 tuổi, liều ${d.name} bao nhiêu?`];
          const r = dose(d.drug_id, turns, frameFor(d.drug_id, []));
          expect(r.withheld ?? false).toBe(false);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('withholds again when the conversation comes back to the allergic patient’s bed', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...drugs).chain((d) => fc.tuple(fc.constant(d), allergenOf(d))),
        ([d, allergen]) => {
          const turns = [
            `bn giường 5 nam 40 tuổi dị ứng ${allergen}`,
            `còn bn giường 12 nữ 30 tuổi thì sao`,
            `quay lại bn giường 5, liều ${d.name} bao nhiêu?`,
          ];
          expect(dose(d.drug_id, turns, frameFor(d.drug_id, [])).withheld).toBe(true);
        },
      ),
      { numRuns: 100 },
    );
  });
});
