import { Logger } from '@nestjs/common';
import { BaseRpcContext, Server, type CustomTransportStrategy } from '@nestjs/microservices';
import { UnrecoverableError, Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { lastValueFrom } from 'rxjs';
import { failure, HopEnvelopeSchema, JobDataSchema, type HopOutcome, type QueueName } from '@app/contracts';
import { handlerProblems } from './hop-coverage';
import { jobFields, REPLICA, runInJobContext, type JobFields } from './job-context';
import { metrics } from './metrics';
import { workerRedis } from './redis';

/** The transport id that binds `@HopHandler(queue, op)` methods to this queue's server only. */
export function transportIdFor(queue: QueueName): symbol {
  return Symbol.for(`duocthu.bullmq.${queue}`);
}

/**
 * What a hop handler sees besides its payload: the turn it works for (its budget is kept
 * under the turn's id; the deadline is checked before the handler runs).
 */
export class HopContext extends BaseRpcContext<[string]> {
  get turnId(): string {
    return this.args[0];
  }
}

export interface BullMqServerOptions {
  redisUrl: string;
  prefix: string;
  concurrency: number;
  /** How long close() waits for jobs in flight before forcing the worker shut. */
  closeTimeoutMs: number;
}

/**
 * Server side of a worker: consumes one BullMQ queue and dispatches each job to the
 * `@MessagePattern(op)` handler of its name, so handlers get Nest's pipes,
 * interceptors and exception filters. Every job completes with a typed envelope,
 * except one whose deadline passed, which fails unrecoverably without any work.
 */
export class BullMqServer extends Server implements CustomTransportStrategy {
  private static readonly instances = new Set<BullMqServer>();

  /** This process' queue servers and whether each is consuming (readiness). */
  static serving(): { queue: QueueName; running: boolean }[] {
    return [...BullMqServer.instances].map((s) => ({ queue: s.queueName, running: !!s.worker?.isRunning() }));
  }

  private worker: Worker | null = null;
  private connection: Redis | null = null;
  private readonly duplicates = new Set<string>();
  private readonly log: Logger;
  private inFlight = 0;

  constructor(
    private readonly queueName: QueueName,
    private readonly options: BullMqServerOptions,
  ) {
    super();
    this.transportId = transportIdFor(queueName);
    this.log = new Logger(`BullMqServer:${queueName}`);
  }

  override addHandler(
    pattern: unknown,
    callback: Parameters<Server['addHandler']>[1],
    isEvent?: boolean,
    extras?: Record<string, unknown>,
  ): void {
    const key = this.normalizePattern(pattern as string);
    if (this.messageHandlers.has(key)) this.duplicates.add(key);
    super.addHandler(pattern, callback, isEvent, extras);
  }

  /** Every op of the queue has exactly one handler, and no handler serves an op the contract lacks. */
  checkHandlers(): string[] {
    return handlerProblems(this.queueName, [...this.messageHandlers.keys(), ...this.duplicates]);
  }

  listen(callback: (err?: unknown) => void): void {
    const problems = this.checkHandlers();
    if (problems.length) {
      callback(new Error(`refusing to start queue ${this.queueName}: ${problems.join('; ')}`));
      return;
    }
    this.connection = workerRedis(this.options.redisUrl);
    this.connection.on('error', (e) => this.log.warn({ msg: 'redis error', queue: this.queueName, error: e.message }));
    this.worker = new Worker(this.queueName, (job) => this.process(job), {
      connection: this.connection,
      prefix: this.options.prefix,
      concurrency: this.options.concurrency,
      removeOnComplete: { age: 3_600, count: 1_000 },
      removeOnFail: { age: 24 * 3_600, count: 5_000 },
      // a job whose worker died is re-queued within ~15 s (lock lapses, stalled check runs),
      // inside the turn's budget; a live worker renews its lock every 5 s
      lockDuration: 10_000,
      stalledInterval: 5_000,
      maxStalledCount: 1,
    });
    this.worker.on('error', (e) => this.log.warn({ msg: 'worker error', queue: this.queueName, error: e.message }));
    // stall recovery: this replica found a job whose worker stopped renewing its lock (it died)
    this.worker.on('stalled', (jobId) => {
      metrics.jobsStalled.inc({ queue: this.queueName });
      this.log.warn({
        msg: 'stalled job put back on its queue',
        queue: this.queueName,
        job_id: jobId,
        replica: REPLICA,
      });
    });
    this.worker.on('failed', (job, err) => {
      // a job that stalled once too often is failed by BullMQ, not by a handler: say so
      if (!/stalled more than/.test(err.message)) return;
      this.log.warn({
        msg: 'stalled job failed: its worker died again',
        queue: this.queueName,
        op: job?.name ?? null,
        job_id: job?.id ?? null,
        turn_id: (job?.data as { turn_id?: string } | undefined)?.turn_id ?? null,
        replica: REPLICA,
      });
    });
    BullMqServer.instances.add(this);
    this.worker
      .waitUntilReady()
      .then(() => callback())
      .catch((e) => callback(e));
  }

  /**
   * Runs one job inside its logging context ({turn_id, queue, op, job_id, replica}: every line
   * the handler logs carries them), then logs it once, counts it and times it. Exported for
   * the contract tests' direct checks.
   */
  async process(job: Job): Promise<HopOutcome<unknown>> {
    const fields: JobFields = {
      turn_id: typeof job.data?.turn_id === 'string' ? job.data.turn_id : null,
      queue: this.queueName,
      op: job.name,
      job_id: job.id ?? null,
      replica: REPLICA,
    };
    return runInJobContext(fields, async () => {
      const started = performance.now();
      this.inFlight++;
      let outcome = 'internal';
      let error: string | undefined;
      try {
        const result = await this.run(job);
        outcome = result.ok ? 'ok' : result.code;
        if (!result.ok) error = result.message;
        return result;
      } catch (e) {
        outcome = e instanceof UnrecoverableError ? 'deadline_passed' : 'internal';
        error = (e as Error).message;
        throw e;
      } finally {
        this.inFlight--;
        const seconds = (performance.now() - started) / 1000;
        metrics.jobs.inc({ queue: this.queueName, op: job.name, outcome });
        metrics.jobDuration.observe({ queue: this.queueName, op: job.name }, seconds);
        const line = { msg: 'job done', ...jobFields(), duration_ms: Math.round(seconds * 1000), outcome, error };
        if (outcome === 'internal') this.log.error(line);
        else this.log.log(line);
      }
    });
  }

  private async run(job: Job): Promise<HopOutcome<unknown>> {
    const data = JobDataSchema.safeParse(job.data);
    if (!data.success) return failure('invalid_payload', 'job data is not {turn_id, deadline, payload}');
    const { turn_id, deadline, payload } = data.data;
    // A job whose turn is already over is dropped before any work (and never retried).
    if (Date.now() >= deadline) throw new UnrecoverableError(`deadline_passed: ${this.queueName}.${job.name}`);
    // ops are plain strings, stored under themselves: a direct lookup (Nest's getHandlerByPattern
    // tries JSON.parse first and throws on every job — ~1% of a busy process' CPU)
    const handler = this.messageHandlers.get(job.name);
    if (!handler) return failure('internal', `no handler for ${this.queueName}.${job.name}`);
    try {
      const ctx = new HopContext([turn_id]);
      const value = await lastValueFrom(this.transformToObservable(await handler(payload, ctx)), {
        defaultValue: undefined,
      });
      const env = HopEnvelopeSchema.safeParse(value);
      return env.success ? (env.data as HopOutcome<unknown>) : failure('internal', 'handler returned no envelope');
    } catch (err) {
      // What escaped the handler's exception filter: logged here with its stack (the job's
      // fields come from the context). An RpcException from Nest's default handler arrives
      // as a plain {status, message}.
      const message = err instanceof Error ? err.message : String((err as { message?: unknown })?.message ?? err);
      this.log.error({ msg: 'hop handler threw', error: message, stack: err instanceof Error ? err.stack : undefined });
      return failure('internal', message);
    }
  }

  on(): never {
    throw new Error('BullMqServer has no events to subscribe to');
  }

  unwrap<T>(): T {
    return this.worker as T;
  }

  async close(): Promise<void> {
    BullMqServer.instances.delete(this);
    const worker = this.worker;
    this.worker = null;
    if (worker) {
      // Stop taking jobs, let the ones in flight finish — but not forever.
      const started = Date.now();
      const timeoutMs = this.options.closeTimeoutMs;
      this.log.log({
        msg: 'draining',
        queue: this.queueName,
        in_flight: this.inFlight,
        timeout_ms: timeoutMs,
        replica: REPLICA,
      });
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<'timeout'>((r) => (timer = setTimeout(() => r('timeout'), timeoutMs)));
      const result = await Promise.race([worker.close().then(() => 'closed' as const), timedOut]);
      clearTimeout(timer);
      if (result === 'timeout') {
        this.log.warn({
          msg: 'drain timed out; forcing',
          queue: this.queueName,
          in_flight: this.inFlight,
          replica: REPLICA,
        });
        await worker.close(true).catch(() => undefined);
      } else {
        this.log.log({ msg: 'drained', queue: this.queueName, duration_ms: Date.now() - started, replica: REPLICA });
      }
    }
    this.connection?.disconnect();
    this.connection = null;
  }
}
