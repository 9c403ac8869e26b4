import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { QUEUE_NAMES } from '@app/contracts';
import { configureGateway } from '@app/gateway';
import { loadConfig, serverFor, type AppConfig } from '@app/platform';
import { Logger as PinoLogger } from 'nestjs-pino';
import { AllInOneModule } from './all-in-one.module';

/** Builds and starts everything in one process: the gateway's HTTP routes and a server per queue. */
export async function startAllInOne(
  opts: { listen?: boolean; logger?: false } = {},
): Promise<{ app: INestApplication; config: AppConfig }> {
  const config = loadConfig();
  const app = await NestFactory.create(AllInOneModule, {
    bodyParser: false,
    bufferLogs: true,
    logger: opts.logger === false || config.LOG_LEVEL === 'silent' ? false : undefined,
  });
  if (opts.logger !== false && config.LOG_LEVEL !== 'silent') app.useLogger(app.get(PinoLogger));
  // signals are handled by main (exitCleanlyOnSignals); tests close the app themselves
  app.enableShutdownHooks([]);
  await configureGateway(app);
  for (const q of QUEUE_NAMES) app.connectMicroservice({ strategy: serverFor(q, config) }, { inheritAppConfig: true });
  await app.init(); // modules (corpus, migrations) are ready before any queue is consumed
  await app.startAllMicroservices();
  if (opts.listen !== false) await app.listen(config.PORT, '0.0.0.0');
  return { app, config };
}
