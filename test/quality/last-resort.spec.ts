import { EMPTY_PATIENT } from '@app/contracts';
import { safetyReviewPayload } from '@app/agent';
import type { CorpusIndex } from '@app/formulary';
import type { CorpusService } from '@app/persistence';
import type { RequestBudget } from '@app/platform';
import { RetrievalService } from '@app/retrieval-worker';
import { index } from '../support/simulate';

/**
 * "Phụ nữ có thai, trừ trường hợp động kinh không có lựa chọn điều trị thay thế phù hợp": an exception that holds only
 * when nothing else will do is no exception on a list that has another drug for the condition — the drug is kept off
 * and the clause quoted. Alone on the list, or for a patient the clause does not name, it stays.
 */
const service = new RetrievalService(
  { index: index as CorpusIndex } as CorpusService,
  null as unknown as RequestBudget,
  null,
);
const pregnant = { ...EMPTY_PATIENT, pregnant: true };
const turns = ['bn nữ 26t, bầu 9 tuần, động kinh cơn cục bộ. Thuốc nào trong dm dùng đc cho bn đang mang thai?'];

describe('a contraindication lifted only when there is no alternative', () => {
  it('keeps the drug off a list that has another, quoting the clause', () => {
    const review = service.assessPatientCandidates(
      safetyReviewPayload(['carbamazepin', 'acid_valproic', 'phenytoin'], pregnant, 'động kinh', turns),
    );
    expect(review.reviewed_drug_ids).not.toContain('acid_valproic');
    expect(review.reviewed_drug_ids).toEqual(expect.arrayContaining(['carbamazepin', 'phenytoin']));
    const kept = review.contraindicated.find((f) => f.drug_id === 'acid_valproic');
    expect(kept?.quote).toContain('không có lựa chọn điều trị thay thế');
    expect(review.parts.some((p) => p.drug_id === 'acid_valproic')).toBe(false);
  });

  it('leaves it listed when it is the only one, or when the clause does not name the patient', () => {
    const alone = service.assessPatientCandidates(safetyReviewPayload(['acid_valproic'], pregnant, 'động kinh', turns));
    expect(alone.reviewed_drug_ids).toEqual(['acid_valproic']);
    const notPregnant = service.assessPatientCandidates(
      safetyReviewPayload(['carbamazepin', 'acid_valproic'], EMPTY_PATIENT, 'động kinh', ['bn nam 40t động kinh']),
    );
    expect(notPregnant.reviewed_drug_ids).toContain('acid_valproic');
  });
});

/**
 * "Không nên dùng trong thời kỳ mang thai" (spironolacton): a pregnancy section that says to avoid the drug for the
 * whole pregnancy makes it a last resort too — kept off a pregnant patient's list beside a drug without such a
 * clause (amlodipin), the clause quoted; a clause for a trimester, a dose or a use the formulary excepts does not.
 */
describe('a drug its pregnancy section says to avoid', () => {
  const htn = ['sp 31t thai 24w, THA mạn, HA 150/100. thuốc hạ áp nào dùng được?'];

  it('is kept off a pregnant patient’s list that has another drug, quoting the clause', () => {
    const review = service.assessPatientCandidates(
      safetyReviewPayload(['amlodipin', 'spironolacton'], pregnant, 'tăng huyết áp', htn),
    );
    expect(review.reviewed_drug_ids).toEqual(['amlodipin']);
    const kept = review.contraindicated.find((f) => f.drug_id === 'spironolacton');
    expect(kept).toMatchObject({ section: 'thoi_ky_mang_thai' });
    expect(kept?.quote).toContain('Không nên dùng trong thời kỳ mang thai');
  });

  it('stays listed alone, for a patient who is not pregnant, and for a trimester-only clause', () => {
    const alone = service.assessPatientCandidates(
      safetyReviewPayload(['spironolacton'], pregnant, 'tăng huyết áp', htn),
    );
    expect(alone.reviewed_drug_ids).toEqual(['spironolacton']);
    const notPregnant = service.assessPatientCandidates(
      safetyReviewPayload(['amlodipin', 'spironolacton'], EMPTY_PATIENT, 'tăng huyết áp', ['bn nam 60t THA']),
    );
    expect(notPregnant.reviewed_drug_ids).toEqual(expect.arrayContaining(['amlodipin', 'spironolacton']));
    // ondansetron: "không nên dùng ondansetron trong 3 tháng đầu" — a trimester, not the whole pregnancy
    const nausea = service.assessPatientCandidates(
      safetyReviewPayload(['ondansetron', 'domperidon'], pregnant, 'buồn nôn', ['bầu 20 tuần buồn nôn nhiều']),
    );
    expect(nausea.contraindicated.some((f) => f.drug_id === 'ondansetron' && f.section === 'thoi_ky_mang_thai')).toBe(
      false,
    );
  });
});
