import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { configureGateway, GatewayModule } from '@app/gateway';
import { API_KEYS } from './test-env';

/** A second gateway replica: HTTP only, no workers, the same Postgres and Redis. */
export async function startGatewayOnly(): Promise<INestApplication> {
  process.env.GATEWAY_API_KEYS = API_KEYS;
  process.env.LOG_LEVEL = 'silent';
  const app = await NestFactory.create(GatewayModule, { bodyParser: false, logger: false });
  await configureGateway(app);
  await app.init();
  return app;
}
