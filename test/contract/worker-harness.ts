import { randomUUID } from 'node:crypto';
import type { INestMicroservice, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Redis } from 'ioredis';
import type { QueueName } from '@app/contracts';
import { DatabaseModule } from '@app/persistence';
import { appRoot, BullHopClient, RequestBudget, serverFor } from '@app/platform';
import { testConfig } from '../support/test-config';

export interface Harness {
  hops: BullHopClient;
  budget: RequestBudget;
  /** A fresh turn with a started budget, and its hop ticket. */
  turn(): Promise<{ turnId: string; deadline: number }>;
  close(): Promise<void>;
}

/** Starts one worker module alone, consuming its real BullMQ queue, plus a hop client to feed it. */
export async function startWorker(module: Type, queue: QueueName): Promise<Harness> {
  const config = testConfig();
  // as each worker's main does: its database tells which deployment owns the queue prefix
  const app: INestMicroservice = await NestFactory.createMicroservice(appRoot(config, module, DatabaseModule), {
    strategy: serverFor(queue, config),
    logger: false,
  });
  await app.init();
  await app.listen();
  const hops = new BullHopClient(config.REDIS_URL, config.QUEUE_PREFIX);
  const redis = new Redis(config.REDIS_URL);
  const budget = new RequestBudget(redis, config.QUEUE_PREFIX);
  return {
    hops,
    budget,
    async turn() {
      const turnId = randomUUID();
      const t = await budget.start(turnId, 30_000, 8);
      return { turnId, deadline: t.deadline };
    },
    async close() {
      await hops.close();
      redis.disconnect();
      await app.close();
    },
  };
}
