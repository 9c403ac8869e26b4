import type { INestApplication } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';

/** Body limits and error shape for any app that serves the gateway's routes. */
export function configureGateway(app: INestApplication): void {
  const express = app as NestExpressApplication;
  express.useBodyParser('json', { limit: '32kb' });
  express.disable('x-powered-by');
}
