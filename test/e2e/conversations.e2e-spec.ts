import request from 'supertest';
import { emptyFrame, TurnReplySchema, type TurnReply } from '@app/contracts';
import { decide } from '@app/formulary';
import { sampleIndex } from '../../libs/formulary/src/test-corpus';
import { startStack, type Stack } from '../support/stack';
import { USER_KEY } from '../support/test-env';

/** Multi-turn conversations through the gateway, every app in-process over real queues. */
describe('conversations (the agent’s routing, dosing state machine, memory and three answer paths)', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(async () => {
    await stack.close();
  });

  /** A conversation: each say() sends the next turn on the same conversation and returns the reply. */
  function conversation() {
    let id: string | undefined;
    return async (turn: string): Promise<TurnReply> => {
      const res = await request(stack.http)
        .post('/v1/rag/query')
        .set('Authorization', `Bearer ${USER_KEY}`)
        .send(id ? { turn, conversation_id: id } : { turn })
        .expect(200);
      const reply = TurnReplySchema.parse(res.body);
      id = reply.conversation_id ?? undefined;
      return reply;
    };
  }

  it('an interaction only an unverified table might list abstains with that table\'s page, never as "checked"', async () => {
    // a pair whose verified interaction parts do not name each other, one drug with a quarantined table
    const index = sampleIndex();
    const pair = index.corpus.drugs
      .flatMap((a) => index.corpus.drugs.map((b) => [a.drug_id, b.drug_id]))
      .find(([a, b]) => {
        if (a === b || !index.section(a, 'tuong_tac_thuoc').some((p) => p.quarantined_page !== null)) return false;
        const frame = emptyFrame({ turn_type: 'interaction', drugs: [a, b] });
        const pool = [a, b].flatMap((d) => index.section(d, 'tuong_tac_thuoc'));
        return decide(pool, frame, index, [a, b]).parts.every((p) => p.quarantined_page !== null);
      })!;
    expect(pair).toBeDefined();
    const names = pair.map((d) => index.drug(d)!.name);
    const r = await conversation()(`${names[0]} và ${names[1]} có tương tác không?`);
    expect([r.decision, r.reason]).toEqual(['abstain', 'no_interaction_evidence']);
    const page = index.section(pair[0], 'tuong_tac_thuoc').find((p) => p.quarantined_page !== null)!.quarantined_page;
    expect(r.notices.join(' ')).toContain(`trang ${page}`);
    expect(r.citations.some((c) => c.verify_pdf)).toBe(true);
    expect(r.answer).toMatch(/CHƯA được đối chiếu/);
    expect(r.answer).toMatch(/KHÔNG có nghĩa là an toàn/);
  });

  it('names a drug outside the formulary asked beside one inside it, instead of dropping it silently', async () => {
    const r = await conversation()('Chống chỉ định của paracetamol và levocetirizin?');
    expect(r.drugs).toEqual(['paracetamol']);
    expect(r.notices.join(' ')).toContain('Levocetirizin');
  });

  it('keeps a pending question through an unclear reply, and says it asks again', async () => {
    const say = conversation();
    expect((await say('Liều ibuprofen?')).reason).toBe('missing_population');
    const again = await say('hả?');
    expect([again.decision, again.reason, again.drugs]).toEqual(['clarify', 'missing_population', ['ibuprofen']]);
    expect(again.answer).toMatch(/^Tôi chưa rõ câu trả lời của bạn/);
  });

  it('paediatric dosing in three turns: asks for the weight echoing the age, then the route with quick replies, then answers', async () => {
    const say = conversation();
    const r1 = await say('Trẻ 5 tuổi, liều paracetamol bao nhiêu?');
    expect([r1.decision, r1.reason]).toEqual(['clarify', 'missing_pediatric_age_or_weight']);
    expect(r1.answer).toBe('Bé 5 tuổi, vậy bé nặng bao nhiêu kg?');
    const r2 = await say('Bé nặng 18 kg');
    expect([r2.decision, r2.reason]).toEqual(['clarify', 'ambiguous_route']);
    expect(r2.quick_replies).toEqual(expect.arrayContaining(['Uống', 'Đặt trực tràng', 'Truyền tĩnh mạch']));
    const r3 = await say(r2.quick_replies.find((q) => q === 'Uống')!);
    expect([r3.decision, r3.reason]).toEqual(['answerable', 'answered']);
    expect(r3.citations.length).toBeGreaterThan(0);
    for (const c of r3.citations) expect(c.doc_id).toMatch(/^paracetamol__lieu_luong_cach_dung__\d+$/);
    // the answer quotes the child oral regimens, never the rectal or intravenous ones
    expect(r3.answer).toContain('240 mg');
    expect(r3.answer).toContain('10 - 15 mg/kg');
    expect(r3.answer).not.toMatch(/trực tràng|truyền tĩnh mạch/i);
  });

  it('asks only for the age when the weight is known, echoing "18 kg"', async () => {
    const say = conversation();
    const r = await say('Bé 18 ký, liều ibuprofen?');
    expect(r.answer).toBe('Bé nặng 18 kg, vậy bé bao nhiêu tuổi?');
  });

  it('asks for the population, then answers for adults', async () => {
    const say = conversation();
    const r1 = await say('Liều ibuprofen?');
    expect([r1.decision, r1.reason]).toEqual(['clarify', 'missing_population']);
    expect(r1.quick_replies).toEqual(['Người lớn', 'Trẻ em', 'Người cao tuổi']);
    const r2 = await say('Người lớn');
    expect([r2.decision, r2.reason]).toEqual(['answerable', 'answered']);
    expect(r2.drugs).toEqual(['ibuprofen']);
  });

  it('route ambiguity, then "Đường uống" answers with the oral regimen only', async () => {
    const say = conversation();
    const r1 = await say('Liều diazepam cho người lớn?');
    expect([r1.decision, r1.reason]).toEqual(['clarify', 'ambiguous_route']);
    expect(r1.quick_replies).toEqual(expect.arrayContaining(['Uống', 'Tiêm tĩnh mạch', 'Đặt trực tràng']));
    const r2 = await say('Đường uống');
    expect([r2.decision, r2.reason]).toEqual(['answerable', 'answered']);
    expect(r2.citations.every((c) => c.doc_id.startsWith('diazepam__lieu_luong_cach_dung__'))).toBe(true);
  });

  it('an interaction answer cites both drugs’ interaction sections and carries the verify-PDF notice of warfarin’s table', async () => {
    const r = await conversation()('Warfarin và aspirin có tương tác không?');
    expect([r.decision, r.reason]).toEqual(['answerable', 'answered']);
    expect(r.citations.some((c) => c.drug_id === 'warfarin')).toBe(true);
    expect(r.citations.some((c) => c.drug_id === 'aspirin')).toBe(true);
    const table = r.citations.find((c) => c.verify_pdf);
    expect(table?.doc_id).toMatch(/^warfarin__tuong_tac_thuoc__\d+$/);
    expect(r.notices.join(' ')).toMatch(/PDF trang \d+/);
  });

  it('no interaction evidence abstains, saying it is not found in each drug’s section and that this does not mean safe', async () => {
    const r = await conversation()('Paracetamol và amoxicillin dùng chung được không?');
    expect([r.decision, r.reason]).toEqual(['abstain', 'no_interaction_evidence']);
    expect(r.answer).toContain('trong mục Tương tác thuốc của từng thuốc');
    expect(r.answer).toContain('Điều này KHÔNG có nghĩa là an toàn khi phối hợp.');
    expect(r.citations).toEqual([]);
  });

  it('condition → drug lists the drugs found by indication, as a factual list, not a ranking', async () => {
    const r = await conversation()('Thuốc nào chỉ định cho tăng huyết áp?');
    expect([r.decision, r.reason]).toEqual(['answerable', 'drug_list']);
    expect(r.drugs).toEqual(expect.arrayContaining(['amlodipin', 'enalapril', 'losartan']));
    expect(r.drugs).not.toContain('paracetamol');
    for (const c of r.citations) expect(r.drugs).toContain(c.drug_id);
    expect(r.answer).toContain('không phải xếp hạng hay khuyến cáo điều trị');
  });

  it('a patient context runs the safety review and lists only drugs with safety evidence', async () => {
    const r = await conversation()('Phụ nữ có thai bị tăng huyết áp dùng thuốc gì?');
    expect(['drug_list', 'no_safety_evidence']).toContain(r.reason);
    if (r.reason === 'drug_list') expect(r.citations.some((c) => c.section === 'thoi_ky_mang_thai')).toBe(true);
  });

  it('a reverse-relation question abstains as unsupported', async () => {
    const r = await conversation()('Thuốc nào gây ho khan?');
    expect([r.decision, r.reason]).toEqual(['abstain', 'unsupported_reverse_relation']);
  });

  it('a veterinary question abstains as out of scope', async () => {
    const r = await conversation()('Liều paracetamol cho chó 10 kg?');
    expect([r.decision, r.reason]).toEqual(['abstain', 'out_of_scope']);
    expect(r.answer).toMatch(/thú y/);
  });

  it('an unknown drug is named back to the user', async () => {
    const r = await conversation()('Liều zolpidem cho người lớn?');
    expect([r.decision, r.reason]).toEqual(['abstain', 'drug_not_in_formulary']);
    // named as the lexicon of real drugs spells it
    expect(r.answer).toContain('"Zolpidem"');
  });

  it('unaccented input is understood like accented input', async () => {
    const r = await conversation()('chong chi dinh cua ibuprofen la gi');
    expect([r.decision, r.reason]).toEqual(['answerable', 'answered']);
    expect(r.citations.every((c) => c.doc_id.startsWith('ibuprofen__chong_chi_dinh__'))).toBe(true);
  });

  it('a typo’d drug name is resolved', async () => {
    const r = await conversation()('Tác dụng phụ của amoxcilin?');
    expect(r.drugs).toEqual(['amoxicillin']);
    expect(r.reason).toBe('answered');
  });

  it('a section follow-up keeps the drug ("Chỉ định của amoxicillin?" → "Còn chống chỉ định thì sao?")', async () => {
    const say = conversation();
    await say('Chỉ định của amoxicillin?');
    const r = await say('Còn chống chỉ định thì sao?');
    expect(r.drugs).toEqual(['amoxicillin']);
    expect(r.citations.every((c) => c.section === 'chong_chi_dinh')).toBe(true);
  });

  it('smalltalk gets the greeting', async () => {
    const r = await conversation()('Xin chào');
    expect([r.decision, r.reason]).toEqual(['answerable', 'smalltalk']);
  });
});
