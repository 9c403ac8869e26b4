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
