import { Simulation } from '../support/simulate';

/**
 * What the conversation already settled settles a turn that would otherwise be asked again: a name cut short right
 * after a list is the listed drug it starts ("lora" → loratadin, said back), and the drug switched to is given the way
 * the conversation's was. Outside such a conversation the same words are still asked.
 */
describe('a clipped name right after a list', () => {
  it('is the listed drug it starts, said back as a correction', () => {
    const s = new Simulation();
    s.say('bn nam 54t, VMDƯ hắt hơi chảy mũi nhiều về đêm. Kháng histamin nào trong dm dùng đc cho bn?');
    // the list the reply showed, as the orchestrator remembers it (frameAfterReply)
    s.memory = { ...s.memory, lastFrame: { ...s.memory.lastFrame!, listed: ['loratadin', 'cetirizin'] } };
    const r = s.say('lora liều cho bn này sao a?');
    expect(r.plan.reading.frame.drugs).toEqual(['loratadin']);
    expect(r.outcome).not.toBe('clarify/no_drug');
    expect(r.plan.user.mentions.corrected).toEqual([{ typed: 'lora', drug_id: 'loratadin' }]);
    // … and a drug the conversation asked about settles it the same way
    const t = new Simulation();
    t.say('loratadin có gây buồn ngủ không?');
    expect(t.say('lora liều người lớn bao nhiêu?').plan.reading.frame.drugs).toEqual(['loratadin']);
  });

  it('is still asked which drug with no list or drug of the conversation it starts', () => {
    expect(new Simulation().say('lora liều cho bn này sao a?').outcome).toBe('clarify/no_drug');
    const s = new Simulation();
    s.say('liều paracetamol cho người lớn uống?');
    expect(s.say('còn lora thì sao').outcome).toBe('clarify/no_drug');
  });
});

describe('the drug switched to', () => {
  it('keeps the route the conversation settled, and only when a switch is said', () => {
    const s = new Simulation();
    s.say('Con tôi 2 tuổi, nặng 12 kg, đang sốt 38,8 độ. Cho cháu uống siro ibuprofen thì mỗi lần bao nhiêu mg?');
    const r = s.say('Nếu đổi sang paracetamol thì mỗi lần bao nhiêu?');
    expect(r.plan.reading.frame).toMatchObject({ drugs: ['paracetamol'], route: 'uong' });
    expect(r.outcome).toBe('answerable/answered');
    const t = new Simulation();
    t.say('Con tôi 2 tuổi, nặng 12 kg, đang sốt 38,8 độ. Cho cháu uống siro ibuprofen thì mỗi lần bao nhiêu mg?');
    expect(t.say('paracetamol thì mỗi lần bao nhiêu?').plan.reading.frame.route).toBeNull();
  });
});
