import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { createServer, request, type Agent, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Redis } from 'ioredis';
import { Client, Client as PgClient } from 'pg';

/** Loopback only: the benchmarks talk to nothing else. */
export const PG_BASE = 'postgres://postgres@127.0.0.1:5432';
export const REDIS_URL = 'redis://127.0.0.1:6379';
export const API_KEY = 'bench-key-0001';
export const API_KEYS = `bench:${API_KEY}`;
export const OWNER = 'bench';

/** One database and one Redis key prefix per bench run; every benchmark gets a sub-prefix. */
export interface RunIds {
  tag: string;
  database: string;
  databaseUrl: string;
  prefix: string;
}

export function runIds(): RunIds {
  const tag = `${process.pid}_${randomBytes(3).toString('hex')}`;
  const database = `duocthu_bench_${tag}`;
  return { tag, database, databaseUrl: `${PG_BASE}/${database}`, prefix: `bench_${tag}` };
}

/** The variables every app of the run starts with (over this process' environment; child processes get them as theirs). */
export function baseEnv(ids: RunIds, prefix: string): Record<string, string> {
  return {
    DATABASE_URL: ids.databaseUrl,
    REDIS_URL,
    QUEUE_PREFIX: prefix,
    GATEWAY_API_KEYS: API_KEYS,
    LOG_LEVEL: 'silent',
    ANSWER_PROVIDER: 'stub',
    EMBEDDING_PROVIDER: 'hash',
    CORPUS_DIR: 'data/formulary',
    NODE_ENV: 'benchmark',
  };
}

/** Sets variables; returns a function that restores the previous values. */
export function setEnv(env: Record<string, string>): () => void {
  const saved: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries(env)) {
    saved[k] = process.env[k];
    process.env[k] = v;
  }
  return () => {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  };
}

export async function dropDatabase(name: string): Promise<void> {
  const admin = new Client({ connectionString: `${PG_BASE}/postgres`, connectionTimeoutMillis: 3_000 });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

/** Deletes every Redis key of this run (all sub-prefixes start with the run prefix). */
export async function cleanRedis(prefix: string): Promise<number> {
  const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
  let deleted = 0;
  try {
    let cursor = '0';
    let rounds = 0;
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
      cursor = next;
      if (keys.length) deleted += await redis.del(...keys);
    } while (cursor !== '0' && ++rounds < 100_000);
  } finally {
    redis.disconnect();
  }
  return deleted;
}

// ---------------------------------------------------------------- statistics

export interface Dist {
  n: number;
  p50: number;
  p95: number;
  p99: number;
  mean: number;
  max: number;
}

/** Linear interpolation between closest ranks. */
export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  const rank = (p / 100) * (sorted.length - 1);
  const lo = Math.floor(rank);
  const hi = Math.ceil(rank);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (rank - lo);
}

export function dist(samples: number[]): Dist {
  const s = [...samples].sort((a, b) => a - b);
  const mean = s.reduce((a, b) => a + b, 0) / (s.length || 1);
  return {
    n: s.length,
    p50: percentile(s, 50),
    p95: percentile(s, 95),
    p99: percentile(s, 99),
    mean,
    max: s[s.length - 1] ?? NaN,
  };
}

export function median(xs: number[]): number {
  return percentile(
    [...xs].sort((a, b) => a - b),
    50,
  );
}

/** The median of each field over repetitions. */
export function medianDist(ds: Dist[]): Dist {
  return {
    n: ds.reduce((a, d) => a + d.n, 0),
    p50: median(ds.map((d) => d.p50)),
    p95: median(ds.map((d) => d.p95)),
    p99: median(ds.map((d) => d.p99)),
    mean: median(ds.map((d) => d.mean)),
    max: median(ds.map((d) => d.max)),
  };
}

export const round = (x: number, digits = 2): number => (Number.isFinite(x) ? Number(x.toFixed(digits)) : x);

export const now = (): number => performance.now();

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

// ---------------------------------------------------------------- memory

let gcFn: (() => void) | null = null;

/** A full GC without --expose-gc on the command line. */
export function fullGc(): void {
  if (!gcFn) {
    setFlagsFromString('--expose-gc');
    gcFn = runInNewContext('gc') as () => void;
  }
  gcFn();
  gcFn();
}

// ---------------------------------------------------------------- network

/** A free TCP port on loopback (for processes that need a fixed port number). */
export async function freePort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const port = (srv.address() as AddressInfo).port;
  await new Promise<void>((r) => srv.close(() => r()));
  return port;
}

export interface HttpResult {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** One HTTP request to 127.0.0.1, bounded by a timeout. */
export function httpRequest(opts: {
  port: number;
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
  agent?: Agent;
  timeoutMs: number;
}): Promise<HttpResult> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: opts.port,
        method: opts.method,
        path: opts.path,
        agent: opts.agent,
        headers: {
          ...(opts.body !== undefined
            ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(opts.body)) }
            : {}),
          ...opts.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
      },
    );
    req.setTimeout(opts.timeoutMs, () => req.destroy(new Error(`request timed out after ${opts.timeoutMs} ms`)));
    req.on('error', reject);
    if (opts.body !== undefined) req.write(opts.body);
    req.end();
  });
}

/** Polls until `check` is true or the time is up. */
export async function waitFor(
  what: string,
  check: () => Promise<boolean>,
  timeoutMs: number,
  everyMs = 100,
): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check().catch(() => false)) return;
    await sleep(everyMs);
  }
  throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
}

/** Progress lines go to stderr so stdout keeps only the final table. */
export function log(msg: string): void {
  process.stderr.write(`[bench ${new Date().toISOString().slice(11, 19)}] ${msg}\n`);
}

// ---------------------------------------------------------------- CPU accounting (Linux /proc)

const CLK_TCK = 100;

/** CPU seconds (user + system) a process has used so far; NaN where /proc is not readable. */
export function processCpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLK_TCK;
  } catch {
    return NaN;
  }
}

/** Busy and total CPU seconds of the whole machine so far (all cores). */
export function machineCpuSeconds(): { busy: number; total: number } {
  try {
    const [, ...v] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
    const n = v.map(Number);
    const total = n.slice(0, 8).reduce((a, b) => a + b, 0);
    const idle = n[3] + n[4];
    return { busy: (total - idle) / CLK_TCK, total: total / CLK_TCK };
  } catch {
    return { busy: NaN, total: NaN };
  }
}

/** Redis' own CPU seconds so far (INFO cpu: used_cpu_user + used_cpu_sys). */
export async function redisCpuSeconds(redis: Redis): Promise<number> {
  const info = await redis.info('cpu');
  const field = (k: string) => Number(new RegExp(`^${k}:([\\d.]+)`, 'm').exec(info)?.[1] ?? NaN);
  return field('used_cpu_user') + field('used_cpu_sys');
}

/**
 * Starts a CPU measurement; `stop()` gives the server's share of one core and the machine's busy
 * share of all cores.
 */
export function cpuMeter(pid: number): () => { server_cores: number; machine_busy: number } {
  const t0 = now();
  const p0 = processCpuSeconds(pid);
  const m0 = machineCpuSeconds();
  return () => {
    const wall = (now() - t0) / 1000;
    const m1 = machineCpuSeconds();
    return {
      server_cores: round((processCpuSeconds(pid) - p0) / wall, 2),
      machine_busy: round((m1.busy - m0.busy) / (m1.total - m0.total), 2),
    };
  };
}

// ---------------------------------------------------------------- I/O counting (diagnostics)

type Fn = (...args: unknown[]) => unknown;

/**
 * Counts Redis commands (ioredis sendCommand, pipelined ones included) and Postgres
 * queries (pg Client.query) made by everything in this process until `stop()`.
 */
export function countIo(): () => { redis: number; pg: number; byCommand: Record<string, number> } {
  const counts = { redis: 0, pg: 0 };
  const byCommand: Record<string, number> = {};
  const redisProto = Redis.prototype as unknown as { sendCommand: Fn };
  const pgProto = PgClient.prototype as unknown as { query: Fn };
  const origSend = redisProto.sendCommand;
  const origQuery = pgProto.query;
  redisProto.sendCommand = function (this: unknown, ...args: unknown[]) {
    counts.redis++;
    const name = String((args[0] as { name?: string })?.name ?? '?').toLowerCase();
    byCommand[name] = (byCommand[name] ?? 0) + 1;
    return origSend.apply(this, args);
  };
  pgProto.query = function (this: unknown, ...args: unknown[]) {
    counts.pg++;
    return origQuery.apply(this, args);
  };
  return () => {
    redisProto.sendCommand = origSend;
    pgProto.query = origQuery;
    return { ...counts, byCommand };
  };
}

// ---------------------------------------------------------------- run conditions

export interface Conditions {
  redis_run_id: string;
  postgres_started: string;
  loadavg_1m: number;
}

/** Identities of the Redis and Postgres servers (a restart mid-run invalidates the figures) and the load. */
export async function conditions(): Promise<Conditions> {
  const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
  const pg = new Client({ connectionString: `${PG_BASE}/postgres`, connectionTimeoutMillis: 3_000 });
  try {
    const info = await redis.info('server');
    await pg.connect();
    const r = await pg.query('SELECT pg_postmaster_start_time()::text AS t');
    return {
      redis_run_id: /run_id:(\w+)/.exec(info)?.[1] ?? 'unknown',
      postgres_started: String(r.rows[0].t),
      loadavg_1m: round(loadavg()[0], 2),
    };
  } finally {
    redis.disconnect();
    await pg.end().catch(() => undefined);
  }
}
