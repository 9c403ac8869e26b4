import type { AddressInfo } from 'node:net';
import { Module, type DynamicModule, type INestApplication, type ModuleMetadata, type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Logger as PinoLogger } from 'nestjs-pino';
import type { QueueName } from '@app/contracts';
import { BullMqServer } from '../bullmq-server';
import { ConfigError, loadConfig, type AppConfig } from '../config';
import { REPLICA } from '../job-context';
import { checkPortFree, EXIT, portRefusal, StartupRefusal, urlOf } from '../startup';
import { ConfigModule } from './config.module';
import { HealthModule } from './health.controller';
import { LoggingModule } from './logging.module';

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

/** How every refused or failed start ends: one line on stderr, no stack, the exit code that says why. */
export function exitForStartError(e: unknown): never {
  if (e instanceof StartupRefusal) {
    process.stderr.write(`${e.message}\n`);
    process.exit(e.exitCode);
  }
  if (e instanceof ConfigError) {
    process.stderr.write(`${e.message}\n`);
    process.exit(EXIT.config);
  }
  process.stderr.write(`start-up failed: ${(e as Error)?.message ?? String(e)}\n`);
  process.exit(EXIT.failed);
}

/** Runs an app's start; any refusal or failure exits through exitForStartError. */
export function startOrExit(start: () => Promise<void>): void {
  start().catch(exitForStartError);
}

/**
 * Validates configuration before anything else; prints one line per bad variable and exits. The
 * one place a process parses its configuration: the result goes to appRoot, which injects it.
 */
export function configOrExit(): AppConfig {
  try {
    return loadConfig();
  } catch (e) {
    return exitForStartError(e);
  }
}

/**
 * Nest options for an app's process: logs buffered until pino takes over, and a failure while
 * the modules are built comes back to startOrExit (one line) instead of Nest's stack and abort().
 */
export const PROCESS_APP_OPTIONS = { bufferLogs: true, abortOnError: false } as const;

/** Listens on HOST:port and returns the real address; a port that cannot be bound is a refusal. */
export async function listenOn(
  app: INestApplication,
  host: string,
  port: number,
  variable: string,
): Promise<AddressInfo> {
  try {
    await app.listen(port, host);
  } catch (e) {
    throw portRefusal(e as NodeJS.ErrnoException, host, port, variable);
  }
  return app.getHttpServer().address() as AddressInfo;
}

/** The start-up line of a process: where it really listens, and which replica it is. */
export function logListening(app: INestApplication, what: Record<string, unknown>, address: AddressInfo): void {
  app
    .get(PinoLogger)
    .log(
      { msg: 'started', ...what, url: urlOf(address), host: address.address, port: address.port, replica: REPLICA },
      'Bootstrap',
    );
}

@Module({})
class AppRoot {}

/** An app's root module: the modules it runs, with the configuration the process parsed injected as APP_CONFIG. */
export function appRoot(config: AppConfig, ...modules: NonNullable<ModuleMetadata['imports']>): DynamicModule {
  return { module: AppRoot, imports: [ConfigModule.forRoot(config), ...modules] };
}

/**
 * Starts an app that consumes queues (a worker or the orchestrator): the queue servers plus a
 * small HTTP port (METRICS_PORT, else `defaultPort`) for /health, /ready and /metrics. `module`
 * declares its own infrastructure (configuration, queues, database); this adds what every
 * process serves: the logger and the health routes. A taken port stops it before it connects
 * to anything; the deployment identity is checked (app.init) before the port opens and before
 * any job is taken.
 */
export function runQueueApp(module: Type, queues: QueueName[], defaultPort: number): void {
  startOrExit(async () => {
    const config = configOrExit();
    const port = config.METRICS_PORT ?? defaultPort;
    await checkPortFree(config.HOST, port, 'METRICS_PORT');
    const app = await NestFactory.create(appRoot(config, module, LoggingModule, HealthModule), PROCESS_APP_OPTIONS);
    app.useLogger(app.get(PinoLogger));
    exitCleanlyOnSignals(app, config.SHUTDOWN_TIMEOUT_MS);
    for (const q of queues) app.connectMicroservice({ strategy: serverFor(q, config) }, { inheritAppConfig: true });
    await app.init(); // migrations, deployment identity, corpus: all before any queue is consumed
    const address = await listenOn(app, config.HOST, port, 'METRICS_PORT');
    await app.startAllMicroservices();
    logListening(app, { queues }, address);
  });
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
