import type { INestApplication } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { SwaggerModule } from '@nestjs/swagger';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import type { NextFunction, Request, Response } from 'express';
import helmet from 'helmet';
import { QUEUE_NAMES } from '@app/contracts';
import { HOP_CLIENT, httpMetrics, setQueueDepthSource, type BullHopClient } from '@app/platform';
import { API_KEYS, bearerKey, type ApiKeys } from './api-keys';
import { openApiDocument } from './openapi';

/** The chat page's static files: next to the sources, or next to the bundle in dist/. */
export function webRoot(): string | null {
  for (const dir of [
    join(process.cwd(), 'apps', 'web', 'public'),
    join(__dirname, '..', '..', '..', 'apps', 'web', 'public'),
  ])
    if (existsSync(join(dir, 'index.html'))) return dir;
  return null;
}

/**
 * The BullMQ dashboard at /admin/queues, read-only, for operator keys only (send
 * `Authorization: Bearer <operator key>`, e.g. through an authenticating proxy).
 */
async function mountQueueDashboard(app: INestApplication): Promise<void> {
  const keys = app.get<ApiKeys>(API_KEYS);
  const hops = app.get<BullHopClient>(HOP_CLIENT);
  const adapter = new ExpressAdapter();
  adapter.setBasePath('/admin/queues');
  createBullBoard({
    queues: (await hops.queues(QUEUE_NAMES)).map((q) => new BullMQAdapter(q, { readOnlyMode: true })),
    serverAdapter: adapter,
  });
  app.use('/admin/queues', (req: Request, res: Response, next: NextFunction) => {
    const who = keys.verify(bearerKey(req.headers.authorization));
    if (!who)
      return void res.status(401).json({ error: { code: 'unauthorized', message: 'missing or invalid API key' } });
    if (!who.operator)
      return void res
        .status(403)
        .json({ error: { code: 'forbidden', message: 'the queue dashboard needs an operator key' } });
    next();
  });
  app.use('/admin/queues', adapter.getRouter());
}

/** Body limit, security headers, API docs and the queue dashboard for any app that serves the gateway's routes. */
export async function configureGateway(app: INestApplication): Promise<void> {
  const express = app as NestExpressApplication;
  app.use(httpMetrics);
  // the queues' depth is queue-wide: the gateway exports it, not every worker replica again
  const hops = app.get<BullHopClient>(HOP_CLIENT);
  setQueueDepthSource(() => hops.depth(QUEUE_NAMES));
  express.useBodyParser('json', { limit: '32kb' });
  express.disable('x-powered-by');
  app.use(
    helmet({
      contentSecurityPolicy: {
        // plain-HTTP intranet deployments must keep working: no upgrade-insecure-requests
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          upgradeInsecureRequests: null,
        },
      },
    }),
  );
  const web = webRoot();
  if (web) express.useStaticAssets(web, { index: 'index.html', maxAge: '5m' });
  const doc = openApiDocument(app);
  SwaggerModule.setup('docs', app, doc, { jsonDocumentUrl: 'docs-json' });
  await mountQueueDashboard(app);
}
