import { Client } from 'pg';
import { PG_BASE, REDIS_URL, testRunIds } from './test-env';

export default async function globalSetup(): Promise<void> {
  const { database, prefix } = testRunIds();
  const admin = new Client({ connectionString: `${PG_BASE}/postgres` });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${database}"`);
  await admin.end();
  process.env.DATABASE_URL = `${PG_BASE}/${database}`;
  process.env.QUEUE_PREFIX = prefix;
  process.env.REDIS_URL = REDIS_URL;
  process.env.DUOCTHU_TEST_DATABASE = database;
}
