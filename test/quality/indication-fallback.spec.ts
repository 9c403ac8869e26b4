import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { CorpusIndex, namesCondition } from '@app/formulary';
import { HashEmbedder, type Embedder } from '@app/llm';
import type { CorpusService } from '@app/persistence';
import { RequestBudgetExhausted } from '@app/contracts';
import { RequestBudget } from '@app/platform';
import { sampleCorpus } from '../../libs/formulary/src/test-corpus';
import { RetrievalService } from '@app/retrieval-worker';

/** A remote embedder as Bedrock's would be (counted against the budget), computing hash vectors locally. */
class RemoteEmbedder implements Embedder {
  readonly remote = true;
  readonly id = 'remote-test';
  readonly dim: number;
  calls = 0;
  constructor(private readonly inner = new HashEmbedder()) {
    this.dim = inner.dim;
  }
  async embed(texts: string[]): Promise<Float32Array[]> {
    this.calls++;
    return this.inner.embed(texts);
  }
}

describe('RetrievalService: the condition → drug dense fallback (real Redis budget)', () => {
  const prefix = `unit_retrieval_${randomUUID().slice(0, 8)}`;
  const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  const budget = new RequestBudget(redis, prefix);
  let index: CorpusIndex;
  beforeAll(async () => {
    const corpus = sampleCorpus();
    const hash = new HashEmbedder();
    const rows = await hash.embed(corpus.parts.map((p) => p.text));
    const vectors = new Float32Array(rows.length * hash.dim);
    rows.forEach((r, i) => vectors.set(r, i * hash.dim));
    index = new CorpusIndex(corpus, vectors, hash.dim);
  });
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
  });
  const service = (embedder: Embedder) => new RetrievalService({ index } as unknown as CorpusService, budget, embedder);

  it('asks the budget before a remote embedding call, and makes none once the budget is spent', async () => {
    const embedder = new RemoteEmbedder();
    const turn = randomUUID();
    await budget.start(turn, 30_000, 1);
    // no indication names this, so the dense fallback runs: the call is counted
    await service(embedder).retrieveByIndication(
      { condition: 'chứng khó tiêu chức năng kéo dài', classes: [], context: '' },
      turn,
    );
    expect(embedder.calls).toBe(1);
    expect((await budget.state(turn))!.calls).toBe(1);
    const err = await service(embedder)
      .retrieveByIndication({ condition: 'một bệnh lạ không có trong sách', classes: [], context: '' }, turn)
      .catch((e) => e);
    expect(err).toBeInstanceOf(RequestBudgetExhausted);
    expect(embedder.calls).toBe(1);
  });

  it('lists a dense match only when the indication names the condition; close but not named is weak, and lists nothing', async () => {
    const turn = randomUUID();
    await budget.start(turn, 30_000, 8);
    for (const condition of [
      'đau lưng do thoái hóa cột sống',
      'viêm họng do virus ở người lớn',
      'tăng huyết áp thai kỳ nặng',
    ]) {
      const r = await service(new RemoteEmbedder()).retrieveByIndication({ condition, classes: [], context: '' }, turn);
      for (const p of r.parts) expect(namesCondition(p.text, condition)).toBe(true);
      if (r.weak) expect(r.parts).toEqual([]);
    }
    // "viêm họng do virus": the dense search comes close (sore-throat antibiotics) but none names a virus
    const sore = await service(new RemoteEmbedder()).retrieveByIndication(
      { condition: 'viêm họng do virus ở người lớn', classes: [], context: '' },
      turn,
    );
    expect(sore.drug_ids).toEqual([]);
  });

  it('a local embedder (the offline default) is not a provider call', async () => {
    const turn = randomUUID();
    await budget.start(turn, 30_000, 1);
    await service(new HashEmbedder()).retrieveByIndication(
      { condition: 'chứng khó tiêu chức năng kéo dài', classes: [], context: '' },
      turn,
    );
    expect((await budget.state(turn))!.calls).toBe(0);
  });
});
