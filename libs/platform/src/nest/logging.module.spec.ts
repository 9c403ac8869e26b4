import { Logger } from '@nestjs/common';
import { Test, type TestingModule } from '@nestjs/testing';
import type { Job } from 'bullmq';
import { LoggerModule, Logger as PinoLogger } from 'nestjs-pino';
import type { Options } from 'pino-http';
import { BullMqServer } from '../bullmq-server';
import { loadConfig } from '../config';
import { REPLICA } from '../job-context';
import { loggerParams } from './logging.module';

type Line = Record<string, unknown>;

const TURN_ID = '6f1c3c39-5a57-4d0e-9a4b-0d0e5d0a0b02';
const opts = { redisUrl: 'redis://127.0.0.1:6379', prefix: 'unused', concurrency: 1, closeTimeoutMs: 100 };

function job(name: string): Job {
  return {
    id: `job-${name}`,
    name,
    data: { turn_id: TURN_ID, deadline: Date.now() + 10_000, payload: {} },
  } as unknown as Job;
}

describe('the process logger inside a queue job', () => {
  const lines: Line[] = [];
  let moduleRef: TestingModule;

  beforeAll(async () => {
    // the production logger options, writing to an array instead of stdout
    const { pinoHttp } = loggerParams(loadConfig({ LOG_LEVEL: 'info' }));
    const sink = { write: (s: string) => void lines.push(JSON.parse(s) as Line) };
    moduleRef = await Test.createTestingModule({
      imports: [LoggerModule.forRoot({ pinoHttp: [pinoHttp as Options, sink] })],
    }).compile();
    moduleRef.useLogger(moduleRef.get(PinoLogger));
  });

  afterAll(() => moduleRef.close());

  it("gives every line a handler logs the job's turn_id, queue and op as fields, so one grep follows a turn", async () => {
    const s = new BullMqServer('verification', opts);
    s.addHandler('verify', (async () => {
      new Logger('VerificationService').log({ msg: 'sentences checked', sentences: 2 });
      return { ok: true, value: { entailed: true } };
    }) as never);
    await s.process(job('verify'));
    new Logger('Elsewhere').log({ msg: 'outside any job' });

    const inside = lines.find((l) => l.msg === 'sentences checked');
    expect(inside).toMatchObject({
      turn_id: TURN_ID,
      queue: 'verification',
      op: 'verify',
      job_id: 'job-verify',
      replica: REPLICA,
      sentences: 2,
      context: 'VerificationService',
    });
    // the completion line carries them too; a line written outside a job carries none
    expect(lines.find((l) => l.msg === 'job done')).toMatchObject({ turn_id: TURN_ID, queue: 'verification' });
    const outside = lines.find((l) => l.msg === 'outside any job');
    expect(outside).toBeDefined();
    expect(outside).not.toHaveProperty('turn_id');
    expect(outside).not.toHaveProperty('queue');
  });

  it('logs what a handler throws past its exception filter, with its stack and the job fields, and fails the hop as internal', async () => {
    const s = new BullMqServer('generation', opts);
    s.addHandler('generate', (async () => {
      throw new Error('the provider client is not configured');
    }) as never);
    const outcome = await s.process(job('generate'));
    expect(outcome).toEqual({ ok: false, code: 'internal', message: 'the provider client is not configured' });
    const thrown = lines.find((l) => l.msg === 'hop handler threw');
    expect(thrown).toMatchObject({
      turn_id: TURN_ID,
      queue: 'generation',
      op: 'generate',
      error: 'the provider client is not configured',
      stack: expect.stringContaining('Error: the provider client is not configured'),
    });
  });
});
