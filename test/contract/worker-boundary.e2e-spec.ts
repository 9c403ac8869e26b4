import { randomUUID } from 'node:crypto';
import { Controller, Module, type INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { RequestBudgetExhausted, type HopPayload, type HopResult } from '@app/contracts';
import { BullMqServer, HopHandler, readFailedReason } from '@app/platform';
import { REDIS_URL } from '../support/test-env';
import { rawQueue, type RawQueue } from './worker-harness';

/** What the stand-in worker's check_sufficiency does: set per test. */
const behaviour = jest.fn<unknown, [HopPayload<'verification', 'check_sufficiency'>]>();

/** A worker whose handler can misbehave on purpose, served by the real queue server. */
@Controller()
class StandInVerification {
  @HopHandler('verification', 'check_sufficiency')
  sufficiency(p: HopPayload<'verification', 'check_sufficiency'>) {
    return behaviour(p) as HopResult<'verification', 'check_sufficiency'>;
  }

  @HopHandler('verification', 'verify')
  verify(): never {
    throw new Error('not used here');
  }
}

@Module({ controllers: [StandInVerification] })
class StandInModule {}

const GOOD = { query: 'Chỉ định của ibuprofen?', evidence: [] };

/**
 * The worker side of a hop on its own: raw jobs on a real queue, none of them checked by a hop
 * client first, so every refusal here comes from the worker's own pipe, result check and
 * deadline check. Each ends as a typed failure, and the worker goes on serving.
 */
describe('worker boundary: raw jobs on a real queue', () => {
  let app: INestMicroservice;
  let raw: RawQueue;

  beforeAll(async () => {
    const prefix = `${process.env.QUEUE_PREFIX}_boundary`;
    const server = new BullMqServer('verification', {
      redisUrl: REDIS_URL,
      prefix,
      concurrency: 1,
      closeTimeoutMs: 1_000,
    });
    app = await NestFactory.createMicroservice(StandInModule, { strategy: server, logger: false });
    await app.listen();
    raw = await rawQueue(REDIS_URL, prefix, 'verification');
  });
  afterAll(async () => {
    await raw?.close();
    await app?.close();
  });
  beforeEach(() => behaviour.mockReset().mockReturnValue({ sufficient: true }));

  const job = (payload: unknown, deadline = Date.now() + 30_000) => ({ turn_id: randomUUID(), deadline, payload });

  /** The worker survived whatever came before: a good job still gets its answer. */
  async function stillServes(): Promise<void> {
    expect(await raw.run('check_sufficiency', job(GOOD))).toEqual({
      state: 'completed',
      value: { ok: true, value: { sufficient: true } },
    });
    expect(BullMqServer.serving()).toEqual([{ queue: 'verification', running: true }]);
  }

  it('answers invalid_payload for a payload outside the contract, without running the handler', async () => {
    expect(await raw.run('check_sufficiency', job({ query: 5, evidence: [] }))).toEqual({
      state: 'completed',
      value: {
        ok: false,
        code: 'invalid_payload',
        message: expect.stringMatching(/^verification\.check_sufficiency: query: /),
      },
    });
    expect(behaviour).not.toHaveBeenCalled();
    await stillServes();
  });

  it('answers invalid_payload for job data that is not {turn_id, deadline, payload}', async () => {
    expect(await raw.run('check_sufficiency', { payload: GOOD })).toEqual({
      state: 'completed',
      value: { ok: false, code: 'invalid_payload', message: 'job data is not {turn_id, deadline, payload}' },
    });
    expect(behaviour).not.toHaveBeenCalled();
    await stillServes();
  });

  it('drops a job whose deadline has passed as deadline_passed, without running the handler', async () => {
    const o = await raw.run('check_sufficiency', job(GOOD, Date.now() - 1));
    expect(o).toEqual({ state: 'failed', reason: 'deadline_passed: verification.check_sufficiency' });
    // what a hop client makes of that failure
    expect(readFailedReason(o.state === 'failed' ? o.reason : undefined)).toMatchObject({
      ok: false,
      code: 'deadline_passed',
    });
    expect(behaviour).not.toHaveBeenCalled();
    await stillServes();
  });

  it('answers internal, never success, for a result outside the contract', async () => {
    behaviour.mockReturnValueOnce({ sufficient: 'yes' });
    expect(await raw.run('check_sufficiency', job(GOOD))).toEqual({
      state: 'completed',
      value: {
        ok: false,
        code: 'internal',
        message: 'verification.check_sufficiency produced a result outside its contract',
      },
    });
    expect(behaviour).toHaveBeenCalledTimes(1);
    await stillServes();
  });

  it('answers internal for an op the queue does not have', async () => {
    expect(await raw.run('summarise', job(GOOD))).toEqual({
      state: 'completed',
      value: { ok: false, code: 'internal', message: 'no handler for verification.summarise' },
    });
    await stillServes();
  });

  it("turns a handler's throw into its typed failure code: internal for a bug, budget_exhausted for a spent budget", async () => {
    behaviour.mockImplementationOnce(() => {
      throw new Error('index corrupted');
    });
    expect(await raw.run('check_sufficiency', job(GOOD))).toEqual({
      state: 'completed',
      value: { ok: false, code: 'internal', message: 'index corrupted' },
    });
    behaviour.mockImplementationOnce(async () => {
      throw new RequestBudgetExhausted('calls');
    });
    expect(await raw.run('check_sufficiency', job(GOOD))).toEqual({
      state: 'completed',
      value: { ok: false, code: 'budget_exhausted', message: 'request budget exhausted: calls' },
    });
    await stillServes();
  });
});
