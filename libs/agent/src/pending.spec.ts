import { emptyFrame } from '@app/contracts';
import { pendingQuestion, pendingWeightReply } from './pending';

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

  it('words that only say "I do not know" re-ask, whatever a frame read into them', () => {
    const pendingCondition = emptyFrame({ turn_type: 'condition_to_drug', condition_relation: 'INDICATION' });
    const read = emptyFrame({ turn_type: 'condition_to_drug', condition: 'không rõ nữa' });
    for (const turn of ['dạ em cũng không rõ nữa', 'da em cung khong ro nua', 'chịu', 'ý là sao?', 'ko biết ạ'])
      expect([turn, pendingQuestion(read, pendingCondition, 1, turn)]).toEqual([
        turn,
        expect.objectContaining({ condition: null, follow_up: true }),
      ]);
    // a reply that tells something is read as told
    expect(pendingQuestion(read, pendingCondition, 1, 'em bị viêm bàng quang')).toBeNull();
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

describe('pendingWeightReply', () => {
  const asksWeight = emptyFrame({
    turn_type: 'dosing_calc',
    drugs: ['paracetamol'],
    attribute: 'lieu_luong_cach_dung',
    population: 'pediatric',
    age_text: '5 tuổi',
  });

  it('a bare number answering a pending weight question is the weight in kg', () => {
    expect(pendingWeightReply('18', asksWeight, 1)).toBe(18);
    expect(pendingWeightReply('khoảng 12,5 ạ', asksWeight, 1)).toBe(12.5);
  });

  it('no question pending, an age asked, or more than a number: not a weight', () => {
    expect(pendingWeightReply('18', asksWeight, 0)).toBeNull();
    expect(pendingWeightReply('18', { ...asksWeight, age_text: null }, 1)).toBeNull();
    expect(pendingWeightReply('18', { ...asksWeight, weight_kg: 20 }, 1)).toBeNull();
    expect(pendingWeightReply('18 tháng', asksWeight, 1)).toBeNull();
    expect(pendingWeightReply('0', asksWeight, 1)).toBeNull();
    expect(pendingWeightReply('400', asksWeight, 1)).toBeNull();
  });
});
