import { Redis, type RedisOptions } from 'ioredis';

/** The process' one producer connection (hop client, budgets, rate limits, readiness). */
export const PRODUCER_REDIS = Symbol('PRODUCER_REDIS');

/**
 * Producers (hop clients, gateway) fail fast: with the offline queue off, a command
 * while Redis is down errors at once instead of hanging a request.
 */
export function producerRedis(url: string, extra: RedisOptions = {}): Redis {
  return new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    lazyConnect: false,
    ...extra,
  });
}

/** Blocking consumers (BullMQ workers, QueueEvents) must retry forever. */
export function workerRedis(url: string, extra: RedisOptions = {}): Redis {
  return new Redis(url, { maxRetriesPerRequest: null, ...extra });
}

/** Resolves once the connection is ready (offline-queue-less clients need this). */
export async function whenReady(redis: Redis, timeoutMs = 1_000): Promise<void> {
  if (redis.status === 'ready') return;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      cleanup();
      reject(new Error('redis not ready'));
    }, timeoutMs);
    const onReady = () => {
      cleanup();
      resolve();
    };
    const cleanup = () => {
      clearTimeout(timer);
      redis.off('ready', onReady);
    };
    redis.on('ready', onReady);
  });
}
