import { emptyFrame } from '@app/contracts';
import { pendingQuestion } from './pending';

describe('pendingQuestion', () => {
  const pendingDose = emptyFrame({
    turn_type: 'dosing_calc',
    drugs: ['diclofenac'],
    attribute: 'lieu_luong_cach_dung',
  });
  const pointer = emptyFrame({ turn_type: 'drug_attribute', needs_clarify: true, clarify_reason: 'thuốc nào?' });

  it('an empty reply asks the pending question again', () => {
    expect(pendingQuestion(emptyFrame({ turn_type: 'out_of_scope' }), pendingDose, 1)).toMatchObject({
      drugs: ['diclofenac'],
      follow_up: true,
    });
  });

  it('a reply that only points back to "thuốc này" asks the pending question about its drug again', () => {
    expect(pendingQuestion(pointer, pendingDose, 1)).toMatchObject({ drugs: ['diclofenac'] });
  });

  it('when the pending question has no drug, the understanding step’s own "which drug?" stands', () => {
    expect(pendingQuestion(pointer, emptyFrame({ turn_type: 'drug_attribute' }), 1)).toBeNull();
  });

  it('nothing is pending without a clarify streak, and a reply with content is no empty reply', () => {
    expect(pendingQuestion(pointer, pendingDose, 0)).toBeNull();
    expect(pendingQuestion(emptyFrame({ turn_type: 'dosing_calc', route: 'uong' }), pendingDose, 1)).toBeNull();
  });
});
