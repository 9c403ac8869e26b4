import { randomBytes } from 'node:crypto';

/** One database and one Redis key prefix per test run, so two runs never collide. */
export function testRunIds(): { database: string; prefix: string } {
  const tag = `${process.pid}_${randomBytes(3).toString('hex')}`;
  return { database: `duocthu_test_${tag}`, prefix: `test_${tag}` };
}

export const PG_BASE = process.env.TEST_PG_BASE ?? 'postgres://postgres@127.0.0.1:5432';
export const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

export const USER_KEY = 'ward7-key-0001';
export const OTHER_KEY = 'ward9-key-0002';
export const OPERATOR_KEY = 'oncall-key-0003';
export const API_KEYS = `ward7:${USER_KEY},ward9:${OTHER_KEY},operator:oncall:${OPERATOR_KEY}`;
