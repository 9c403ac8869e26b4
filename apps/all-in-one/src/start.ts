import type { AddressInfo } from 'node:net';
import { Global, Module, type DynamicModule, type INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { QUEUE_NAMES } from '@app/contracts';
import { ApiKeys, configureGateway, QUICK_START_KEY } from '@app/gateway';
import { appRoot, listenOn, PROCESS_APP_OPTIONS, serverFor, type AppConfig } from '@app/platform';
import { Logger as PinoLogger } from 'nestjs-pino';
import { AllInOneModule } from './all-in-one.module';

/** Hands the quick start's generated key (or none) to the gateway's key provider. */
@Global()
@Module({})
class QuickStartKeyModule {
  static with(key: string | null): DynamicModule {
    return {
      module: QuickStartKeyModule,
      providers: [{ provide: QUICK_START_KEY, useValue: key }],
      exports: [QUICK_START_KEY],
    };
  }
}

/**
 * Builds and starts everything in one process, with the configuration its caller parsed (main:
 * the environment; a test: the environment and its overrides): the gateway's HTTP routes and a
 * server per queue. One process is one gateway, so it may generate a key when GATEWAY_API_KEYS
 * is unset (returned as `quickStartKey`, for the start-up banner; never logged in full).
 */
export async function startAllInOne(
  config: AppConfig,
  opts: { listen?: boolean; logger?: false } = {},
): Promise<{ app: INestApplication; quickStartKey: string | null; address: AddressInfo | null }> {
  const quickStartKey = config.GATEWAY_API_KEYS ? null : ApiKeys.generate();
  const app = await NestFactory.create(appRoot(config, AllInOneModule, QuickStartKeyModule.with(quickStartKey)), {
    ...PROCESS_APP_OPTIONS,
    bodyParser: false,
    logger: opts.logger === false || config.LOG_LEVEL === 'silent' ? false : undefined,
  });
  if (opts.logger !== false && config.LOG_LEVEL !== 'silent') app.useLogger(app.get(PinoLogger));
  // signals are handled by main (exitCleanlyOnSignals); tests close the app themselves
  app.enableShutdownHooks([]);
  await configureGateway(app);
  for (const q of QUEUE_NAMES) app.connectMicroservice({ strategy: serverFor(q, config) }, { inheritAppConfig: true });
  await app.init(); // migrations, deployment identity, corpus: all before any queue is consumed
  await app.startAllMicroservices();
  const address = opts.listen === false ? null : await listenOn(app, config.HOST, config.PORT, 'PORT');
  return { app, quickStartKey, address };
}
