import request from 'supertest';
import { TurnReplySchema } from '@app/contracts';
import { startStack, type Stack } from '../support/stack';
import { withTableFailing, withTableMissing } from '../support/store-faults';
import { OPERATOR_KEY, USER_KEY } from '../support/test-env';

describe('one turn end to end (gateway → orchestrator → every worker, real Redis + Postgres)', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(async () => {
    await stack.close();
  });

  const ask = (turn: string, conversation_id?: string) =>
    request(stack.http)
      .post('/v1/rag/query')
      .set('Authorization', `Bearer ${USER_KEY}`)
      .send(conversation_id ? { turn, conversation_id } : { turn });

  it('answers an interaction question in the reply shape of the API, with citations quoting the formulary', async () => {
    const res = await ask('Warfarin và aspirin có tương tác không?').expect(200);
    const reply = TurnReplySchema.parse(res.body);
    expect(reply.decision).toBe('answerable');
    expect(reply.reason).toBe('answered');
    expect(reply.drugs).toEqual(['warfarin', 'aspirin']);
    expect(reply.citations.length).toBeGreaterThan(0);
    for (const c of reply.citations) expect(c.doc_id).toMatch(/^(warfarin|aspirin)__tuong_tac_thuoc__\d+$/);
    expect(reply.usage.llm_calls).toBe(3);
  });

  it('records one trace event per hop, in order, readable with an operator key', async () => {
    const res = await ask('Chống chỉ định của ibuprofen là gì?').expect(200);
    const trace = await request(stack.http)
      .get(`/v1/traces/${res.body.turn_id}`)
      .set('Authorization', `Bearer ${OPERATOR_KEY}`)
      .expect(200);
    const hops = trace.body.events
      .filter((e: { stage: string }) => ['understanding', 'retrieval', 'generation', 'verification'].includes(e.stage))
      .map((e: { stage: string; op: string; outcome: string }) => `${e.stage}.${e.op}:${e.outcome}`);
    expect(hops).toEqual([
      'understanding.understand:ok',
      'retrieval.retrieve_framed:ok',
      'generation.generate:ok',
      'verification.verify:ok',
    ]);
    const stages = trace.body.events.map((e: { stage: string }) => e.stage);
    expect(stages).toEqual(expect.arrayContaining(['budget', 'memory', 'route', 'reply', 'persist']));
  });

  it('stores the user line and the assistant line of each turn, in order', async () => {
    const first = await ask('Chỉ định của amoxicillin?').expect(200);
    const cid = first.body.conversation_id;
    await ask('Còn chống chỉ định thì sao?', cid).expect(200);
    const conv = await request(stack.http)
      .get(`/v1/conversations/${cid}`)
      .set('Authorization', `Bearer ${USER_KEY}`)
      .expect(200);
    expect(conv.body.lines.map((l: { role: string }) => l.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(conv.body.lines[0].text).toBe('Chỉ định của amoxicillin?');
    expect(conv.body.lines[1].text).toBe(first.body.answer);
    expect(conv.body.lines.map((l: { seq: number }) => l.seq)).toEqual([1, 2, 3, 4]);
  });

  it('keeps answering without memory when the conversation store fails during the memory read (fail-open), and notes it in the trace', async () => {
    const first = await ask('Chỉ định của amoxicillin?').expect(200);
    const res = await withTableFailing(stack.ds, 'conversation_lines', () =>
      ask('Liều amoxicillin cho người lớn?', first.body.conversation_id).expect(200),
    );
    expect(['answerable', 'clarify']).toContain(res.body.decision);
    const trace = await request(stack.http)
      .get(`/v1/traces/${res.body.turn_id}`)
      .set('Authorization', `Bearer ${OPERATOR_KEY}`)
      .expect(200);
    const memory = trace.body.events.find((e: { stage: string }) => e.stage === 'memory');
    expect(memory.outcome).toBe('memory_unavailable');
    // the store is back: the next turn reads memory again
    const next = await ask('Còn tác dụng phụ thì sao?', first.body.conversation_id).expect(200);
    const t2 = await request(stack.http)
      .get(`/v1/traces/${next.body.turn_id}`)
      .set('Authorization', `Bearer ${OPERATOR_KEY}`)
      .expect(200);
    expect(t2.body.events.find((e: { stage: string }) => e.stage === 'memory').outcome).toBe('ok');
  });

  it('a memory table missing fails the turn with 503 store_schema_missing instead of answering without memory, and the trace says why', async () => {
    const first = await ask('Chỉ định của amoxicillin?').expect(200);
    const res = await withTableMissing(stack.ds, 'conversation_lines', () =>
      ask('Liều amoxicillin cho người lớn?', first.body.conversation_id),
    );
    expect(res.status).toBe(503);
    expect(res.body.error.code).toBe('store_schema_missing');
    const [turn] = await stack.ds.query(
      `SELECT id, status FROM turns WHERE conversation_id = $1 ORDER BY created_at DESC LIMIT 1`,
      [first.body.conversation_id],
    );
    expect(turn.status).toBe('failed');
    const trace = await request(stack.http)
      .get(`/v1/traces/${turn.id}`)
      .set('Authorization', `Bearer ${OPERATOR_KEY}`)
      .expect(200);
    expect(trace.body.events.find((e: { stage: string }) => e.stage === 'memory').outcome).toBe('schema_missing');
    // the conversation goes on once the table is back
    expect((await ask('Còn tác dụng phụ thì sao?', first.body.conversation_id)).status).toBe(200);
  });
});
