import type { INestApplication } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { startAllInOne } from '../../apps/all-in-one/src/start';
import { API_KEYS } from './test-env';

export interface Stack {
  app: INestApplication;
  http: ReturnType<INestApplication['getHttpServer']>;
  ds: DataSource;
  close(): Promise<void>;
}

/** Everything in-process over the run's real Postgres database and Redis prefix. */
export async function startStack(env: Record<string, string> = {}): Promise<Stack> {
  const saved: Record<string, string | undefined> = {};
  const settings = { GATEWAY_API_KEYS: API_KEYS, LOG_LEVEL: 'silent', ...env };
  for (const [k, v] of Object.entries(settings)) {
    saved[k] = process.env[k];
    process.env[k] = v;
  }
  try {
    const { app } = await startAllInOne({ listen: false, logger: false });
    return {
      app,
      http: app.getHttpServer(),
      ds: app.get(DataSource),
      close: () => app.close(),
    };
  } finally {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }
}
