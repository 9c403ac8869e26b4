import { Logger, type INestApplication, type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { QueueName } from '@app/contracts';
import { BullMqServer } from '../bullmq-server';
import { ConfigError, loadConfig, type AppConfig } from '../config';

/** Default concurrency per worker kind when WORKER_CONCURRENCY is 0. */
export const DEFAULT_CONCURRENCY: Record<QueueName, number> = {
  turns: 32,
  understanding: 16,
  retrieval: 16,
  generation: 16,
  verification: 16,
};

export function serverFor(queue: QueueName, c: AppConfig): BullMqServer {
  return new BullMqServer(queue, {
    redisUrl: c.REDIS_URL,
    prefix: c.QUEUE_PREFIX,
    concurrency: c.WORKER_CONCURRENCY || DEFAULT_CONCURRENCY[queue],
    closeTimeoutMs: c.SHUTDOWN_TIMEOUT_MS,
  });
}

/** Validates configuration before anything else; prints one line per bad variable and exits. */
export function configOrExit(): AppConfig {
  try {
    return loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      process.stderr.write(`${e.message}\n`);
      process.exit(1);
    }
    throw e;
  }
}

/**
 * Starts an app that consumes queues (a worker or the orchestrator): the queue servers
 * plus a small HTTP port for /health, /ready and /metrics.
 */
export async function runQueueApp(module: Type, queues: QueueName[], defaultPort: number): Promise<INestApplication> {
  const config = configOrExit();
  const app = await NestFactory.create(module, { logger: config.LOG_LEVEL === 'silent' ? false : undefined });
  app.enableShutdownHooks();
  for (const q of queues) app.connectMicroservice({ strategy: serverFor(q, config) }, { inheritAppConfig: true });
  await app.init(); // modules (corpus, migrations) are ready before any queue is consumed
  await app.startAllMicroservices();
  const port = config.METRICS_PORT || defaultPort;
  await app.listen(port, '0.0.0.0');
  new Logger('Bootstrap').log(`consuming ${queues.join(', ')}; health on :${port}`);
  return app;
}
