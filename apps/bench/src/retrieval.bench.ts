import { resolve } from 'node:path';
import type { HopPayload, QueryFrame } from '@app/contracts';
import { framedRetrievalPayload, synthesizeQuery } from '@app/agent';
import {
  buildCorpus,
  CorpusIndex,
  readCorpusDir,
  synthesizeCorpus,
  type Corpus,
  type DrugMonograph,
} from '@app/formulary';
import { HashEmbedder, StubUnderstander } from '@app/llm';
import type { CorpusService } from '@app/persistence';
import type { RequestBudget } from '@app/platform';
import { RetrievalService } from '@app/retrieval-worker';
import { dist, fullGc, log, medianDist, now, round, type Dist } from './common';

const REPS = 3;
/** Per op, corpus and repetition: at most this many calls or this much time. */
const MAX_ITERS = 1_500;
const MAX_MS = 700;
const MIN_ITERS = 3;

export const CORPORA = [
  { name: 'sample', parts: 0 },
  { name: 'synthetic-10k', parts: 10_000 },
  { name: 'synthetic-50k', parts: 50_000 },
] as const;

export const OPS = [
  'retrieve_framed',
  'retrieve_by_indication',
  'indication_keyword',
  'resolver_resolve',
  'resolver_find_mentions',
] as const;
export type Op = (typeof OPS)[number];

export interface CorpusResult {
  corpus: string;
  drugs: number;
  parts: number;
  /** Embedding every part with the hash embedder (ingest time, not per worker). */
  embed_ms: number;
  /** new CorpusIndex(corpus, vectors): what a worker does when it loads a corpus version. */
  index_build_ms: number;
  /** heapUsed deltas after a full GC: the corpus as loaded (drugs, parts, text), then the index on top of it. */
  heap_corpus_mb: number;
  heap_index_mb: number;
  /** The dense matrix (a Float32Array, outside the JS heap). */
  vectors_mb: number;
  ops: Record<Op, Dist & { inputs: number }>;
}

export interface RetrievalResult {
  reps: number;
  corpora: CorpusResult[];
}

const mb = (bytes: number) => round(bytes / 1024 / 1024, 1);

const SAMPLE_DRUGS = [
  'paracetamol',
  'ibuprofen',
  'warfarin',
  'amoxicillin',
  'omeprazol',
  'metformin',
  'amlodipin',
  'aspirin',
];
const TEMPLATES = [
  (n: string) => `Liều ${n} cho người lớn?`,
  (n: string) => `Liều ${n} cho trẻ 5 tuổi nặng 18 kg đường uống?`,
  (n: string) => `Chống chỉ định của ${n}?`,
  (n: string) => `Tác dụng không mong muốn của ${n}?`,
  (n: string) => `${n} dùng cho phụ nữ có thai được không?`,
  (n: string) => `Thận trọng khi dùng ${n}?`,
];
const CONDITIONS = [
  'tăng huyết áp',
  'cao huyết áp',
  'đái tháo đường',
  'tiểu đường',
  'sốt',
  'đau đầu',
  'nhiễm khuẩn',
  'hen phế quản',
  'động kinh',
  'viêm loét dạ dày',
  'bệnh gút',
  'rối loạn lipid máu',
];

/** One typo: two adjacent letters swapped in the middle of the name. */
function typo(name: string): string {
  const i = Math.floor(name.length / 2);
  return name.length < 5 ? name : name.slice(0, i - 1) + name[i] + name[i - 1] + name.slice(i + 1);
}

const unaccent = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/g, 'd')
    .toLowerCase();

/**
 * Runs `fn` over the inputs, cycling: at most MAX_ITERS calls and MAX_MS, but at least
 * MIN_ITERS (a slow op on a large corpus then has few samples: its p99 is near its max).
 */
function measure<T>(inputs: T[], fn: (x: T) => unknown, offset = 0): number[] {
  const out: number[] = [];
  const start = now();
  for (let i = 0; i < MAX_ITERS; i++) {
    if (i >= MIN_ITERS && now() - start > MAX_MS) break;
    const x = inputs[(offset + i) % inputs.length];
    const t0 = now();
    fn(x);
    out.push(now() - t0);
  }
  return out;
}

async function measureAsync<T>(inputs: T[], fn: (x: T) => Promise<unknown>, offset = 0): Promise<number[]> {
  const out: number[] = [];
  const start = now();
  for (let i = 0; i < MAX_ITERS; i++) {
    if (i >= MIN_ITERS && now() - start > MAX_MS) break;
    const x = inputs[(offset + i) % inputs.length];
    const t0 = now();
    await fn(x);
    out.push(now() - t0);
  }
  return out;
}

function monographsFor(base: DrugMonograph[], parts: number): DrugMonograph[] {
  // a fresh read, so the sample's text is counted in its corpus heap like the synthetic corpora's
  if (!parts) return readCorpusDir(resolve('data/formulary'));
  const perDrug = base.reduce((a, d) => a + Object.values(d.sections).flat().length, 0) / base.length;
  return synthesizeCorpus(base, Math.ceil(parts / perDrug), 7);
}

export async function benchCorpus(name: string, makeMonographs: () => DrugMonograph[]): Promise<CorpusResult> {
  fullGc();
  const heap0 = process.memoryUsage().heapUsed;
  // what a worker holds after loading a version: the corpus (drugs, parts, their text)
  const corpus: Corpus = buildCorpus(makeMonographs());
  fullGc();
  const heap1 = process.memoryUsage().heapUsed;

  const embedder = new HashEmbedder();
  let t = now();
  const vectors = new Float32Array(corpus.parts.length * embedder.dim);
  corpus.parts.forEach((p, i) => vectors.set(embedder.embedOne(`${p.drug_name}. ${p.text}`), i * embedder.dim));
  const embedMs = now() - t;

  fullGc();
  const heap2 = process.memoryUsage().heapUsed;
  t = now();
  const index = new CorpusIndex(corpus, vectors, embedder.dim);
  const indexMs = now() - t;
  fullGc();
  const heap3 = process.memoryUsage().heapUsed;

  // the retrieval worker's own handlers over this index
  // the hash embedder is local (no provider call), so the budget is never asked
  const noBudget = { require: async () => undefined } as unknown as RequestBudget;
  const service = new RetrievalService({ index } as unknown as CorpusService, noBudget, embedder);
  const parser = new StubUnderstander(index.resolver, index.indicationHeads(), index);
  const drugs =
    name === 'sample'
      ? SAMPLE_DRUGS.map((id) => index.drug(id)).filter((d) => d !== undefined)
      : Array.from({ length: 8 }, (_, i) => corpus.drugs[Math.floor((i * corpus.drugs.length) / 8)]);
  const framed: HopPayload<'retrieval', 'retrieve_framed'>[] = [];
  const sentences: string[] = [];
  for (const d of drugs)
    for (const tpl of TEMPLATES) {
      const q = tpl(d.name);
      sentences.push(q);
      const frame: QueryFrame = parser.parse(q);
      if (frame.drugs.length) framed.push(framedRetrievalPayload(frame, synthesizeQuery(q, frame), [], q));
    }
  const mentions = drugs.flatMap((d) => [d.name, unaccent(d.name), typo(d.name.toLowerCase())]);
  if (framed.length < drugs.length) log(`retrieval ${name}: only ${framed.length} framed queries parsed`);

  const inputs: Record<Op, number> = {
    retrieve_framed: framed.length,
    retrieve_by_indication: CONDITIONS.length,
    indication_keyword: CONDITIONS.length,
    resolver_resolve: mentions.length,
    resolver_find_mentions: sentences.length,
  };
  const perOp = new Map<Op, Dist[]>();
  // warm-up: a few calls of each op
  measure(framed.slice(0, 3), (p) => service.retrieveFramed(p));
  await measureAsync(CONDITIONS.slice(0, 3), (condition) =>
    service.retrieveByIndication({ condition, classes: [], context: '' }, 'bench'),
  );
  measure(mentions, (m) => index.resolver.resolve(m));
  measure(sentences.slice(0, 6), (s) => index.resolver.findMentions(s));
  for (let r = 1; r <= REPS; r++) {
    // each repetition starts elsewhere in the inputs, so slow ops with few samples still vary them
    const at = (xs: unknown[]) => Math.floor(((r - 1) * xs.length) / REPS) + 3;
    const runs: Record<Op, number[]> = {
      retrieve_framed: measure(framed, (p) => service.retrieveFramed(p), at(framed)),
      retrieve_by_indication: await measureAsync(
        CONDITIONS,
        (condition) => service.retrieveByIndication({ condition, classes: [], context: '' }, 'bench'),
        at(CONDITIONS),
      ),
      indication_keyword: measure(CONDITIONS, (c) => index.indicationKeyword(c), at(CONDITIONS)),
      resolver_resolve: measure(mentions, (m) => index.resolver.resolve(m), at(mentions)),
      resolver_find_mentions: measure(sentences, (s) => index.resolver.findMentions(s), at(sentences)),
    };
    for (const op of OPS) perOp.set(op, [...(perOp.get(op) ?? []), dist(runs[op])]);
  }
  const ops = Object.fromEntries(
    OPS.map((op) => {
      const d = medianDist(perOp.get(op)!);
      return [
        op,
        {
          n: d.n,
          p50: round(d.p50, 3),
          p95: round(d.p95, 3),
          p99: round(d.p99, 3),
          mean: round(d.mean, 3),
          max: round(d.max, 3),
          inputs: inputs[op],
        },
      ];
    }),
  ) as CorpusResult['ops'];
  return {
    corpus: name,
    drugs: corpus.drugs.length,
    parts: corpus.parts.length,
    embed_ms: round(embedMs, 0),
    index_build_ms: round(indexMs, 0),
    heap_corpus_mb: mb(heap1 - heap0),
    heap_index_mb: mb(heap3 - heap2),
    vectors_mb: mb(vectors.byteLength),
    ops,
  };
}

/**
 * Retrieval latency on the sample corpus and synthetic corpora of ~10k and ~50k parts:
 * the retrieval worker's handlers (retrieve_framed = retrieveForFrame + decide;
 * retrieve_by_indication, and its keyword stage alone) and the drug resolver; index
 * build time and heap per corpus.
 */
export async function retrievalBench(): Promise<RetrievalResult> {
  const base = readCorpusDir(resolve('data/formulary'));
  const corpora: CorpusResult[] = [];
  for (const c of CORPORA) {
    const r = await benchCorpus(c.name, () => monographsFor(base, c.parts));
    corpora.push(r);
    log(
      `retrieval ${c.name} (${r.parts} parts): build ${r.index_build_ms} ms, heap +${r.heap_corpus_mb}+${r.heap_index_mb} MB; p50 framed ${r.ops.retrieve_framed.p50} ms, by_indication ${r.ops.retrieve_by_indication.p50} ms, resolve ${r.ops.resolver_resolve.p50} ms`,
    );
    fullGc();
  }
  return { reps: REPS, corpora };
}
