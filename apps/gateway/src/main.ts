import { Logger as PinoLogger } from 'nestjs-pino';
import { NestFactory } from '@nestjs/core';
import {
  appRoot,
  checkPortFree,
  configOrExit,
  ConfigError,
  exitCleanlyOnSignals,
  listenOn,
  logListening,
  PROCESS_APP_OPTIONS,
  startOrExit,
} from '@app/platform';
import { ApiKeys } from './api-keys';
import { configureGateway } from './configure-app';
import { GATEWAY_KEYS_REQUIRED, GatewayModule } from './gateway.module';

startOrExit(async () => {
  const config = configOrExit();
  // refused before anything connects: no keys (replicas would each invent one), bad keys, a taken port
  if (!config.GATEWAY_API_KEYS) throw new ConfigError(GATEWAY_KEYS_REQUIRED);
  new ApiKeys(config.GATEWAY_API_KEYS);
  await checkPortFree(config.HOST, config.PORT, 'PORT');
  const app = await NestFactory.create(appRoot(config, GatewayModule), { ...PROCESS_APP_OPTIONS, bodyParser: false });
  app.useLogger(app.get(PinoLogger));
  exitCleanlyOnSignals(app, config.SHUTDOWN_TIMEOUT_MS);
  await configureGateway(app);
  await app.init(); // migrations and the deployment identity, before the port opens
  logListening(app, { app: 'gateway' }, await listenOn(app, config.HOST, config.PORT, 'PORT'));
});
