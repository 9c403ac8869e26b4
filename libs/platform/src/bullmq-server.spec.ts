import type { Job } from 'bullmq';
import { BullMqServer } from './bullmq-server';
import { jobFields, REPLICA } from './job-context';
import { metrics } from './metrics';

const opts = { redisUrl: 'redis://127.0.0.1:6379', prefix: 'unused', concurrency: 1, closeTimeoutMs: 100 };
const handler = Object.assign(async () => ({ ok: true }), {});

describe('BullMqServer start-up checks', () => {
  it('refuses to start when an op of its queue has no handler', () => {
    const s = new BullMqServer('retrieval', opts);
    s.addHandler('retrieve_framed', handler as never);
    const problems = s.checkHandlers();
    expect(problems).toEqual(
      expect.arrayContaining([
        'op retrieval.retrieve_by_indication has no handler',
        'op retrieval.retrieve_section has no handler',
        'op retrieval.assess_patient_candidates has no handler',
        'op retrieval.decide has no handler',
      ]),
    );
    let error: unknown;
    s.listen((e) => (error = e));
    expect(String(error)).toMatch(/refusing to start queue retrieval/);
  });

  it('refuses to start when an op has two handlers', () => {
    const s = new BullMqServer('generation', opts);
    s.addHandler('generate', handler as never);
    s.addHandler('generate', handler as never);
    expect(s.checkHandlers()).toEqual(['op generation.generate has two handlers']);
  });

  it('refuses a handler for an op the contract does not name', () => {
    const s = new BullMqServer('generation', opts);
    s.addHandler('generate', handler as never);
    s.addHandler('summarise', handler as never);
    expect(s.checkHandlers()).toEqual(['handler summarise is not an op of queue generation']);
  });

  it('accepts exactly one handler per op', () => {
    const s = new BullMqServer('verification', opts);
    s.addHandler('verify', handler as never);
    s.addHandler('check_sufficiency', handler as never);
    expect(s.checkHandlers()).toEqual([]);
  });
});

describe('BullMqServer job context', () => {
  it("runs each job inside its logging context, so whatever the handler logs carries the job's turn_id, queue, op, job_id and replica", async () => {
    const s = new BullMqServer('verification', opts);
    let seen: unknown;
    s.addHandler('verify', (async () => {
      seen = jobFields();
      return { ok: true, value: {} };
    }) as never);
    s.addHandler('check_sufficiency', handler as never);
    const before = (await metrics.jobs.get()).values.find((v) => v.labels.op === 'verify')?.value ?? 0;
    const job = {
      id: 'job-1',
      name: 'verify',
      data: { turn_id: '6f1c3c39-5a57-4d0e-9a4b-0d0e5d0a0b01', deadline: Date.now() + 10_000, payload: {} },
    } as unknown as Job;
    await s.process(job);
    expect(seen).toEqual({
      turn_id: '6f1c3c39-5a57-4d0e-9a4b-0d0e5d0a0b01',
      queue: 'verification',
      op: 'verify',
      job_id: 'job-1',
      replica: REPLICA,
    });
    expect(jobFields()).toEqual({}); // nothing leaks out of the job
    const after = (await metrics.jobs.get()).values.find((v) => v.labels.op === 'verify');
    expect(after?.value).toBe(before + 1);
  });
});
