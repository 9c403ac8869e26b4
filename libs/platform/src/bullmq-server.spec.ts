import { BullMqServer } from './bullmq-server';

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
