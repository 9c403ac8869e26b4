import type { INestApplication } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import helmet from 'helmet';

/** The chat page's static files: next to the sources, or next to the bundle in dist/. */
export function webRoot(): string | null {
  for (const dir of [join(process.cwd(), 'apps', 'web', 'public'), join(__dirname, '..', '..', '..', 'apps', 'web', 'public')])
    if (existsSync(join(dir, 'index.html'))) return dir;
  return null;
}

/** Body limit, security headers and API docs for any app that serves the gateway's routes. */
export function configureGateway(app: INestApplication): void {
  const express = app as NestExpressApplication;
  express.useBodyParser('json', { limit: '32kb' });
  express.disable('x-powered-by');
  app.use(
    helmet({
      contentSecurityPolicy: {
        // plain-HTTP intranet deployments must keep working: no upgrade-insecure-requests
        directives: { defaultSrc: ["'self'"], scriptSrc: ["'self'"], styleSrc: ["'self'", "'unsafe-inline'"], imgSrc: ["'self'", 'data:'], connectSrc: ["'self'"], upgradeInsecureRequests: null },
      },
    }),
  );
  const web = webRoot();
  if (web) express.useStaticAssets(web, { index: 'index.html', maxAge: '5m' });
  const doc = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('duocthu-rag')
      .setDescription('Grounded question answering over the Vietnamese national drug formulary. Sample data — not for clinical use.')
      .setVersion('0.1.0')
      .addBearerAuth()
      .build(),
  );
  SwaggerModule.setup('docs', app, doc, { jsonDocumentUrl: 'docs-json' });
}
