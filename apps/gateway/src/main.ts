import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { configOrExit } from '@app/platform';
import { configureGateway } from './configure-app';
import { GatewayModule } from './gateway.module';

async function main(): Promise<void> {
  const config = configOrExit();
  const app = await NestFactory.create(GatewayModule, { bodyParser: false });
  app.enableShutdownHooks();
  configureGateway(app);
  await app.listen(config.PORT, '0.0.0.0');
  new Logger('Gateway').log(`listening on http://127.0.0.1:${config.PORT}`);
}

void main();
