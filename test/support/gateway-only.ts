import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { configureGateway, GatewayModule } from '@app/gateway';
import { appRoot } from '@app/platform';
import { testConfig } from './test-config';

/** A second gateway replica: HTTP only, no workers, the same Postgres and Redis. */
export async function startGatewayOnly(): Promise<INestApplication> {
  const app = await NestFactory.create(appRoot(testConfig(), GatewayModule), { bodyParser: false, logger: false });
  await configureGateway(app);
  await app.init();
  return app;
}
