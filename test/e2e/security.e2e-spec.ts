import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { HousekeepingService } from '@app/orchestrator';
import { startStack, type Stack } from '../support/stack';
import { withDatabaseDown, withTableMissing } from '../support/store-faults';
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

  it('with the conversation store down, a turn is still answered without memory and says it was not stored', async () => {
    const res = await withDatabaseDown(stack.ds, () =>
      request(stack.http)
        .post('/v1/rag/query')
        .set('Authorization', `Bearer ${OTHER_KEY}`)
        .send({ turn: 'Chống chỉ định của ibuprofen?' }),
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ decision: 'answerable', conversation_id: null });
    expect(res.body.notices.join(' ')).toMatch(/không lưu được hội thoại/);
  });

  it('a missing table is a broken deployment, not an outage: the turn gets 503 store_schema_missing, nothing is stored, /ready names the table', async () => {
    const count = async () => Number((await stack.ds.query('SELECT count(*)::int AS n FROM conversations'))[0].n);
    const before = await count();
    const { res, ready } = await withTableMissing(stack.ds, 'turns', async () => ({
      res: await request(stack.http)
        .post('/v1/rag/query')
        .set('Authorization', `Bearer ${OTHER_KEY}`)
        .send({ turn: 'Chống chỉ định của ibuprofen?' }),
      ready: await request(stack.http).get('/ready'),
    }));
    expect(res.status).toBe(503);
    expect(res.body.error.code).toBe('store_schema_missing');
    expect(res.body.decision).toBeUndefined();
    expect(await count()).toBe(before);
    expect(ready.status).toBe(503);
    expect(ready.body.error).toMatchObject({ code: 'unavailable', message: 'not ready: schema' });
    expect(ready.body.error.checks.schema).toMatchObject({
      status: 'down',
      missing_tables: ['turns'],
      pending_migrations: [],
    });
    // restored: ready again
    const back = await request(stack.http).get('/ready').expect(200);
    expect(back.body.info.schema.status).toBe('up');
  });
});
