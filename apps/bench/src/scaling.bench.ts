import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { emptyFrame, type EvidencePart } from '@app/contracts';
import { BullHopClient, RequestBudget } from '@app/platform';
import { Redis } from 'ioredis';
import { spawnNode, type Child } from './apps';
import {
  baseEnv,
  freePort,
  httpRequest,
  log,
  median,
  now,
  REDIS_URL,
  round,
  sleep,
  waitFor,
  type RunIds,
} from './common';
import { FakeBedrock, toolReply } from './fake-bedrock';

const PROVIDER_LATENCY_MS = 200;
const WORKER_CONCURRENCY = 4;
const DRIVER_CONCURRENCY = 16;
const WARMUP_MS = 1_000;
const WINDOW_MS = 5_000;
const REPS = 3;
const MAX_CALLS_PER_WINDOW = 2_000;

export interface ScalingResult {
  provider_latency_ms: number;
  worker_concurrency: number;
  driver_concurrency: number;
  window_ms: number;
  reps: number;
  one_process_jobs_per_s: number;
  two_processes_jobs_per_s: number;
  ratio: number;
  ideal_jobs_per_s: { one: number; two: number };
  per_rep: { one: number; two: number; ratio: number }[];
  failures: number;
}

const PART: EvidencePart = {
  doc_id: 'paracetamol__chi_dinh__1',
  drug_id: 'paracetamol',
  drug_name: 'Paracetamol',
  section: 'chi_dinh',
  n: 1,
  text: 'Giảm đau nhẹ và vừa; hạ sốt.',
  population: [],
  route: null,
  interacts_with: [],
  quarantined_page: null,
};

/**
 * Worker scaling: real generation-worker processes (the built bundle) against a fake
 * Bedrock answering in 200 ms; `generation.generate` hops at a fixed concurrency for a
 * fixed time; throughput with one process and with two.
 */
export async function scalingBench(ids: RunIds): Promise<ScalingResult> {
  const prefix = `${ids.prefix}_sc`;
  const fake = new FakeBedrock();
  const endpoint = await fake.start();
  fake.handler = (req) => ({
    ...toolReply(req, {
      answer_sentences: [{ text: PART.text, doc_ids: [PART.doc_id] }],
      evidence_sufficient: true,
      clarifying_question: null,
      quick_replies: [],
    }),
    delayMs: PROVIDER_LATENCY_MS,
  });
  const workerEnv = {
    ...baseEnv(ids, prefix),
    ANSWER_PROVIDER: 'bedrock-converse',
    BEDROCK_ENDPOINT: endpoint,
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'AKIDBENCH',
    AWS_SECRET_ACCESS_KEY: 'bench-secret',
    WORKER_CONCURRENCY: String(WORKER_CONCURRENCY),
    RUN_MIGRATIONS: 'false',
    LOG_LEVEL: 'warn',
    SHUTDOWN_TIMEOUT_MS: '5000',
  };
  const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
  const budget = new RequestBudget(redis, prefix);
  const hops = new BullHopClient(REDIS_URL, prefix);
  const workers: Child[] = [];
  let failures = 0;

  const startWorker = async (): Promise<void> => {
    const port = await freePort();
    const child = spawnNode('generation-worker', [join(process.cwd(), 'dist/apps/generation-worker/main.js')], {
      ...workerEnv,
      METRICS_PORT: String(port),
    });
    workers.push(child);
    await waitFor(
      `generation-worker on :${port}`,
      async () => {
        if (child.proc.exitCode !== null)
          throw new Error(`generation-worker exited ${child.proc.exitCode}: ${child.stderr()}`);
        return (await httpRequest({ port, method: 'GET', path: '/health', timeoutMs: 1_000 })).status === 200;
      },
      60_000,
      200,
    ).catch((e) => {
      throw new Error(`${(e as Error).message}\n${child.stderr()}`, { cause: e });
    });
  };
  const stopWorker = async (): Promise<void> => {
    const child = workers.pop();
    if (child) await child.stop();
  };

  /** Closed loop of `DRIVER_CONCURRENCY` callers; completions per second in the window. */
  const drive = async (): Promise<number> => {
    const t0 = now();
    const windowStart = t0 + WARMUP_MS;
    const windowEnd = windowStart + WINDOW_MS;
    let done = 0;
    let calls = 0;
    let lastEnd = windowEnd;
    await Promise.all(
      Array.from({ length: DRIVER_CONCURRENCY }, async () => {
        while (now() < windowEnd && calls++ < MAX_CALLS_PER_WINDOW) {
          const turnId = randomUUID();
          const ticket = await budget.start(turnId, 30_000, 8);
          const started = now();
          const o = await hops.call(
            'generation',
            'generate',
            {
              query: 'Chỉ định của paracetamol?',
              frame: emptyFrame(),
              evidence: [PART],
              list_mode: false,
              candidates: [],
              omissions: [],
              retry: false,
              previous: [],
            },
            { turnId, deadline: ticket.deadline },
          );
          if (!o.ok) failures++;
          else if (started >= windowStart) {
            done++;
            lastEnd = Math.max(lastEnd, now());
          }
        }
      }),
    );
    fake.requests.splice(0);
    return done / ((lastEnd - windowStart) / 1000);
  };

  try {
    log('scaling: starting generation-worker processes');
    await hops.warm(['generation']);
    const perRep: { one: number; two: number; ratio: number }[] = [];
    for (let r = 0; r < REPS; r++) {
      let one: number;
      let two: number;
      if (r % 2 === 0) {
        await startWorker();
        one = await drive();
        await startWorker();
        two = await drive();
      } else {
        await startWorker();
        await startWorker();
        two = await drive();
        await stopWorker();
        one = await drive();
      }
      while (workers.length) await stopWorker();
      perRep.push({ one: round(one, 1), two: round(two, 1), ratio: round(two / one, 3) });
      log(
        `scaling rep ${r + 1}/${REPS}: 1 process ${round(one, 1)} jobs/s, 2 processes ${round(two, 1)} jobs/s (×${round(two / one, 2)})`,
      );
      await sleep(200);
    }
    const ideal = (1000 / PROVIDER_LATENCY_MS) * WORKER_CONCURRENCY;
    return {
      provider_latency_ms: PROVIDER_LATENCY_MS,
      worker_concurrency: WORKER_CONCURRENCY,
      driver_concurrency: DRIVER_CONCURRENCY,
      window_ms: WINDOW_MS,
      reps: REPS,
      one_process_jobs_per_s: round(median(perRep.map((p) => p.one)), 1),
      two_processes_jobs_per_s: round(median(perRep.map((p) => p.two)), 1),
      ratio: round(median(perRep.map((p) => p.ratio)), 3),
      ideal_jobs_per_s: { one: ideal, two: 2 * ideal },
      per_rep: perRep,
      failures,
    };
  } finally {
    while (workers.length) await stopWorker().catch(() => undefined);
    await hops.close();
    redis.disconnect();
    await fake.stop();
  }
}
