import { setTimeout as sleep } from 'node:timers/promises';
import { ProviderUnavailable, StoreSchemaMissing } from '@app/contracts';
import { metrics } from '@app/platform';
import { newTestAgent } from './testing/test-agent';

const storeDown = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
const tableMissing = () => Object.assign(new Error('relation "conversation_lines" does not exist'), { code: '42P01' });

describe('RagAgent: one turn, with its fail-open and fail-closed steps', () => {
  it('an understanding outage closes the turn as understanding_unavailable: nothing retrieved, the turn still stored', async () => {
    const t = newTestAgent();
    t.workers.understanding.understand = async () => {
      throw new ProviderUnavailable('server_error', 'HTTP 503');
    };
    const job = t.job();
    const reply = await t.agent.handle(job);
    expect(reply).toMatchObject({ decision: 'abstain', reason: 'understanding_unavailable', citations: [] });
    expect(t.hopsOf(job.turn_id)).toEqual(['understanding.understand provider_unavailable']);
    expect(t.conversations.completed).toMatchObject([
      { turnId: job.turn_id, reply: { reason: 'understanding_unavailable' } },
    ]);
  });

  it('a call cap of 2 never makes a third call: the turn ends as budget_exhausted after understanding and generation', async () => {
    const t = newTestAgent({ MAX_LLM_CALLS_PER_TURN: 2 });
    const job = t.job();
    const reply = await t.agent.handle(job);
    expect(reply).toMatchObject({ decision: 'abstain', reason: 'budget_exhausted', citations: [] });
    expect(reply.usage.llm_calls).toBe(2);
    expect(t.hopsOf(job.turn_id)).toEqual([
      'understanding.understand ok',
      'retrieval.retrieve_framed ok',
      'generation.generate ok',
      'verification.verify budget_exhausted',
    ]);
  });

  it('a turn past its wall clock ends as budget_exhausted: the hop after the deadline is never sent', async () => {
    const t = newTestAgent({ MAX_WALL_CLOCK_MS: 100 });
    const generate = t.workers.generation.generate;
    t.workers.generation.generate = async (p, ticket) => {
      const out = await generate(p, ticket);
      await sleep(150); // a slow model: the turn's deadline passes while it writes
      return out;
    };
    const job = t.job();
    const reply = await t.agent.handle(job);
    expect(reply).toMatchObject({ decision: 'abstain', reason: 'budget_exhausted', citations: [] });
    expect(t.hopsOf(job.turn_id).slice(-1)).toEqual(['verification.verify deadline_passed']);
  });

  it('a store outage while reading memory answers without memory (fail-open), counted and traced', async () => {
    const t = newTestAgent();
    t.conversations.beginTurn = async () => {
      throw storeDown();
    };
    const histories: unknown[] = [];
    const understand = t.workers.understanding.understand;
    t.workers.understanding.understand = (p, ticket) => {
      histories.push({ history: p.history, prior_frame: p.prior_frame });
      return understand(p, ticket);
    };
    const before = (await metrics.memoryFailOpen.get()).values[0]?.value ?? 0;
    const job = t.job();
    const reply = await t.agent.handle(job);
    expect(reply).toMatchObject({ decision: 'answerable', reason: 'answered' });
    expect(histories).toEqual([{ history: [], prior_frame: null }]);
    expect(t.traceOf(job.turn_id, 'memory').map((e) => e.outcome)).toEqual(['memory_unavailable']);
    expect((await metrics.memoryFailOpen.get()).values[0]?.value).toBe(before + 1);
  });

  it('reads the conversation’s memory into understanding when the store is up', async () => {
    const t = newTestAgent();
    const lines = [
      { role: 'user' as const, text: 'Chỉ định của ibuprofen?' },
      { role: 'assistant' as const, text: 'Ibuprofen được chỉ định …' },
    ];
    t.conversations.memory = { lines, lastFrame: null, clarifyStreak: 0 };
    const histories: unknown[] = [];
    const understand = t.workers.understanding.understand;
    t.workers.understanding.understand = (p, ticket) => {
      histories.push(p.history);
      return understand(p, ticket);
    };
    const job = t.job();
    await t.agent.handle(job);
    expect(histories).toEqual([lines]);
    expect(t.traceOf(job.turn_id, 'memory').map((e) => e.outcome)).toEqual(['ok']);
  });

  it('a missing memory table is no outage: the turn fails with StoreSchemaMissing, and its trace says why', async () => {
    const t = newTestAgent();
    t.conversations.beginTurn = async () => {
      throw tableMissing();
    };
    const job = t.job();
    await expect(t.agent.handle(job)).rejects.toBeInstanceOf(StoreSchemaMissing);
    expect(t.traceOf(job.turn_id, 'memory').map((e) => e.outcome)).toEqual(['schema_missing']);
    expect(t.hopsOf(job.turn_id)).toEqual([]);
  });

  it('a failed write of the turn still returns the reply, ends the turn with it, and traces the loss', async () => {
    const t = newTestAgent();
    t.conversations.completeTurn = async () => {
      throw storeDown();
    };
    const job = t.job();
    const reply = await t.agent.handle(job);
    expect(reply).toMatchObject({ decision: 'answerable', turn_id: job.turn_id });
    expect(t.turns.finished).toEqual([job.turn_id]);
    expect(t.traceOf(job.turn_id, 'persist').map((e) => e.outcome)).toEqual(['write_failed']);
  });

  it('a trace write outage never fails the turn', async () => {
    const t = newTestAgent();
    t.traces.write = async () => {
      throw storeDown();
    };
    expect(await t.agent.handle(t.job())).toMatchObject({ decision: 'answerable' });
  });
});
