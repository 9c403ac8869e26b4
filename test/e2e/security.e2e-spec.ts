import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { HousekeepingService } from '@app/orchestrator';
import { startStack, type Stack } from '../support/stack';
import { OTHER_KEY, USER_KEY } from '../support/test-env';

describe('security and housekeeping', () => {
  let stack: Stack;
  beforeAll(async () => {
    // its own Redis namespace: rate-limit counters are per key and shared by every stack on the
    // run's prefix, so hits made by earlier suites in the same minute would count against this one
    stack = await startStack({ RATE_LIMIT_PER_MINUTE: '4', QUEUE_PREFIX: `${process.env.QUEUE_PREFIX}_security` });
  });
  afterAll(() => stack.close());

  it('rate-limits per API key with 429 and Retry-After, without touching other keys or /health', async () => {
    const hit = (key: string) =>
      request(stack.http).get(`/v1/conversations/${randomUUID()}`).set('Authorization', `Bearer ${key}`);
    for (let i = 0; i < 4; i++) expect((await hit(USER_KEY)).status).toBe(404);
    const limited = await hit(USER_KEY);
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('rate_limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await hit(OTHER_KEY)).status).toBe(404);
    for (let i = 0; i < 6; i++) await request(stack.http).get('/health').expect(200);
  });

  it('sends security headers and no framework fingerprint', async () => {
    const res = await request(stack.http).get('/health');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('the sweeper fails turns orphaned past the ceiling, freeing their conversation', async () => {
    const [{ id: cid }] = await stack.ds.query(
      `INSERT INTO conversations (id, owner) VALUES ($1, 'ward7') RETURNING id`,
      [randomUUID()],
    );
    const turnId = randomUUID();
    await stack.ds.query(
      `INSERT INTO turns (id, conversation_id, owner, status, request, created_at) VALUES ($1, $2, 'ward7', 'running', '{}', now() - interval '1 hour')`,
      [turnId, cid],
    );
    const fresh = randomUUID();
    await stack.ds.query(
      `INSERT INTO turns (id, conversation_id, owner, status, request) VALUES ($1, NULL, 'ward7', 'running', '{}')`,
      [fresh],
    );
    expect(await stack.app.get(HousekeepingService).sweep()).toBeGreaterThanOrEqual(1);
    const [row] = await stack.ds.query('SELECT status, error FROM turns WHERE id = $1', [turnId]);
    expect(row.status).toBe('failed');
    expect((await stack.ds.query('SELECT status FROM turns WHERE id = $1', [fresh]))[0].status).toBe('running');
    // the conversation takes turns again (no 409)
    await request(stack.http)
      .post('/v1/rag/query')
      .set('Authorization', `Bearer ${OTHER_KEY}`)
      .send({ turn: 'Chỉ định của aspirin?' })
      .expect(200);
  });

  it('the retention purge deletes conversations (lines, turns) and traces older than the setting, and nothing newer', async () => {
    const old = randomUUID();
    await stack.ds.query(
      `INSERT INTO conversations (id, owner, created_at, updated_at) VALUES ($1, 'ward7', now() - interval '200 days', now() - interval '200 days')`,
      [old],
    );
    await stack.ds.query(
      `INSERT INTO trace_events (turn_id, seq, stage, op, started_at, ms, outcome) VALUES ($1, 1, 'x', 'y', now() - interval '200 days', 1, 'ok')`,
      [randomUUID()],
    );
    const recent = (
      await request(stack.http)
        .post('/v1/rag/query')
        .set('Authorization', `Bearer ${OTHER_KEY}`)
        .send({ turn: 'Chỉ định của omeprazol?' })
        .expect(200)
    ).body;
    await stack.app.get(HousekeepingService).purge();
    expect(await stack.ds.query('SELECT id FROM conversations WHERE id = $1', [old])).toEqual([]);
    expect(
      Number(
        (
          await stack.ds.query(
            `SELECT count(*)::int AS n FROM trace_events WHERE started_at < now() - interval '100 days'`,
          )
        )[0].n,
      ),
    ).toBe(0);
    expect((await stack.ds.query('SELECT id FROM conversations WHERE id = $1', [recent.conversation_id])).length).toBe(
      1,
    );
  });

  it('with the conversation store failing, a turn is still answered without memory and says it was not stored', async () => {
    await stack.ds.query('ALTER TABLE turns RENAME TO turns_offline');
    let res: request.Response;
    try {
      res = await request(stack.http)
        .post('/v1/rag/query')
        .set('Authorization', `Bearer ${OTHER_KEY}`)
        .send({ turn: 'Chống chỉ định của ibuprofen?' });
    } finally {
      await stack.ds.query('ALTER TABLE turns_offline RENAME TO turns');
    }
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ decision: 'answerable', conversation_id: null });
    expect(res.body.notices.join(' ')).toMatch(/không lưu được hội thoại/);
  });
});
