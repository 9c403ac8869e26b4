import type { INestApplication } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { startAllInOne } from '../../apps/all-in-one/src/start';
import { testConfig, type ConfigOverrides } from './test-config';

export interface Stack {
  app: INestApplication;
  http: ReturnType<INestApplication['getHttpServer']>;
  ds: DataSource;
  close(): Promise<void>;
}

/** Everything in-process over the run's real Postgres database and Redis prefix, configured by testConfig(overrides). */
export async function startStack(overrides: ConfigOverrides = {}): Promise<Stack> {
  const { app } = await startAllInOne(testConfig(overrides), { listen: false, logger: false });
  return {
    app,
    http: app.getHttpServer(),
    ds: app.get(DataSource),
    close: () => app.close(),
  };
}
