import { randomUUID } from 'node:crypto';
import type { INestMicroservice, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Job, Queue, QueueEvents } from 'bullmq';
import { Redis } from 'ioredis';
import type { QueueName } from '@app/contracts';
import { appRoot, BullHopClient, RequestBudget, serverFor } from '@app/platform';
import { testConfig } from '../support/test-config';

/** How a raw job ended: completed with the worker's envelope, or failed with its reason. */
export type RawOutcome = { state: 'completed'; value: unknown } | { state: 'failed'; reason: string };

export interface RawQueue {
  /**
   * Puts a job on the queue with a bare `Queue.add`, skipping every check the hop client makes,
   * so the worker's own checks are what answers; waits for the job to end.
   */
  run(op: string, data: unknown): Promise<RawOutcome>;
  close(): Promise<void>;
}

/** A bare BullMQ producer on `queue` under `prefix`. */
export async function rawQueue(redisUrl: string, prefix: string, queue: QueueName): Promise<RawQueue> {
  const producer = new Redis(redisUrl, { maxRetriesPerRequest: null });
  const listener = new Redis(redisUrl, { maxRetriesPerRequest: null });
  const q = new Queue(queue, { connection: producer, prefix });
  const events = new QueueEvents(queue, { connection: listener, prefix });
  await events.waitUntilReady();
  return {
    async run(op, data) {
      const added = await q.add(op, data);
      // resolves on completion, rejects on failure: either way the job's own record says how it ended
      await added.waitUntilFinished(events, 10_000).catch(() => undefined);
      const job = await Job.fromId(q, added.id!);
      if (job?.failedReason) return { state: 'failed', reason: job.failedReason };
      if (job?.finishedOn) return { state: 'completed', value: job.returnvalue };
      throw new Error(`raw job ${queue}.${op} did not end within 10 s`);
    },
    async close() {
      await events.close();
      await q.close();
      producer.disconnect();
      listener.disconnect();
    },
  };
}

export interface Harness {
  hops: BullHopClient;
  /** The same queue, fed raw jobs. */
  raw: RawQueue;
  budget: RequestBudget;
  /** A fresh turn with a started budget, and its hop ticket. */
  turn(): Promise<{ turnId: string; deadline: number }>;
  close(): Promise<void>;
}

/** Starts one worker module alone, consuming its real BullMQ queue, plus a hop client to feed it. */
export async function startWorker(module: Type, queue: QueueName): Promise<Harness> {
  const config = testConfig();
  // the worker module declares its own infrastructure, as its main runs it
  const app: INestMicroservice = await NestFactory.createMicroservice(appRoot(config, module), {
    strategy: serverFor(queue, config),
    logger: false,
  });
  await app.init();
  await app.listen();
  const hops = new BullHopClient(config.REDIS_URL, config.QUEUE_PREFIX);
  const raw = await rawQueue(config.REDIS_URL, config.QUEUE_PREFIX, queue);
  const redis = new Redis(config.REDIS_URL);
  const budget = new RequestBudget(redis, config.QUEUE_PREFIX);
  return {
    hops,
    raw,
    budget,
    async turn() {
      const turnId = randomUUID();
      const t = await budget.start(turnId, 30_000, 8);
      return { turnId, deadline: t.deadline };
    },
    async close() {
      await hops.close();
      await raw.close();
      redis.disconnect();
      await app.close();
    },
  };
}
