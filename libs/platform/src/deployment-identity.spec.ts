import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import {
  claimPrefix,
  identityConflict,
  identityKey,
  parseIdentityRecord,
  type IdentityRecord,
} from './deployment-identity';

const record = (id: string, source: IdentityRecord['source'] = 'database'): IdentityRecord => ({
  id,
  source,
  database: source === 'database' ? 'pg-a:5432/duocthu' : null,
  claimed_at: '2026-12-01T00:00:00.000Z',
});

describe('deployment identity: a deployment owns its QUEUE_PREFIX', () => {
  it('lets a process of the same deployment use the prefix', () => {
    expect(identityConflict('duocthu', record('a'), record('a'))).toBeNull();
  });

  it('refuses another deployment with one line naming the prefix, both deployments and the way out', () => {
    const line = identityConflict('duocthu', record('a'), record('hospital-b', 'DEPLOYMENT_ID'))!;
    expect(line.split('\n')).toHaveLength(1);
    expect(line).toMatch(/^refusing to start: QUEUE_PREFIX "duocthu" on this Redis belongs to deployment "a"/);
    expect(line).toContain('the id of database pg-a:5432/duocthu');
    expect(line).toContain('this process is deployment "hospital-b" (DEPLOYMENT_ID)');
    expect(line).toContain('delete the Redis key duocthu:deployment');
  });

  it('reads an unreadable record as somebody else, never as this deployment', () => {
    expect(parseIdentityRecord(null)).toBeNull();
    const junk = parseIdentityRecord('not json')!;
    expect(identityConflict('p', junk, record('a'))).toMatch(/unreadable record/);
  });

  it('on real Redis: the first process claims the prefix, the next of the same deployment agrees, another is refused', async () => {
    const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
    const prefix = `unit_identity_${randomBytes(4).toString('hex')}`;
    try {
      expect(await claimPrefix(redis, prefix, record('a'))).toEqual(record('a'));
      expect(identityConflict(prefix, await claimPrefix(redis, prefix, record('a')), record('a'))).toBeNull();
      const other = record('b');
      expect(identityConflict(prefix, await claimPrefix(redis, prefix, other), other)).toMatch(
        /belongs to deployment "a"/,
      );
      expect(JSON.parse((await redis.get(identityKey(prefix)))!)).toMatchObject({ id: 'a' });
    } finally {
      await redis.del(identityKey(prefix));
      redis.disconnect();
    }
  });
});
