import { Module, type INestApplication, type Type } from '@nestjs/common';
import { Logger as PinoLogger } from 'nestjs-pino';
import { LoggingModule } from './logging.module';
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

@Module({})
class QueueAppRoot {}

/**
 * Starts an app that consumes queues (a worker or the orchestrator): the queue servers
 * plus a small HTTP port for /health, /ready and /metrics.
 */
export async function runQueueApp(module: Type, queues: QueueName[], defaultPort: number): Promise<INestApplication> {
  const config = configOrExit();
  const app = await NestFactory.create({ module: QueueAppRoot, imports: [module, LoggingModule] } as unknown as Type, {
    bufferLogs: true,
  });
  app.useLogger(app.get(PinoLogger));
  exitCleanlyOnSignals(app, config.SHUTDOWN_TIMEOUT_MS);
  for (const q of queues) app.connectMicroservice({ strategy: serverFor(q, config) }, { inheritAppConfig: true });
  await app.init(); // modules (corpus, migrations) are ready before any queue is consumed
  await app.startAllMicroservices();
  const port = config.METRICS_PORT || defaultPort;
  await app.listen(port, '0.0.0.0');
  app.get(PinoLogger).log(`consuming ${queues.join(', ')}; health on :${port}`, 'Bootstrap');
  return app;
}

/**
 * SIGTERM/SIGINT: stop taking jobs, finish the ones in flight (bounded by
 * SHUTDOWN_TIMEOUT_MS in each queue server), run every shutdown hook, exit 0. Nest's own
 * enableShutdownHooks() re-raises the signal after closing, which exits non-zero; a
 * rolling deploy should see a clean exit.
 */
export function exitCleanlyOnSignals(app: INestApplication, timeoutMs: number): void {
  let closing = false;
  const stop = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    const force = setTimeout(() => {
      process.stderr.write(`shutdown after ${signal} took longer than ${timeoutMs} ms; exiting\n`);
      process.exit(1);
    }, timeoutMs + 5_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (e) => {
        process.stderr.write(`shutdown failed: ${(e as Error).message}\n`);
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}
