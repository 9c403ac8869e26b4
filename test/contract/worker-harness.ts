import { randomUUID } from 'node:crypto';
import type { INestMicroservice, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Redis } from 'ioredis';
import type { QueueName } from '@app/contracts';
import { BullHopClient, loadConfig, RequestBudget, serverFor } from '@app/platform';
import { API_KEYS } from '../support/test-env';

export interface Harness {
  hops: BullHopClient;
  budget: RequestBudget;
  /** A fresh turn with a started budget, and its hop ticket. */
  turn(): Promise<{ turnId: string; deadline: number }>;
  close(): Promise<void>;
}

/** Starts one worker module alone, consuming its real BullMQ queue, plus a hop client to feed it. */
export async function startWorker(module: Type, queue: QueueName): Promise<Harness> {
  process.env.GATEWAY_API_KEYS = API_KEYS;
  process.env.LOG_LEVEL = 'silent';
  const config = loadConfig();
  // the worker module declares its own infrastructure, as its main runs it
  const app: INestMicroservice = await NestFactory.createMicroservice(module, {
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
