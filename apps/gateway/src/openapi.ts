import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'] as const;

/**
 * Pure: the last word on the generated document. A route that declares no security is public
 * (health, readiness, metrics) and says so with `security: []`, so a client generator or
 * linter never has to guess whether it needs the key.
 */
export function completeOpenApi(doc: OpenAPIObject): OpenAPIObject {
  for (const item of Object.values(doc.paths))
    for (const method of METHODS) {
      const op = item[method];
      if (op && !op.security) op.security = [];
    }
  return doc;
}

/** The gateway's OpenAPI document, served at /docs (UI) and /docs-json. */
export function openApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('duocthu-rag')
    .setDescription(
      'Grounded question answering over the Vietnamese national drug formulary. Every /v1 route needs ' +
        '`Authorization: Bearer <key>`; errors are `{ "error": { "code", "message" } }`. ' +
        'Sample data — not for clinical use.',
    )
    .setVersion('0.1.0')
    .setLicense('UNLICENSED (proprietary; the shipped corpus is sample data, not for clinical use)', '')
    .addServer('/', 'the gateway serving this document')
    .addBearerAuth()
    .build();
  return completeOpenApi(SwaggerModule.createDocument(app, config));
}
