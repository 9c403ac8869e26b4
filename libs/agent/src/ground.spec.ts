import { EMPTY_PATIENT, emptyFrame } from '@app/contracts';
import { groundFrame, type UserDrugMentions } from './ground';

describe('grounding a stated allergy in the user’s words', () => {
  const mentions: UserDrugMentions = { named: [], current: [], outside: [], corrected: [], ambiguous: [] };
  const frame = emptyFrame({
    turn_type: 'condition_to_drug',
    condition: 'viêm họng',
    patient: { ...EMPTY_PATIENT, allergies: ['penicillin'] },
  });
  const allergies = (text: string) => groundFrame(frame, null, [text], mentions).frame.patient.allergies;

  it.each([
    'tiền sử sốc phản vệ khi tiêm penicillin, viêm họng, ks nào dùng được',
    'bn viêm họng, mề đay do penicillin lần trước, ks nào',
    'dị ứng penicillin, viêm họng thì dùng kháng sinh nào',
  ])('keeps an allergy told as an allergy or as a reaction: "%s"', (t) => expect(allergies(t)).toEqual(['penicillin']));

  it('drops an allergy the user never told', () => {
    expect(allergies('viêm họng, ks nào dùng được, đã tiêm penicillin tuần trước')).toEqual([]);
  });
});

describe('grounding a condition asked by the drug’s purpose', () => {
  const mentions: UserDrugMentions = { named: [], current: [], outside: [], corrected: [], ambiguous: [] };
  const condition = (c: string, text: string) =>
    groundFrame(emptyFrame({ turn_type: 'condition_to_drug', condition: c }), null, [text], mentions).frame.condition;

  it('keeps the condition "thuốc hạ áp" / "thuốc hạ đường huyết" names', () => {
    expect(condition('tăng huyết áp', 'thuốc hạ áp nào dùng được cho bà bầu')).toBe('tăng huyết áp');
    expect(condition('đái tháo đường', 'thuoc uong ha duong huyet nao')).toBe('đái tháo đường');
  });

  it('drops a condition neither the words nor the purpose say', () => {
    expect(condition('tăng huyết áp', 'thuốc hạ sốt nào')).toBeNull();
    // a low blood sugar the patient has is no purpose: "đái tháo đường" stays unsaid
    expect(condition('đái tháo đường', 'bị hạ đường huyết thì dùng thuốc gì')).toBeNull();
  });
});

describe('grounding the list the conversation remembers', () => {
  const mentions: UserDrugMentions = { named: [], current: [], outside: [], corrected: [], ambiguous: [] };
  it('a model’s frame never sets what the last reply listed: only code does', () => {
    const frame = emptyFrame({ turn_type: 'dosing_calc', listed: ['morphin', 'tramadol'] });
    const prior = emptyFrame({ turn_type: 'condition_to_drug', listed: ['paracetamol', 'ibuprofen'] });
    expect(groundFrame(frame, prior, ['thuốc đầu tiên liều sao'], mentions).frame.listed).toEqual([]);
  });
});
