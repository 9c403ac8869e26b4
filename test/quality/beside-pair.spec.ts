import { Simulation } from '../support/simulate';

/**
 * In a conversation about what goes with the drugs a patient takes ("bn đang warfarin … tương tác sao?"), whether a
 * new drug may be given — no section named but that — is asked beside them: the pair's interactions, not the new
 * drug's contraindications alone. Elsewhere the same words still ask the contraindications.
 */
describe('a drug asked whether it may be given, in a conversation about an interaction', () => {
  it('is asked beside the conversation’s drugs', () => {
    const s = new Simulation();
    s.say('bn rung nhĩ đang warfarin, INR 2.5, bs định thêm metronidazol truyền, tương tác sao?');
    const r = s.say('bn kêu đau khớp, cho uống para đc ko');
    expect(r.outcome).toBe('answerable/answered');
    expect(r.plan.reading.frame).toMatchObject({ attribute: 'tuong_tac_thuoc' });
    expect(r.plan.reading.frame.drugs).toEqual(expect.arrayContaining(['warfarin', 'paracetamol']));
  });

  it('"còn X thì sao" right after a pair asks X beside the drug the conversation started from', () => {
    const s = new Simulation();
    s.say('bn 72t rung nhĩ đang dùng warfarin, bs mới cho thêm amiodaron, 2 thuốc này có tương tác ko c?');
    const r = s.say('còn paracetamol thì sao, bn hay tự uống giảm đau khớp');
    expect(r.plan.reading.frame).toMatchObject({
      turn_type: 'interaction',
      attribute: 'tuong_tac_thuoc',
      drugs: ['warfarin', 'paracetamol'],
    });
    // after a question about one drug, "còn X thì sao" is X's same question as before
    const one = new Simulation();
    one.say('warfarin có dùng được cho phụ nữ có thai không');
    expect(one.say('còn paracetamol thì sao').plan.reading.frame.drugs).toEqual(['paracetamol']);
  });

  it('not after a question of another kind, nor when another section is named', () => {
    const dose = new Simulation();
    dose.say('liều warfarin khởi đầu cho người lớn?');
    expect(dose.say('cho uống para đc ko').plan.reading.frame).toMatchObject({
      drugs: ['paracetamol'],
      attribute: 'chong_chi_dinh',
    });
    const pair = new Simulation();
    pair.say('bn đang warfarin, thêm metronidazol có tương tác ko?');
    expect(pair.say('para liều bao nhiêu cho người lớn').plan.reading.frame).toMatchObject({
      drugs: ['paracetamol'],
      attribute: 'lieu_luong_cach_dung',
    });
  });
});
