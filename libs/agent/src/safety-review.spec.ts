import { EMPTY_PATIENT, emptyFrame } from '@app/contracts';
import { afterSafetyReview, framedRetrievalPayload, safetyReviewPayload, thisPatientsTurns } from './safety-review';

describe('what stage 2 leaves of a condition → drug list', () => {
  const nameOf = (id: string) => id.toUpperCase();
  const contra = {
    drug_id: 'ibuprofen',
    doc_id: 'ibuprofen__chong_chi_dinh__4',
    section: 'chong_chi_dinh' as const,
    quote: 'Ba tháng cuối của thai kỳ.',
    applies: 'yes' as const,
    routes: null,
  };

  /** A stage-2 result: nothing found, but what `over` says. */
  const review = (over: Partial<Parameters<typeof afterSafetyReview>[1]>) => ({
    parts: [],
    reviewed_drug_ids: [],
    excluded: [],
    contraindicated: [],
    form_limited: [],
    co_medications: [],
    ...over,
  });

  it('lists the reviewed drugs and says what was kept off and why, after the notices given', () => {
    const r = afterSafetyReview(
      ['paracetamol', 'ibuprofen', 'aspirin', 'amoxicillin'],
      {
        parts: [],
        reviewed_drug_ids: ['paracetamol'],
        excluded: [{ drug_id: 'amoxicillin', allergy: 'penicilin' }],
        contraindicated: [contra],
        form_limited: [],
        co_medications: [],
      },
      'sốt',
      nameOf,
      ['capped'],
    );
    expect(r.reply).toBeNull();
    if (r.reply) return;
    expect(r.listed).toEqual(['paracetamol']);
    expect(r.notices[0]).toBe('capped');
    expect(r.notices.slice(1).map((n) => n.split(' ').slice(0, 4).join(' '))).toEqual([
      'Đã loại AMOXICILLIN vì',
      'Không liệt kê IBUPROFEN:',
      'Không liệt kê ASPIRIN:',
    ]);
  });

  it('abstains when a candidate has no safety evidence and none is listed; answers "none" when all are contraindicated', () => {
    const none = afterSafetyReview(['ibuprofen', 'aspirin'], review({ contraindicated: [contra] }), 'sốt', nameOf, []);
    expect(none.reply).toMatchObject({ decision: 'abstain', reason: 'no_safety_evidence', drugs: ['aspirin'] });
    const all = afterSafetyReview(['ibuprofen'], review({ contraindicated: [contra] }), 'sốt', nameOf, []);
    expect(all.reply).toMatchObject({ decision: 'answerable', reason: 'drug_list', drugs: [] });
  });

  it('a contraindication scoped to one dosage form leaves the drug listed, quoting the clause', () => {
    const injection = {
      ...contra,
      drug_id: 'phenytoin',
      doc_id: 'phenytoin__chong_chi_dinh__1',
      quote: 'Dạng tiêm: nhịp chậm xoang, blốc xoang nhĩ, blốc nhĩ thất độ II và độ III.',
      routes: ['tiem_tinh_mach' as const],
    };
    const r = afterSafetyReview(
      ['phenytoin'],
      {
        parts: [],
        reviewed_drug_ids: ['phenytoin'],
        excluded: [],
        contraindicated: [],
        form_limited: [injection],
        co_medications: [],
      },
      'đau dây thần kinh sinh ba',
      nameOf,
      [],
    );
    expect(r.reply).toBeNull();
    if (r.reply) return;
    expect(r.listed).toEqual(['phenytoin']);
    expect(r.notices).toHaveLength(1);
    expect(r.notices[0]).toContain('«Dạng tiêm: nhịp chậm xoang');
  });

  it('quotes the contraindication clause that keeps a drug off for the allergy stated', () => {
    const r = afterSafetyReview(
      ['ceftriaxon', 'azithromycin'],
      review({
        reviewed_drug_ids: ['azithromycin'],
        excluded: [
          {
            drug_id: 'ceftriaxon',
            allergy: 'penicillin',
            quote: 'Quá mẫn tức thì nặng (như phản vệ) với penicilin hoặc kháng sinh beta-lactam khác.',
          },
        ],
      }),
      'lậu',
      nameOf,
      [],
    );
    expect(r.reply).toBeNull();
    if (r.reply) return;
    expect(r.notices.some((n) => n.includes('CEFTRIAXON') && n.includes('«Quá mẫn tức thì nặng'))).toBe(true);
  });

  it('quotes what the interaction sections say of a listed drug beside a drug the patient takes, and of no other', () => {
    const note = (drug_id: string) => ({
      drug_id,
      other: 'gliclazid',
      owner: drug_id,
      doc_id: `${drug_id}__tuong_tac_thuoc__5`,
      quote: 'Gliclazid: tăng nguy cơ hạ đường huyết.',
    });
    const r = afterSafetyReview(
      ['fluconazol', 'ibuprofen'],
      {
        parts: [],
        reviewed_drug_ids: ['fluconazol'],
        excluded: [],
        contraindicated: [{ ...contra }],
        form_limited: [],
        co_medications: [note('fluconazol'), note('ibuprofen')],
      },
      'nấm âm đạo',
      nameOf,
      [],
    );
    expect(r.reply).toBeNull();
    if (r.reply) return;
    const pair = r.notices.filter((n) => n.includes('Gliclazid: tăng nguy cơ'));
    // the listed drug's pair sentence, not the one of a drug kept off the list
    expect(pair).toHaveLength(1);
    expect(pair[0]).toContain('GLICLAZID');
    expect(pair[0]).toContain('FLUCONAZOL');
  });
});

describe('what the answer is held against: the words of the patient asked about now', () => {
  const husband = 'bn nam 35t viêm niệu đạo do Chlamydia, tiền sử uống erythromycin nổi ban. ks nào?';
  const wife = 'vợ bn 30t cũng (+) Chlamydia, đang bầu 16 tuần, ko dị ứng thuốc gì. cho vợ dùng gì?';
  const dose = 'azithro uống liều bao nhiêu cho chị ấy?';

  it('starts at the last turn that names another person', () => {
    expect(thisPatientsTurns([husband, wife, dose])).toEqual([wife, dose]);
    expect(thisPatientsTurns([husband, dose])).toEqual([husband, dose]);
  });

  it('reads beds by their number: another bed starts another patient, coming back to one takes its turns back', () => {
    const bed5 = 'bn giường 5 nam 45t VPCĐ nhẹ, TS sốc phản vệ với penicillin. ks uống nào?';
    const bed12 = 'bn giường 12: nữ 26t, thai 14 tuần, cũng VPCĐ nhẹ. ks uống nào?';
    const back = 'quay lại bn giường 5, liều azithro?';
    expect(thisPatientsTurns([bed5, bed12])).toEqual([bed12]);
    expect(thisPatientsTurns([bed5, bed12, dose])).toEqual([bed12, dose]);
    expect(thisPatientsTurns([bed5, bed12, back])).toEqual([bed5, back]);
    expect(thisPatientsTurns([bed5, 'bn giường 5 dị ứng gì không?'])).toHaveLength(2);
  });

  it('so the first patient’s allergy is not in the words a dose is checked against, and this one’s pregnancy is', () => {
    const frame = emptyFrame({ drugs: ['azithromycin'], patient: { ...EMPTY_PATIENT, pregnant: true } });
    const p = framedRetrievalPayload(frame, dose, [husband, wife], dose);
    expect(p.said).not.toContain('erythromycin');
    expect(p.said).toContain('16 tuần');
    expect(p.severity.trimester).toBe(2);
    // the earlier turns still go to retrieval as context (a treatment said before picks its dose)
    expect(p.context).toContain('erythromycin');
    const review = safetyReviewPayload(['azithromycin'], frame.patient, 'chlamydia', [husband, wife]);
    expect(review.said).not.toContain('erythromycin');
  });
});
