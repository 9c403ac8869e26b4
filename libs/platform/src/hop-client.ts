import { randomUUID } from 'node:crypto';
import { Queue, QueueEvents } from 'bullmq';
import type { Redis } from 'ioredis';
import {
  failure,
  FailureCodeSchema,
  HopEnvelopeSchema,
  hopSchemas,
  type HopOutcome,
  type HopPayload,
  type HopResult,
  type JobData,
  type OpOf,
  type QueueName,
} from '@app/contracts';
import { producerRedis, whenReady, workerRedis } from './redis';

/** Which turn a hop belongs to and when it must be done. */
export interface HopTicket {
  turnId: string;
  /** Absolute deadline, ms since the epoch. */
  deadline: number;
}

export interface HopClient {
  call<Q extends QueueName, O extends OpOf<Q>>(
    queue: Q,
    op: O,
    payload: HopPayload<Q, O>,
    ticket: HopTicket,
  ): Promise<HopOutcome<HopResult<Q, O>>>;
  close(): Promise<void>;
}

export const HOP_CLIENT = Symbol('HOP_CLIENT');

/** Job options every queue uses: one attempt (the orchestrator decides about retries), bounded history. */
export const JOB_OPTIONS = {
  attempts: 1,
  removeOnComplete: { age: 3_600, count: 1_000 },
  removeOnFail: { age: 24 * 3_600, count: 5_000 },
} as const;

/** Validates a payload against the hop map; used by both hop clients. */
export function checkPayload(queue: QueueName, op: string, payload: unknown): string | null {
  const schemas = hopSchemas(queue, op);
  if (!schemas) return `unknown op ${queue}.${op}`;
  const parsed = schemas.payload.safeParse(payload);
  return parsed.success ? null : `payload for ${queue}.${op}: ${parsed.error.issues[0]?.message ?? 'invalid'}`;
}

/** Maps a completed job's return value (an envelope) to a typed outcome, validating the result. */
export function readEnvelope<T>(queue: QueueName, op: string, raw: unknown): HopOutcome<T> {
  const env = HopEnvelopeSchema.safeParse(raw);
  if (!env.success) return failure('internal', `${queue}.${op} returned no envelope`);
  if (!env.data.ok) return env.data;
  const result = hopSchemas(queue, op)!.result.safeParse(env.data.value);
  if (!result.success) return failure('internal', `${queue}.${op} returned a result outside its contract`);
  return { ok: true, value: result.data as T };
}

/** A failed job's reason starts with its failure code (`deadline_passed: ...`). */
export function readFailedReason<T>(reason: string | undefined): HopOutcome<T> {
  const code = FailureCodeSchema.safeParse((reason ?? '').split(':')[0]);
  return failure(code.success ? code.data : 'internal', reason ?? 'job failed');
}

interface Waiter {
  queue: QueueName;
  op: string;
  resolve: (o: HopOutcome<unknown>) => void;
  timer: NodeJS.Timeout;
}

interface Lane {
  queue: Queue;
  events: QueueEvents;
}

/**
 * The hop client over BullMQ: enqueue one job, wait for its outcome on one shared
 * QueueEvents per queue per process (an id -> waiter map, no listener per job), never
 * longer than the turn's deadline allows.
 */
export class BullHopClient implements HopClient {
  private readonly lanes = new Map<QueueName, Promise<Lane>>();
  private readonly waiters = new Map<string, Waiter>();
  private readonly producer: Redis;
  private readonly eventConnections: Redis[] = [];
  private closed = false;

  constructor(
    private readonly redisUrl: string,
    private readonly prefix: string,
  ) {
    this.producer = producerRedis(redisUrl);
    this.producer.on('error', () => undefined); // surfaced per call as a failure
  }

  /** The BullMQ queue handles (the operator dashboard reads them). */
  async queues(names: QueueName[]): Promise<Queue[]> {
    return Promise.all(names.map(async (q) => (await this.lane(q)).queue));
  }

  /** Job counts by state for every queue (the queue-depth gauge). */
  async depth(queues: QueueName[]): Promise<{ queue: string; counts: Record<string, number> }[]> {
    return Promise.all(
      queues.map(async (q) => ({
        queue: q,
        counts: await (await this.lane(q)).queue.getJobCounts('waiting', 'active', 'completed', 'failed', 'delayed'),
      })),
    );
  }

  /** Opens a queue's lane ahead of the first call (start-up), so the first turn pays nothing. */
  async warm(queues: QueueName[]): Promise<void> {
    await Promise.all(queues.map((q) => this.lane(q)));
  }

  private lane(name: QueueName): Promise<Lane> {
    let lane = this.lanes.get(name);
    if (!lane) {
      lane = this.openLane(name);
      lane.catch(() => this.lanes.delete(name));
      this.lanes.set(name, lane);
    }
    return lane;
  }

  private async openLane(name: QueueName): Promise<Lane> {
    await whenReady(this.producer);
    const queue = new Queue(name, { connection: this.producer, prefix: this.prefix, defaultJobOptions: JOB_OPTIONS });
    // Start reading events right after the newest one that exists now, so no completion
    // between "ready" and the first XREAD can be missed.
    const streamKey = `${this.prefix}:${name}:events`;
    const newest = (await this.producer.xrevrange(streamKey, '+', '-', 'COUNT', 1)) as [string, string[]][];
    const conn = workerRedis(this.redisUrl);
    conn.on('error', () => undefined);
    this.eventConnections.push(conn);
    const events = new QueueEvents(name, {
      connection: conn,
      prefix: this.prefix,
      lastEventId: newest[0]?.[0] ?? '0-0',
      blockingTimeout: 5_000,
    });
    events.on('completed', ({ jobId, returnvalue }) =>
      this.settle(jobId, (w) => readEnvelope(w.queue, w.op, returnvalue)),
    );
    events.on('failed', ({ jobId, failedReason }) => this.settle(jobId, () => readFailedReason(failedReason)));
    events.on('error', () => undefined);
    await events.waitUntilReady();
    return { queue, events };
  }

  private settle(jobId: string, outcome: (w: Waiter) => HopOutcome<unknown>): void {
    const waiter = this.waiters.get(jobId);
    if (!waiter) return;
    this.waiters.delete(jobId);
    clearTimeout(waiter.timer);
    waiter.resolve(outcome(waiter));
  }

  async call<Q extends QueueName, O extends OpOf<Q>>(
    queue: Q,
    op: O,
    payload: HopPayload<Q, O>,
    ticket: HopTicket,
  ): Promise<HopOutcome<HopResult<Q, O>>> {
    if (this.closed) return failure('internal', 'hop client closed');
    const bad = checkPayload(queue, op, payload);
    if (bad) return failure('invalid_payload', bad);
    const left = ticket.deadline - Date.now();
    if (left <= 0) return failure('deadline_passed', `no time left for ${queue}.${op}`);

    let lane: Lane;
    try {
      lane = await this.lane(queue);
    } catch (err) {
      return failure('provider_unavailable', `queue ${queue} unreachable: ${(err as Error).message}`);
    }
    const jobId = randomUUID();
    const outcome = new Promise<HopOutcome<unknown>>((resolve) => {
      const timer = setTimeout(() => {
        this.waiters.delete(jobId);
        void this.lastLook(lane, queue, op, jobId).then(resolve);
      }, left);
      this.waiters.set(jobId, { queue, op, resolve, timer });
    });
    const data: JobData = { turn_id: ticket.turnId, deadline: ticket.deadline, payload };
    try {
      await lane.queue.add(op, data, { jobId });
    } catch (err) {
      this.settle(jobId, () =>
        failure('provider_unavailable', `enqueue ${queue}.${op} failed: ${(err as Error).message}`),
      );
    }
    return outcome as Promise<HopOutcome<HopResult<Q, O>>>;
  }

  /** At the deadline, one direct look at the job in case its event was lost. */
  private async lastLook(lane: Lane, queue: QueueName, op: string, jobId: string): Promise<HopOutcome<unknown>> {
    try {
      const job = await lane.queue.getJob(jobId);
      if (job?.finishedOn && job.failedReason) return readFailedReason(job.failedReason);
      if (job?.finishedOn) return readEnvelope(queue, op, job.returnvalue);
    } catch {
      // fall through: the deadline is what the caller gets
    }
    return failure('deadline_passed', `${queue}.${op} did not finish before the deadline`);
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const [id, w] of this.waiters) {
      clearTimeout(w.timer);
      w.resolve(failure('internal', 'hop client closed'));
      this.waiters.delete(id);
    }
    const lanes = await Promise.allSettled([...this.lanes.values()]);
    for (const l of lanes) {
      if (l.status === 'fulfilled') {
        await l.value.events.close().catch(() => undefined);
        await l.value.queue.close().catch(() => undefined);
      }
    }
    for (const c of this.eventConnections) c.disconnect();
    this.producer.disconnect();
  }
}
