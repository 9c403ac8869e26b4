import { Redis } from 'ioredis';
import { Client } from 'pg';
import { PG_BASE, REDIS_URL } from './test-env';

export default async function globalTeardown(): Promise<void> {
  const database = process.env.DUOCTHU_TEST_DATABASE;
  const prefix = process.env.QUEUE_PREFIX;
  if (database) {
    const admin = new Client({ connectionString: `${PG_BASE}/postgres` });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
    await admin.end();
  }
  if (prefix?.startsWith('test_')) {
    const redis = new Redis(REDIS_URL);
    // `${prefix}*`, not `${prefix}:*`: suites that need their own namespace use `${prefix}_<suite>`
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
      cursor = next;
      if (keys.length) await redis.del(...keys);
    } while (cursor !== '0');
    redis.disconnect();
  }
}
