import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { RequestBudget } from './budget';
import { AnswerGenerationUnavailable, RequestBudgetExhausted } from '@app/contracts';

describe('RequestBudget (real Redis)', () => {
  const prefix = `unit_budget_${randomUUID().slice(0, 8)}`;
  const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  const budget = new RequestBudget(redis, prefix);

  afterAll(async () => {
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
  });

  it('allows exactly max calls, then refuses the next with RequestBudgetExhausted (an AnswerGenerationUnavailable)', async () => {
    const turn = randomUUID();
    await budget.start(turn, 30_000, 8);
    for (let i = 1; i <= 8; i++) expect(await budget.require(turn)).toBe(i);
    const err = await budget.require(turn).catch((e) => e);
    expect(err).toBeInstanceOf(RequestBudgetExhausted);
    expect(err).toBeInstanceOf(AnswerGenerationUnavailable);
    expect(err.why).toBe('calls');
    expect((await budget.state(turn))!.calls).toBe(8);
  });

  it('refuses any call once the wall-clock deadline has passed', async () => {
    const turn = randomUUID();
    await budget.start(turn, 150, 8);
    expect(await budget.require(turn)).toBe(1);
    await new Promise((r) => setTimeout(r, 200));
    const err = await budget.require(turn).catch((e) => e);
    expect(err).toBeInstanceOf(RequestBudgetExhausted);
    expect(err.why).toBe('deadline');
    expect((await budget.state(turn))!.calls).toBe(1);
  });

  it('gives the last call to exactly one of two workers racing for it', async () => {
    for (let round = 0; round < 20; round++) {
      const turn = randomUUID();
      await budget.start(turn, 30_000, 8);
      for (let i = 0; i < 7; i++) await budget.require(turn);
      const a = new RequestBudget(new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'), prefix);
      const b = new RequestBudget(new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'), prefix);
      const results = await Promise.allSettled([a.require(turn), b.require(turn)]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      expect(results.filter((r) => r.status === 'rejected')).toHaveLength(1);
      expect((await budget.state(turn))!.calls).toBe(8);
      for (const x of [a, b]) (x as unknown as { redis: Redis }).redis.disconnect();
    }
  });

  it('refuses a turn whose budget was never started (fail closed)', async () => {
    const err = await budget.require(randomUUID()).catch((e) => e);
    expect(err).toBeInstanceOf(RequestBudgetExhausted);
    expect(err.why).toBe('unknown_turn');
  });

  it('returns a deadline max-wall-clock ahead and expires its key after the deadline plus grace', async () => {
    const turn = randomUUID();
    const before = Date.now();
    const t = await budget.start(turn, 40_000, 8);
    expect(t.deadline).toBeGreaterThanOrEqual(before + 39_900);
    expect(t.deadline).toBeLessThanOrEqual(Date.now() + 40_100);
    const ttl = await redis.pttl(`${prefix}:budget:${turn}`);
    expect(ttl).toBeGreaterThan(40_000);
    expect(ttl).toBeLessThanOrEqual(160_000);
  });
});
