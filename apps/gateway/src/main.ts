import { Logger as PinoLogger } from 'nestjs-pino';
import { NestFactory } from '@nestjs/core';
import { configOrExit, exitCleanlyOnSignals } from '@app/platform';
import { configureGateway } from './configure-app';
import { GatewayModule } from './gateway.module';

async function main(): Promise<void> {
  const config = configOrExit();
  const app = await NestFactory.create(GatewayModule, { bodyParser: false, bufferLogs: true });
  app.useLogger(app.get(PinoLogger));
  exitCleanlyOnSignals(app, config.SHUTDOWN_TIMEOUT_MS);
  await configureGateway(app);
  await app.listen(config.PORT, '0.0.0.0');
  app.get(PinoLogger).log(`listening on http://127.0.0.1:${config.PORT}`, 'Gateway');
}

void main();
