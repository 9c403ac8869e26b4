import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { emptyFrame, QUEUE_NAMES, type TurnJob, type TurnReply } from '@app/contracts';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { TurnRepository } from '@app/persistence';
import { HOP_CLIENT, type HopClient, type HopTicket } from '@app/platform';
import { DataSource } from 'typeorm';
import { startInProcessApp, startQueueApp } from './apps';
import {
  baseEnv,
  countIo,
  dist,
  log,
  median,
  medianDist,
  now,
  OWNER,
  REDIS_URL,
  round,
  type Dist,
  type RunIds,
} from './common';
import { MIX, TURNS_PER_ROUND, WORKER_STAGES } from './conversations';

const REPS = 3;
const ROUNDS_PER_REP = 12;
/** Hard bound per repetition and mode, whatever the machine does. */
const REP_TIME_LIMIT_MS = 45_000;

type Runner = (job: TurnJob) => Promise<TurnReply>;

interface ModeRun {
  ms: number[];
  turnIds: string[];
  outcomes: string[];
}

export interface OverheadResult {
  reps: number;
  turns_per_rep: { inproc: number; queue: number };
  inproc: Dist;
  queue: Dist;
  ratio_p50: number;
  ratio_p95: number;
  ratio_p99: number;
  added_ms_p50: number;
  added_ms_p95: number;
  /** Hops per turn: worker hops from the trace, plus the `turns` hop itself (queue mode). */
  worker_hops_per_turn: number;
  hops_per_turn_queue: number;
  added_ms_per_hop_p50: number;
  same_outcomes: boolean;
  outcomes: string[];
  per_rep: { inproc_p50: number; queue_p50: number; ratio_p50: number; added_ms_p50: number }[];
  /** One hop alone, sequential: a tiny payload (retrieve_section) and a large one (decide over a drug's parts). */
  single_hop: {
    op: string;
    payload_kb: number;
    inproc_p50: number;
    queue_p50: number;
    queue_p99: number;
    queue_cpu_ms_per_hop?: number;
  }[];
  /** Mean time per turn the orchestrator waited on worker hops (trace timings), by mode: the rest of the added time is the `turns` hop. */
  worker_hop_ms_per_turn: { inproc: number; queue: number };
  /** Per queue, from BullMQ's own job timestamps (ms resolution): added → active (wait) and active → finished (run). */
  job_stages: JobStages[];
  /** Redis commands and Postgres queries per turn, whole process (the bench's own 2-3 row inserts per turn included). */
  io_per_turn: { inproc: IoPerTurn; queue: IoPerTurn };
}

interface IoPerTurn {
  redis: number;
  pg: number;
  redis_by_command: Record<string, number>;
}

interface JobStages {
  queue: string;
  jobs: number;
  wait_ms_mean: number;
  run_ms_mean: number;
  wait_ms_p50: number;
  run_ms_p50: number;
}

/** Reads the measured turns' completed jobs back from every queue. */
async function jobStages(prefix: string, turnIds: Set<string>): Promise<JobStages[]> {
  const out: JobStages[] = [];
  const conn = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
  try {
    for (const name of QUEUE_NAMES) {
      const q = new Queue(name, { connection: conn, prefix });
      const jobs = (await q.getJobs(['completed'], 0, 999)).filter(
        (j) => turnIds.has((j.data as { turn_id: string }).turn_id) && j.processedOn && j.finishedOn,
      );
      await q.close();
      if (!jobs.length) continue;
      const wait = dist(jobs.map((j) => j.processedOn! - j.timestamp));
      const run = dist(jobs.map((j) => j.finishedOn! - j.processedOn!));
      out.push({
        queue: name,
        jobs: jobs.length,
        wait_ms_mean: round(wait.mean),
        run_ms_mean: round(run.mean),
        wait_ms_p50: round(wait.p50),
        run_ms_p50: round(run.p50),
      });
    }
  } finally {
    conn.disconnect();
  }
  return out;
}

const HOP_SAMPLES = 150;

/**
 * Round trip of one hop, sequential: p50/p99 in ms, and the CPU this process spent per hop
 * (producer, worker and QueueEvents all live here, so it is the whole client-side cost of a hop).
 */
async function hopLatency(
  client: HopClient,
  call: (c: HopClient, ticket: { turnId: string; deadline: number }) => Promise<{ ok: boolean }>,
): Promise<Dist & { cpu_ms: number }> {
  const ms: number[] = [];
  const until = Date.now() + 15_000;
  let cpu0 = process.cpuUsage();
  for (let i = 0; i < HOP_SAMPLES + 20 && Date.now() < until; i++) {
    if (i === 20) cpu0 = process.cpuUsage();
    const t0 = now();
    const o = await call(client, { turnId: randomUUID(), deadline: Date.now() + 10_000 });
    if (!o.ok) throw new Error('hop failed');
    if (i >= 20) ms.push(now() - t0);
  }
  const cpu = process.cpuUsage(cpu0);
  return { ...dist(ms), cpu_ms: (cpu.user + cpu.system) / 1000 / Math.max(1, ms.length) };
}

/** One pass over the mix: every conversation's turns in order (rows created as the gateway would, not timed). */
async function round1(app: INestApplication, run: Runner, into: ModeRun, until: number): Promise<boolean> {
  const turns = app.get(TurnRepository);
  for (const c of MIX) {
    const conversationId = randomUUID();
    for (const [i, turn] of c.turns.entries()) {
      if (Date.now() > until) return false;
      const turnId = randomUUID();
      const conversation = { kind: i === 0 ? ('new' as const) : ('existing' as const), id: conversationId };
      const created = await turns.create({
        id: turnId,
        conversation,
        owner: OWNER,
        turn,
        legacy: false,
        idempotencyKey: null,
      });
      if (created.kind !== 'created') throw new Error(`could not create turn: ${created.kind}`);
      const job = {
        turn_id: turnId,
        conversation_id: conversationId,
        owner: OWNER,
        turn,
        legacy: false,
        degraded: false,
      } as TurnJob;
      const t0 = now();
      const reply = await run(job);
      into.ms.push(now() - t0);
      into.turnIds.push(turnId);
      into.outcomes.push(`${reply.decision}/${reply.reason}`);
    }
  }
  return true;
}

interface IoTally {
  redis: number;
  pg: number;
  turns: number;
  byCommand: Record<string, number>;
}

async function runMode(app: INestApplication, run: Runner, rounds: number, io?: IoTally): Promise<ModeRun> {
  const out: ModeRun = { ms: [], turnIds: [], outcomes: [] };
  const until = Date.now() + REP_TIME_LIMIT_MS;
  const stop = io ? countIo() : null;
  try {
    for (let i = 0; i < rounds; i++) if (!(await round1(app, run, out, until))) break;
  } finally {
    const c = stop?.();
    if (io && c) {
      io.redis += c.redis;
      io.pg += c.pg;
      io.turns += out.ms.length;
      for (const [k, v] of Object.entries(c.byCommand)) io.byCommand[k] = (io.byCommand[k] ?? 0) + v;
    }
  }
  return out;
}

/** Worker hops per turn and the time the orchestrator spent waiting on them (ms, whole-ms trace timings), off the turns' traces. */
async function hopsPerTurn(ds: DataSource, turnIds: string[]): Promise<{ hops: number; hopMs: number }> {
  const rows = (await ds.query(
    `SELECT count(*)::int AS n, COALESCE(sum(ms), 0)::int AS ms FROM trace_events WHERE turn_id = ANY($1::uuid[]) AND stage = ANY($2::text[])`,
    [turnIds, WORKER_STAGES],
  )) as { n: number; ms: number }[];
  return { hops: rows[0].n / turnIds.length, hopMs: rows[0].ms / turnIds.length };
}

/**
 * Orchestration overhead: the same conversations through the agent with the in-process
 * hop twin and through the full queue pipeline (`turns` job → orchestrator → worker
 * queues), stub providers, one turn at a time, interleaved repetitions.
 */
export async function overheadBench(ids: RunIds): Promise<OverheadResult> {
  const env = { ...baseEnv(ids, `${ids.prefix}_ovh`), ANSWER_PROVIDER: 'stub' };
  log('overhead: starting the in-process app and the queue app');
  const inproc = await startInProcessApp(env);
  const queue = await startQueueApp(env);
  try {
    const hops = queue.app.get<HopClient>(HOP_CLIENT);
    const runInproc: Runner = (job) => inproc.agent.handle(job);
    const runQueue: Runner = async (job) => {
      const o = await hops.call('turns', 'handle_turn', job, { turnId: job.turn_id, deadline: Date.now() + 65_000 });
      if (!o.ok) throw new Error(`turn failed in the queue pipeline: ${o.code}: ${o.message}`);
      return o.value;
    };
    // warm-up: JIT, pools, queue lanes
    await runMode(inproc.app, runInproc, 2);
    await runMode(queue.app, runQueue, 2);

    // one extra pass each, counting Redis commands and Postgres queries (rows the bench itself creates included, the same in both modes)
    const ioA: IoTally = { redis: 0, pg: 0, turns: 0, byCommand: {} };
    const ioB: IoTally = { redis: 0, pg: 0, turns: 0, byCommand: {} };
    await runMode(inproc.app, runInproc, 2, ioA);
    await runMode(queue.app, runQueue, 2, ioB);
    const perTurn = (x: IoTally) => ({
      redis: round(x.redis / x.turns, 1),
      pg: round(x.pg / x.turns, 1),
      redis_by_command: Object.fromEntries(
        Object.entries(x.byCommand)
          .sort((a, b) => b[1] - a[1])
          .map(([k, v]) => [k, round(v / x.turns, 2)]),
      ),
    });
    log(`overhead I/O per turn: in-process ${JSON.stringify(perTurn(ioA))}\n  queue ${JSON.stringify(perTurn(ioB))}`);

    const reps: { a: ModeRun; b: ModeRun }[] = [];
    for (let r = 0; r < REPS; r++) {
      let a: ModeRun;
      let b: ModeRun;
      if (r % 2 === 0) {
        a = await runMode(inproc.app, runInproc, ROUNDS_PER_REP);
        b = await runMode(queue.app, runQueue, ROUNDS_PER_REP);
      } else {
        b = await runMode(queue.app, runQueue, ROUNDS_PER_REP);
        a = await runMode(inproc.app, runInproc, ROUNDS_PER_REP);
      }
      reps.push({ a, b });
      log(
        `overhead rep ${r + 1}/${REPS}: in-process p50 ${round(dist(a.ms).p50)} ms, queue p50 ${round(dist(b.ms).p50)} ms`,
      );
    }

    const inprocHops = inproc.app.get<HopClient>(HOP_CLIENT);
    const parts = await inprocHops.call(
      'retrieval',
      'retrieve_section',
      { drug_id: 'paracetamol', section: 'lieu_luong_cach_dung' },
      { turnId: randomUUID(), deadline: Date.now() + 10_000 },
    );
    const bigParts = parts.ok ? parts.value.parts : [];
    const frame = emptyFrame({ drugs: ['paracetamol'], attribute: 'lieu_luong_cach_dung' });
    const singleHop: OverheadResult['single_hop'] = [];
    for (const [op, fn, payload] of [
      [
        'retrieval.retrieve_section',
        (c: HopClient, t: HopTicket) =>
          c.call('retrieval', 'retrieve_section', { drug_id: 'paracetamol', section: 'chi_dinh' }, t),
        { drug_id: 'paracetamol', section: 'chi_dinh' },
      ],
      [
        'retrieval.decide',
        (c: HopClient, t: HopTicket) =>
          c.call('retrieval', 'decide', { parts: bigParts, frame, require_mention_of: [] }, t),
        { parts: bigParts, frame },
      ],
    ] as const) {
      const a = await hopLatency(inprocHops, fn);
      const b = await hopLatency(hops, fn);
      singleHop.push({
        op,
        payload_kb: round(JSON.stringify(payload).length / 1024, 1),
        inproc_p50: round(a.p50, 3),
        queue_p50: round(b.p50, 3),
        queue_p99: round(b.p99, 3),
        queue_cpu_ms_per_hop: round(b.cpu_ms, 3),
      });
    }
    log(
      `overhead single hop: ${singleHop.map((h) => `${h.op} ${h.payload_kb} kB: ${h.inproc_p50} → ${h.queue_p50} ms`).join('; ')}`,
    );

    const stages = await jobStages(`${ids.prefix}_ovh`, new Set(reps.flatMap((r) => r.b.turnIds)));
    log(
      `overhead job stages: ${stages.map((x) => `${x.queue} wait ${x.wait_ms_mean} run ${x.run_ms_mean}`).join('; ')}`,
    );

    const ds = queue.app.get(DataSource);
    const traceQueue = await hopsPerTurn(
      ds,
      reps.flatMap((r) => r.b.turnIds),
    );
    const traceInproc = await hopsPerTurn(
      ds,
      reps.flatMap((r) => r.a.turnIds),
    );
    const workerHops = traceQueue.hops;
    if (Math.abs(traceQueue.hops - traceInproc.hops) > 1e-9)
      log(`overhead: hop counts differ (queue ${traceQueue.hops}, in-process ${traceInproc.hops})`);
    const da = reps.map((r) => dist(r.a.ms));
    const db = reps.map((r) => dist(r.b.ms));
    const perRep = reps.map((_, i) => ({
      inproc_p50: round(da[i].p50),
      queue_p50: round(db[i].p50),
      ratio_p50: round(db[i].p50 / da[i].p50, 3),
      added_ms_p50: round(db[i].p50 - da[i].p50),
    }));
    const firstA = reps[0].a.outcomes.slice(0, TURNS_PER_ROUND);
    const firstB = reps[0].b.outcomes.slice(0, TURNS_PER_ROUND);
    const hopsQueue = workerHops + 1;
    const added = median(perRep.map((p) => p.added_ms_p50));
    return {
      reps: REPS,
      turns_per_rep: { inproc: median(reps.map((r) => r.a.ms.length)), queue: median(reps.map((r) => r.b.ms.length)) },
      inproc: medianDist(da),
      queue: medianDist(db),
      ratio_p50: round(median(perRep.map((p) => p.ratio_p50)), 3),
      ratio_p95: round(median(reps.map((_, i) => db[i].p95 / da[i].p95)), 3),
      ratio_p99: round(median(reps.map((_, i) => db[i].p99 / da[i].p99)), 3),
      added_ms_p50: round(added),
      added_ms_p95: round(median(reps.map((_, i) => db[i].p95 - da[i].p95))),
      worker_hops_per_turn: round(workerHops, 3),
      hops_per_turn_queue: round(hopsQueue, 3),
      added_ms_per_hop_p50: round(added / hopsQueue, 3),
      same_outcomes: JSON.stringify(firstA) === JSON.stringify(firstB),
      outcomes: MIX.flatMap((c) => c.turns).map((t, i) => `${t} → ${firstB[i]}`),
      per_rep: perRep,
      single_hop: singleHop,
      worker_hop_ms_per_turn: { inproc: round(traceInproc.hopMs), queue: round(traceQueue.hopMs) },
      job_stages: stages,
      io_per_turn: { inproc: perTurn(ioA), queue: perTurn(ioB) },
    };
  } finally {
    await inproc.close().catch((e) => log(`overhead: closing the in-process app: ${(e as Error).message}`));
    await queue.app.close().catch((e) => log(`overhead: closing the queue app: ${(e as Error).message}`));
  }
}
