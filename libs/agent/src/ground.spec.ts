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
