import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { startStack, type Stack } from '../support/stack';
import { OTHER_KEY, USER_KEY } from '../support/test-env';

/** Every error is `{"error":{"code","message"}}` with the right status, and changes nothing. */
function expectError(res: request.Response, status: number, code: string): void {
  expect(res.status).toBe(status);
  expect(res.body).toEqual({ error: expect.objectContaining({ code, message: expect.any(String) }) });
  expect(JSON.stringify(res.body)).not.toMatch(/at \w+ \(|node_modules|SELECT|INSERT/);
}

describe('gateway input handling', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(async () => {
    await stack.close();
  });

  const post = (body: unknown, key: string | null = USER_KEY) => {
    const r = request(stack.http).post('/v1/rag/query');
    if (key) r.set('Authorization', `Bearer ${key}`);
    return r.send(body as object);
  };
  const turnCount = async () => Number((await stack.ds.query('SELECT count(*)::int AS n FROM turns'))[0].n);

  it('401 without a key, with a wrong key, and with a malformed Authorization header', async () => {
    expectError(await post({ turn: 'Liều paracetamol?' }, null), 401, 'unauthorized');
    expectError(await post({ turn: 'Liều paracetamol?' }, 'not-a-real-key'), 401, 'unauthorized');
    const res = await request(stack.http)
      .post('/v1/rag/query')
      .set('Authorization', `Basic ${USER_KEY}`)
      .send({ turn: 'x' });
    expectError(res, 401, 'unauthorized');
  });

  it('400 for an empty, blank, missing, non-string or over-2000-character turn, and for unknown fields — and nothing is stored', async () => {
    const before = await turnCount();
    expectError(await post({ turn: '' }), 400, 'bad_request');
    expectError(await post({ turn: '   \n  ' }), 400, 'bad_request');
    expectError(await post({}), 400, 'bad_request');
    expectError(await post({ turn: 42 }), 400, 'bad_request');
    expectError(await post({ turn: 'a'.repeat(2001) }), 400, 'bad_request');
    expectError(await post({ turn: 'Liều paracetamol?', admin: true }), 400, 'bad_request');
    expectError(await post([{ turn: 'x' }]), 400, 'bad_request');
    expectError(await post({ turn: 'Liều\u0000paracetamol' }), 400, 'bad_request');
    expectError(await post({ turn: 'Liều \ud800 paracetamol' }), 400, 'bad_request');
    expect(await turnCount()).toBe(before);
  });

  it('accepts a turn of exactly 2000 characters after trimming', async () => {
    const res = await post({ turn: `  ${'Paracetamol '.repeat(166)}Liều?`.padEnd(2002, ' ') });
    expect(res.status).toBe(200);
  });

  it('400 for malformed JSON', async () => {
    const res = await request(stack.http)
      .post('/v1/rag/query')
      .set('Authorization', `Bearer ${USER_KEY}`)
      .set('Content-Type', 'application/json')
      .send('{"turn": "Liều paracetamol?"');
    expectError(res, 400, 'bad_request');
  });

  it('415 for a body that is not JSON', async () => {
    const res = await request(stack.http)
      .post('/v1/rag/query')
      .set('Authorization', `Bearer ${USER_KEY}`)
      .set('Content-Type', 'text/plain')
      .send('turn=Liều paracetamol');
    expectError(res, 415, 'unsupported_media_type');
  });

  it('413 for a body over the size limit', async () => {
    expectError(await post({ turn: 'x'.repeat(64 * 1024) }), 413, 'payload_too_large');
  });

  it('400 for a malformed conversation id, 404 for an unknown one and for another key’s conversation', async () => {
    expectError(await post({ turn: 'Liều paracetamol?', conversation_id: 'abc' }), 400, 'bad_request');
    expectError(await post({ turn: 'Liều paracetamol?', conversation_id: randomUUID() }), 404, 'not_found');
    const mine = await post({ turn: 'Chỉ định của paracetamol?' }).expect(200);
    expectError(await post({ turn: 'Liều?', conversation_id: mine.body.conversation_id }, OTHER_KEY), 404, 'not_found');
    const getOther = await request(stack.http)
      .get(`/v1/conversations/${mine.body.conversation_id}`)
      .set('Authorization', `Bearer ${OTHER_KEY}`);
    expectError(getOther, 404, 'not_found');
  });

  it('409 for a second turn while one is in flight on the same conversation', async () => {
    const mine = await post({ turn: 'Chỉ định của paracetamol?' }).expect(200);
    const cid = mine.body.conversation_id;
    // a turn of this conversation that is still running
    await stack.ds.query(
      `INSERT INTO turns (id, conversation_id, owner, status, request) VALUES ($1, $2, 'ward7', 'running', '{}')`,
      [randomUUID(), cid],
    );
    const before = await turnCount();
    expectError(await post({ turn: 'Còn liều dùng?', conversation_id: cid }), 409, 'turn_in_flight');
    expect(await turnCount()).toBe(before);
  });

  it('replays the first result for a repeated Idempotency-Key without running a second turn', async () => {
    const key = `idem-${randomUUID()}`;
    const first = await request(stack.http)
      .post('/v1/rag/query')
      .set('Authorization', `Bearer ${USER_KEY}`)
      .set('Idempotency-Key', key)
      .send({ turn: 'Chỉ định của omeprazol?' })
      .expect(200);
    const before = await turnCount();
    const second = await request(stack.http)
      .post('/v1/rag/query')
      .set('Authorization', `Bearer ${USER_KEY}`)
      .set('Idempotency-Key', key)
      .send({ turn: 'Chỉ định của omeprazol?' })
      .expect(200);
    expect(second.body).toEqual(first.body);
    expect(await turnCount()).toBe(before);
  });

  it('404 in the error shape for an unknown route', async () => {
    expectError(await request(stack.http).get('/v1/nope').set('Authorization', `Bearer ${USER_KEY}`), 404, 'not_found');
  });

  it('/health is the process only; /ready reports Postgres and Redis', async () => {
    const live = await request(stack.http).get('/health').expect(200);
    expect(live.body).toMatchObject({ status: 'ok', info: { process: { status: 'up' } } });
    const ready = await request(stack.http).get('/ready').expect(200);
    expect(ready.body).toMatchObject({
      status: 'ok',
      info: {
        postgres: { status: 'up' },
        redis: { status: 'up' },
        workers: { status: 'up' },
        rag: { status: 'up', mode: 'enabled' },
      },
    });
    expect(ready.body.info.workers.queues.sort()).toEqual([
      'generation',
      'retrieval',
      'turns',
      'understanding',
      'verification',
    ]);
  });
});
