import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import type { DataSource } from 'typeorm';
import type { TurnReply } from '@app/contracts';
import { emptyFrame } from '@app/contracts';
import {
  ConversationRepository,
  createDataSource,
  deploymentId,
  migrate,
  MIGRATIONS,
  TraceRepository,
  TurnRepository,
} from '@app/persistence';
import { PG_BASE } from '../support/test-env';

/**
 * The turn's writes are single statements (issue 8: ~15 → 4 round trips per turn); these
 * pin what the transaction used to guarantee: atomic creation, 404/409, idempotent
 * completion, distinct line numbers under concurrency, and the migration's backfill.
 */
const OWNER = 'ward7';

function reply(answer: string, decision: TurnReply['decision'] = 'answerable'): TurnReply {
  return {
    decision,
    reason: decision === 'answerable' ? 'answered' : 'needs_more_info',
    answer,
    citations: [],
    notices: [],
    quick_replies: [],
    conversation_id: null,
    turn_id: randomUUID(),
    trace_id: randomUUID(),
    usage: { elapsed_ms: 12, llm_calls: 2 },
  } as unknown as TurnReply;
}

describe('persistence: one statement per turn write', () => {
  let ds: DataSource;
  let convs: ConversationRepository;
  let turns: TurnRepository;
  let traces: TraceRepository;

  beforeAll(async () => {
    ds = createDataSource(process.env.DATABASE_URL!);
    await ds.initialize();
    await migrate(ds);
    convs = new ConversationRepository(ds);
    turns = new TurnRepository(ds);
    traces = new TraceRepository(ds);
  });
  afterAll(async () => {
    await ds.destroy();
  });

  const count = async (sql: string, params: unknown[]) =>
    Number(((await ds.query(sql, params)) as { n: string }[])[0].n);

  it('creates a new conversation with its first turn, and refuses a second turn in flight (409) without leaving rows', async () => {
    const conversationId = randomUUID();
    const first = await turns.create({
      id: randomUUID(),
      conversation: { kind: 'new', id: conversationId },
      owner: OWNER,
      turn: 'a',
      legacy: false,
      idempotencyKey: null,
    });
    expect(first).toEqual({ kind: 'created', conversationId });
    const second = await turns.create({
      id: randomUUID(),
      conversation: { kind: 'existing', id: conversationId },
      owner: OWNER,
      turn: 'b',
      legacy: false,
      idempotencyKey: null,
    });
    expect(second.kind).toBe('in_flight');
    expect(await count('SELECT count(*) AS n FROM turns WHERE conversation_id = $1', [conversationId])).toBe(1);
  });

  it("answers not_found for another owner's conversation and inserts nothing", async () => {
    const conversationId = randomUUID();
    await turns.create({
      id: randomUUID(),
      conversation: { kind: 'new', id: conversationId },
      owner: OWNER,
      turn: 'a',
      legacy: false,
      idempotencyKey: null,
    });
    const turnId = randomUUID();
    const r = await turns.create({
      id: turnId,
      conversation: { kind: 'existing', id: conversationId },
      owner: 'ward9',
      turn: 'x',
      legacy: false,
      idempotencyKey: null,
    });
    expect(r.kind).toBe('not_found');
    const missing = await turns.create({
      id: randomUUID(),
      conversation: { kind: 'existing', id: randomUUID() },
      owner: OWNER,
      turn: 'x',
      legacy: false,
      idempotencyKey: null,
    });
    expect(missing.kind).toBe('not_found');
    expect(await turns.get(turnId)).toBeNull();
  });

  it('replays an idempotency key, and concurrent twins of a first turn open exactly one conversation', async () => {
    const key = `k-${randomUUID()}`;
    const outcomes = await Promise.all(
      Array.from({ length: 6 }, () =>
        turns.create({
          id: randomUUID(),
          conversation: { kind: 'new', id: randomUUID() },
          owner: OWNER,
          turn: 'a',
          legacy: false,
          idempotencyKey: key,
        }),
      ),
    );
    expect(outcomes.filter((o) => o.kind === 'created')).toHaveLength(1);
    expect(outcomes.filter((o) => o.kind === 'replay')).toHaveLength(5);
    const created = outcomes.find((o) => o.kind === 'created') as { conversationId: string };
    for (const o of outcomes) if (o.kind === 'replay') expect(o.turn.conversationId).toBe(created.conversationId);
    expect(await count(`SELECT count(*) AS n FROM turns WHERE owner = $1 AND idempotency_key = $2`, [OWNER, key])).toBe(
      1,
    );
  });

  it('begins a turn (running + memory in one statement) and completes it with numbered lines, frame and streak', async () => {
    const conversationId = randomUUID();
    const t1 = randomUUID();
    await turns.create({
      id: t1,
      conversation: { kind: 'new', id: conversationId },
      owner: OWNER,
      turn: 'Liều paracetamol cho trẻ?',
      legacy: false,
      idempotencyKey: null,
    });
    const m0 = await convs.beginTurn(t1, conversationId);
    expect(m0).toEqual({ lines: [], lastFrame: null, clarifyStreak: 0 });
    expect((await turns.get(t1))!.status).toBe('running');

    const frame = emptyFrame({ drugs: ['paracetamol'], attribute: 'lieu_luong_cach_dung' });
    await convs.completeTurn({
      turnId: t1,
      conversationId,
      userText: 'Liều paracetamol cho trẻ?',
      reply: reply('Bé mấy tuổi?', 'clarify'),
      frame,
      clarifyStreak: 1,
    });
    const done = (await turns.get(t1))!;
    expect(done.status).toBe('done');
    expect(done.llmCalls).toBe(2);
    expect(done.result?.answer).toBe('Bé mấy tuổi?');

    const t2 = randomUUID();
    expect(
      (
        await turns.create({
          id: t2,
          conversation: { kind: 'existing', id: conversationId },
          owner: OWNER,
          turn: 'Bé 5 tuổi',
          legacy: false,
          idempotencyKey: null,
        })
      ).kind,
    ).toBe('created');
    const m1 = await convs.beginTurn(t2, conversationId);
    expect(m1.lines).toEqual([
      { role: 'user', text: 'Liều paracetamol cho trẻ?' },
      { role: 'assistant', text: 'Bé mấy tuổi?' },
    ]);
    expect(m1.lastFrame).toEqual(frame);
    expect(m1.clarifyStreak).toBe(1);
    await convs.completeTurn({
      turnId: t2,
      conversationId,
      userText: 'Bé 5 tuổi',
      reply: reply('Liều …'),
      frame: null,
      clarifyStreak: 0,
    });
    const lines = await convs.lines(conversationId);
    expect(lines.map((l) => [l.seq, l.role])).toEqual([
      [1, 'user'],
      [2, 'assistant'],
      [3, 'user'],
      [4, 'assistant'],
    ]);
    const m2 = await convs.beginTurn(randomUUID(), conversationId, 3);
    expect(m2.lines.map((l) => l.text)).toEqual(['Bé mấy tuổi?', 'Bé 5 tuổi', 'Liều …']);
    // a frame cleared by the breaker is SQL NULL, not a JSON null
    expect(m2.lastFrame).toBeNull();
    expect(
      await count(`SELECT count(*) AS n FROM conversations WHERE id = $1 AND last_frame IS NULL`, [conversationId]),
    ).toBe(1);
  });

  it('is idempotent by turn id: a re-run completion writes no second pair of lines', async () => {
    const conversationId = randomUUID();
    const t = randomUUID();
    await turns.create({
      id: t,
      conversation: { kind: 'new', id: conversationId },
      owner: OWNER,
      turn: 'q',
      legacy: false,
      idempotencyKey: null,
    });
    const outcome = { turnId: t, conversationId, userText: 'q', reply: reply('a'), frame: null, clarifyStreak: 0 };
    await convs.completeTurn(outcome);
    await convs.completeTurn(outcome);
    expect(
      await count('SELECT count(*) AS n FROM conversation_lines WHERE conversation_id = $1', [conversationId]),
    ).toBe(2);
    expect(await count('SELECT line_count AS n FROM conversations WHERE id = $1', [conversationId])).toBe(2);
  });

  it('gives concurrent completions on one conversation distinct line numbers (the row lock numbers them)', async () => {
    const conversationId = randomUUID();
    // turns of one conversation are normally serial; an orphan sweep can let a late worker overlap the next turn
    const ids = Array.from({ length: 8 }, () => randomUUID());
    await turns.create({
      id: ids[0],
      conversation: { kind: 'new', id: conversationId },
      owner: OWNER,
      turn: 'q0',
      legacy: false,
      idempotencyKey: null,
    });
    await ds.query(`UPDATE turns SET status = 'failed' WHERE id = $1`, [ids[0]]);
    for (const id of ids.slice(1)) {
      await turns.create({
        id,
        conversation: { kind: 'existing', id: conversationId },
        owner: OWNER,
        turn: 'q',
        legacy: false,
        idempotencyKey: null,
      });
      await ds.query(`UPDATE turns SET status = 'failed' WHERE id = $1`, [id]);
    }
    await Promise.all(
      ids.map((id, i) =>
        convs.completeTurn({
          turnId: id,
          conversationId,
          userText: `q${i}`,
          reply: reply(`a${i}`),
          frame: null,
          clarifyStreak: 0,
        }),
      ),
    );
    const seqs = (await convs.lines(conversationId)).map((l) => l.seq);
    expect(seqs).toEqual(Array.from({ length: 16 }, (_, i) => i + 1));
    // each turn's two lines are adjacent, user first
    const lines = await convs.lines(conversationId);
    for (let i = 0; i < lines.length; i += 2) {
      expect(lines[i].turnId).toBe(lines[i + 1].turnId);
      expect([lines[i].role, lines[i + 1].role]).toEqual(['user', 'assistant']);
    }
  });

  it('finish (the fallback when the full completion failed) ends the turn with its reply and writes no lines', async () => {
    const conversationId = randomUUID();
    const t = randomUUID();
    await turns.create({
      id: t,
      conversation: { kind: 'new', id: conversationId },
      owner: OWNER,
      turn: 'q',
      legacy: false,
      idempotencyKey: null,
    });
    await turns.finish(t, reply('a'));
    const done = (await turns.get(t))!;
    expect([done.status, done.decision, done.reason, done.llmCalls, done.elapsedMs]).toEqual([
      'done',
      'answerable',
      'answered',
      2,
      12,
    ]);
    expect(done.result?.answer).toBe('a');
    expect(done.finishedAt).not.toBeNull();
    expect(
      await count('SELECT count(*) AS n FROM conversation_lines WHERE conversation_id = $1', [conversationId]),
    ).toBe(0);
  });

  it('completes a stateless turn (no conversation) and writes a trace in one insert', async () => {
    const t = randomUUID();
    expect(
      await turns.create({
        id: t,
        conversation: { kind: 'none' },
        owner: OWNER,
        turn: 'q',
        legacy: true,
        idempotencyKey: null,
      }),
    ).toEqual({ kind: 'created', conversationId: null });
    await turns.markRunning(t);
    await convs.completeTurn({
      turnId: t,
      conversationId: null,
      userText: 'q',
      reply: reply('a'),
      frame: null,
      clarifyStreak: 0,
    });
    expect((await turns.get(t))!.status).toBe('done');
    const started = new Date('2026-12-02T10:00:00.123Z');
    await traces.write(t, [
      {
        seq: 1,
        stage: 'memory',
        op: 'recent',
        startedAt: started,
        ms: 3,
        outcome: 'ok',
        detail: { lines: 2, note: 'chữ Việt' },
      },
      { seq: 2, stage: 'reply', op: 'decision', startedAt: started, ms: 0, outcome: 'answer/grounded', detail: {} },
    ]);
    const rows = await traces.forTurn(t);
    expect(rows.map((r) => [r.seq, r.stage, r.op, r.ms, r.outcome])).toEqual([
      [1, 'memory', 'recent', 3, 'ok'],
      [2, 'reply', 'decision', 0, 'answer/grounded'],
    ]);
    expect(rows[0].detail).toEqual({ lines: 2, note: 'chữ Việt' });
    expect(rows[0].startedAt.toISOString()).toBe(started.toISOString());
  });

  it('migration LineCount backfills line_count from existing lines', async () => {
    // a database of its own, migrated to Init only, with lines, then the rest of the migrations
    const name = `${process.env.DUOCTHU_TEST_DATABASE}_mig`;
    const admin = new Client({ connectionString: `${PG_BASE}/postgres` });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${name}"`);
    await admin.query(`CREATE DATABASE "${name}"`);
    const other = createDataSource(`${PG_BASE}/${name}`);
    try {
      await other.initialize();
      const runner = other.createQueryRunner();
      const [Init] = MIGRATIONS;
      expect(new Init().name).toBe('Init1764700000000');
      await new Init().up(runner);
      await runner.query(
        `CREATE TABLE IF NOT EXISTS migrations (id serial PRIMARY KEY, "timestamp" bigint NOT NULL, name varchar NOT NULL)`,
      );
      await runner.query(`INSERT INTO migrations ("timestamp", name) VALUES (1764700000000, 'Init1764700000000')`);
      const c = randomUUID();
      const t = randomUUID();
      await runner.query(`INSERT INTO conversations (id, owner) VALUES ($1, 'ward7')`, [c]);
      await runner.query(
        `INSERT INTO turns (id, conversation_id, owner, status, request) VALUES ($1, $2, 'ward7', 'done', '{}')`,
        [t, c],
      );
      await runner.query(
        `INSERT INTO conversation_lines (conversation_id, turn_id, seq, role, text) VALUES ($1, $2, 1, 'user', 'q'), ($1, $2, 2, 'assistant', 'a')`,
        [c, t],
      );
      await runner.release();
      expect(await migrate(other)).toEqual(MIGRATIONS.slice(1).map((M) => new M().name));
      expect(Number((await other.query(`SELECT line_count FROM conversations WHERE id = $1`, [c]))[0].line_count)).toBe(
        2,
      );
      // the database's deployment identity: one id, given once, the same on every later read
      const id = await deploymentId(other);
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      expect(await migrate(other)).toEqual([]);
      expect(await deploymentId(other)).toBe(id);
    } finally {
      if (other.isInitialized) await other.destroy();
      await admin.query(`DROP DATABASE IF EXISTS "${name}"`);
      await admin.end();
    }
  });
});
