import { Agent } from 'node:http';
import { spawnServer } from './apps';
import { Redis } from 'ioredis';
import {
  API_KEY,
  baseEnv,
  cpuMeter,
  dist,
  httpRequest,
  log,
  median,
  now,
  redisCpuSeconds,
  REDIS_URL,
  round,
  sleep,
  type RunIds,
} from './common';
import { MIX } from './conversations';

export const LEVELS = [1, 8, 32, 128];
const REPS = 3;
const WARMUP_MS = 1_000;
const WINDOW_MS = 4_000;
/** Per level and repetition, whatever happens: the window, then in-flight requests drain. */
const MAX_REQUESTS = 5_000;
const REQUEST_TIMEOUT_MS = 30_000;
/** The SLO the throughput target is read at. */
export const P99_SLO_MS = 250;

export interface LevelResult {
  concurrency: number;
  turns_per_s: number;
  p50_ms: number;
  p99_ms: number;
  ok: number;
  errors: number;
  error_statuses: Record<string, number>;
  per_rep_turns_per_s: number[];
  /** During the window: the server process' CPU (cores) and the whole machine's busy share (both cores). */
  server_cores: number;
  machine_busy: number;
  /** Redis' CPU (INFO cpu) per turn during the level, ms: what the queues cost the Redis server. */
  redis_ms_per_turn?: number;
}

export interface ThroughputResult {
  reps: number;
  window_ms: number;
  levels: LevelResult[];
  /** The best throughput among the levels whose p99 is within the SLO. */
  best_within_slo: { concurrency: number; turns_per_s: number; p99_ms: number } | null;
  server_env: Record<string, string>;
}

interface Sample {
  started: number;
  ms: number;
  status: number;
}

/** One closed-loop user: walks the conversation mix (offset by its index) until told to stop. */
async function user(
  port: number,
  agent: Agent,
  index: number,
  stopAt: () => number,
  samples: Sample[],
  budget: { left: number },
): Promise<void> {
  let c = index % MIX.length;
  while (now() < stopAt() && budget.left > 0) {
    let conversationId: string | undefined;
    for (const turn of MIX[c].turns) {
      if (now() >= stopAt() || budget.left-- <= 0) return;
      const body = JSON.stringify(conversationId ? { turn, conversation_id: conversationId } : { turn });
      const started = now();
      let status: number;
      try {
        const r = await httpRequest({
          port,
          agent,
          method: 'POST',
          path: '/v1/rag/query',
          headers: { authorization: `Bearer ${API_KEY}` },
          body,
          timeoutMs: REQUEST_TIMEOUT_MS,
        });
        status = r.status;
        if (r.status === 200) conversationId ??= (JSON.parse(r.body) as { conversation_id: string }).conversation_id;
      } catch {
        status = -1;
      }
      samples.push({ started, ms: now() - started, status });
      if (status !== 200) break; // the conversation cannot go on; start the next
    }
    c = (c + 1) % MIX.length;
  }
}

/** One level: warm-up, then a measured window; requests that started in the window count. */
async function runLevel(
  port: number,
  pid: number,
  concurrency: number,
): Promise<{ turnsPerS: number; ok: number[]; errors: Sample[]; cpu: { server_cores: number; machine_busy: number } }> {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  const samples: Sample[] = [];
  const t0 = now();
  const windowStart = t0 + WARMUP_MS;
  const windowEnd = windowStart + WINDOW_MS;
  const budget = { left: MAX_REQUESTS };
  let stopMeter: (() => { server_cores: number; machine_busy: number }) | null = null;
  let cpu = { server_cores: NaN, machine_busy: NaN };
  const startTimer = setTimeout(() => (stopMeter = cpuMeter(pid)), WARMUP_MS);
  const stopTimer = setTimeout(() => (cpu = stopMeter?.() ?? cpu), WARMUP_MS + WINDOW_MS);
  try {
    await Promise.all(
      Array.from({ length: concurrency }, (_, i) => user(port, agent, i, () => windowEnd, samples, budget)),
    );
  } finally {
    clearTimeout(startTimer);
    clearTimeout(stopTimer);
    // the last request may end a moment before the stop timer fires
    if (Number.isNaN(cpu.server_cores) && stopMeter) cpu = (stopMeter as () => typeof cpu)();
    agent.destroy();
  }
  const inWindow = samples.filter((s) => s.started >= windowStart);
  const ok = inWindow.filter((s) => s.status === 200);
  const lastEnd = Math.max(windowEnd, ...inWindow.map((s) => s.started + s.ms));
  return {
    turnsPerS: ok.length / ((lastEnd - windowStart) / 1000),
    ok: ok.map((s) => s.ms),
    errors: inWindow.filter((s) => s.status !== 200),
    cpu,
  };
}

/**
 * Closed-loop HTTP load through the gateway: the all-in-one (real queues, stub
 * providers) in its own process on 127.0.0.1, node http with keep-alive, concurrency 1,
 * 8, 32 and 128; each level bounded by a time window and a request count.
 */
export async function throughputBench(ids: RunIds, cpuProfDir?: string): Promise<ThroughputResult> {
  // The per-key rate limit (600/min by default) would cap a single bench key far below
  // the target, so it is switched off here: this measures capacity, not the limiter.
  const serverEnv = {
    ...baseEnv(ids, `${ids.prefix}_tp`),
    RATE_LIMIT_PER_MINUTE: '0',
    RUN_MIGRATIONS: 'false',
    GATEWAY_WAIT_MS: '20000',
  };
  log('throughput: starting the all-in-one server process');
  const { child, port } = await spawnServer(serverEnv, cpuProfDir);
  let redis: Redis | undefined;
  try {
    redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
    // one untimed pass so every lane and pool is open
    await runLevelQuiet(port);
    const per = new Map<
      number,
      { tps: number[]; ok: number[][]; errors: Sample[][]; server: number[]; machine: number[]; redis: number[] }
    >();
    for (let r = 0; r < REPS; r++) {
      const order = r % 2 === 0 ? LEVELS : [...LEVELS].reverse();
      for (const c of order) {
        const r0 = await redisCpuSeconds(redis!);
        const t0 = now();
        const res = await runLevel(port, child.proc.pid!, c);
        const redisSeconds = (await redisCpuSeconds(redis!)) - r0;
        const e = per.get(c) ?? { tps: [], ok: [], errors: [], server: [], machine: [], redis: [] };
        // Redis' cores during the level ÷ turns per second = its CPU ms per turn
        e.redis.push(((redisSeconds / ((now() - t0) / 1000)) * 1000) / res.turnsPerS);
        e.server.push(res.cpu.server_cores);
        e.machine.push(res.cpu.machine_busy);
        e.tps.push(res.turnsPerS);
        e.ok.push(res.ok);
        e.errors.push(res.errors);
        per.set(c, e);
        log(
          `throughput rep ${r + 1}/${REPS} c=${c}: ${round(res.turnsPerS, 1)} turns/s, p50 ${round(dist(res.ok).p50)} ms, p99 ${round(dist(res.ok).p99)} ms, errors ${res.errors.length}, server ${res.cpu.server_cores} cores, machine ${Math.round(res.cpu.machine_busy * 100)}% busy`,
        );
        await sleep(300); // let the queues drain between levels
      }
    }
    const levels: LevelResult[] = LEVELS.map((c) => {
      const e = per.get(c)!;
      const dists = e.ok.map((ms) => dist(ms));
      const statuses: Record<string, number> = {};
      for (const s of e.errors.flat()) statuses[String(s.status)] = (statuses[String(s.status)] ?? 0) + 1;
      return {
        concurrency: c,
        turns_per_s: round(median(e.tps), 1),
        p50_ms: round(median(dists.map((d) => d.p50))),
        p99_ms: round(median(dists.map((d) => d.p99))),
        ok: e.ok.reduce((a, x) => a + x.length, 0),
        errors: e.errors.reduce((a, x) => a + x.length, 0),
        error_statuses: statuses,
        per_rep_turns_per_s: e.tps.map((x) => round(x, 1)),
        server_cores: round(median(e.server), 2),
        machine_busy: round(median(e.machine), 2),
        redis_ms_per_turn: round(median(e.redis), 2),
      };
    });
    const within = levels.filter((l) => l.p99_ms <= P99_SLO_MS).sort((a, b) => b.turns_per_s - a.turns_per_s)[0];
    return {
      reps: REPS,
      window_ms: WINDOW_MS,
      levels,
      best_within_slo: within
        ? { concurrency: within.concurrency, turns_per_s: within.turns_per_s, p99_ms: within.p99_ms }
        : null,
      server_env: {
        RATE_LIMIT_PER_MINUTE: '0',
        ANSWER_PROVIDER: 'stub',
        EMBEDDING_PROVIDER: 'hash',
        WORKER_CONCURRENCY: 'default',
      },
    };
  } finally {
    redis?.disconnect();
    const code = await child.stop();
    if (code !== 0) log(`throughput: server exited with ${code}: ${child.stderr()}`);
  }
}

async function runLevelQuiet(port: number): Promise<void> {
  const agent = new Agent({ keepAlive: true, maxSockets: 16 });
  const samples: Sample[] = [];
  const stop = now() + 3_000;
  try {
    await Promise.all(Array.from({ length: 16 }, (_, i) => user(port, agent, i, () => stop, samples, { left: 1_000 })));
  } finally {
    agent.destroy();
  }
  const bad = samples.filter((s) => s.status !== 200);
  if (bad.length)
    log(
      `throughput warm-up: ${bad.length} of ${samples.length} requests failed (statuses ${[...new Set(bad.map((s) => s.status))].join(', ')})`,
    );
}
