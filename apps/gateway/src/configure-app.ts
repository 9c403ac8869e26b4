import type { INestApplication } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import helmet from 'helmet';

/** Body limit, security headers and API docs for any app that serves the gateway's routes. */
export function configureGateway(app: INestApplication): void {
  const express = app as NestExpressApplication;
  express.useBodyParser('json', { limit: '32kb' });
  express.disable('x-powered-by');
  app.use(helmet({ contentSecurityPolicy: false }));
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
