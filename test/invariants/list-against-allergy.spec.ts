import fc from 'fast-check';
import { EMPTY_PATIENT } from '@app/contracts';
import { safetyReviewPayload } from '@app/agent';
import { classTermsOf, type CorpusIndex } from '@app/formulary';
import type { CorpusService } from '@app/persistence';
import type { RequestBudget } from '@app/platform';
import { RetrievalService } from '@app/retrieval-worker';
import { index } from '../support/simulate';

/**
 * Issue 16, "a stated allergy must keep that class off a condition → drug list", on the stage-2 review the retrieval
 * worker runs for every list: whatever frame a model returns — the allergy carried, dropped, or lost because the
 * conversation went to another bed and came back — a drug the patient's own words say they are allergic to (by its
 * name or its class) is never among the drugs the review lets the list name. Generated over every formulary drug,
 * every name the allergy may be told by, four ways of telling it, and three shapes of conversation.
 */
const service = new RetrievalService(
  { index: index as CorpusIndex } as CorpusService,
  null as unknown as RequestBudget,
  null,
);
const allergenOf = (d: (typeof index.corpus.drugs)[number]) =>
  fc.constantFrom(d.name, ...d.aliases, ...classTermsOf(d.atc));
const told = fc.constantFrom(
  (a: string) => `bn dị ứng ${a}`,
  (a: string) => `tiền sử dị ứng với ${a}`,
  (a: string) => `trước uống ${a} bị nổi mề đay`,
  (a: string) => `quá mẫn với ${a}`,
);

describe('a list never names a drug the patient’s own words say they are allergic to', () => {
  it('whether the frame carries the allergy or not, and after another bed and back', () => {
    fc.assert(
      fc.property(
        fc
          .constantFrom(...index.corpus.drugs)
          .chain((d) =>
            fc.tuple(fc.constant(d), allergenOf(d), told, fc.constantFrom('one turn', 'next bed and back', 'carried')),
          ),
        ([d, allergen, tell, shape]) => {
          const first = `G3 bn nam 50 tuổi, ${tell(allergen)}. thuốc nào dùng được?`;
          const turns =
            shape === 'next bed and back'
              ? [first, 'còn G7 nữ 30 tuổi, ko dị ứng thuốc gì. thuốc nào?', 'quay lại G3, vậy thuốc nào?']
              : [first];
          const patient = { ...EMPTY_PATIENT, allergies: shape === 'carried' ? [allergen] : [] };
          const candidates = [d.drug_id, 'paracetamol', 'azithromycin', 'metformin'];
          const review = service.assessPatientCandidates(safetyReviewPayload(candidates, patient, 'bệnh', turns));
          expect(review.reviewed_drug_ids).not.toContain(d.drug_id);
          expect(review.excluded.map((x) => x.drug_id)).toContain(d.drug_id);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('an allergy told of the patient on the next bed keeps nothing off this one’s list', () => {
    const turns = ['G3 bn nam 50 tuổi dị ứng penicilin. ks nào?', 'còn G7 nữ 30 tuổi, ko dị ứng thuốc gì. ks nào?'];
    const review = service.assessPatientCandidates(
      safetyReviewPayload(['amoxicillin', 'azithromycin'], EMPTY_PATIENT, 'viêm họng', turns),
    );
    expect(review.excluded).toEqual([]);
  });
});

describe('a dosage form forbidden for the patient, when the indication asked is given by that form', () => {
  it('keeps phenytoin off a status-epilepticus list for third-degree AV block; its oral uses stay listed', () => {
    const asked = (condition: string) =>
      service.assessPatientCandidates(
        safetyReviewPayload(['phenytoin'], EMPTY_PATIENT, condition, [
          `bn blốc nhĩ thất độ III, ${condition}, thuốc nào?`,
        ]),
      );
    expect(asked('trạng thái động kinh co cứng co giật').contraindicated.map((f) => f.drug_id)).toContain('phenytoin');
    expect(asked('đau dây thần kinh sinh ba').reviewed_drug_ids).toContain('phenytoin');
  });
});
