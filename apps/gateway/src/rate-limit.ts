import { createHash } from 'node:crypto';
import { Injectable, type ExecutionContext } from '@nestjs/common';
import { ThrottlerGuard, type ThrottlerStorage } from '@nestjs/throttler';
import type { ThrottlerStorageRecord } from '@nestjs/throttler/dist/throttler-storage-record.interface';
import type { Redis } from 'ioredis';
import { bearerKey } from './api-keys';

// One window per key: count the hit, (re)arm the expiry, block past the limit.
const HIT = `
local hits = redis.call('INCR', KEYS[1])
if hits == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
local blocked = 0
local blockTtl = 0
if hits > tonumber(ARGV[2]) then
  if redis.call('SET', KEYS[2], '1', 'PX', ARGV[3], 'NX') then blockTtl = tonumber(ARGV[3]) else blockTtl = redis.call('PTTL', KEYS[2]) end
  blocked = 1
end
return {hits, ttl, blocked, blockTtl}
`;

/** Rate-limit counters in Redis, so every gateway replica shares one limit per key. */
export class RedisThrottlerStorage implements ThrottlerStorage {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  async increment(
    key: string,
    ttl: number,
    limit: number,
    blockDuration: number,
    name: string,
  ): Promise<ThrottlerStorageRecord> {
    const base = `${this.prefix}:rate:${name}:${key}`;
    let hits: number, ttlMs: number, blocked: number, blockMs: number;
    try {
      [hits, ttlMs, blocked, blockMs] = (await this.redis.eval(
        HIT,
        2,
        base,
        `${base}:blocked`,
        ttl,
        limit,
        blockDuration || ttl,
      )) as number[];
    } catch {
      // Redis down: limiting fails open; the turn itself then answers 503 at the queue
      return { totalHits: 0, timeToExpire: 0, isBlocked: false, timeToBlockExpire: 0 };
    }
    return {
      totalHits: hits,
      timeToExpire: Math.max(0, Math.ceil(ttlMs / 1000)),
      isBlocked: blocked === 1,
      timeToBlockExpire: Math.max(0, Math.ceil(blockMs / 1000)),
    };
  }
}

/** Per API key (hashed), on /v1 routes only; health, metrics and docs are never limited. */
@Injectable()
export class ApiKeyThrottlerGuard extends ThrottlerGuard {
  protected override async getTracker(req: Record<string, unknown>): Promise<string> {
    const token = bearerKey((req.headers as Record<string, string | undefined>)?.authorization);
    return token
      ? `key:${createHash('sha256').update(token).digest('hex').slice(0, 32)}`
      : `ip:${String(req.ip ?? 'unknown')}`;
  }

  protected override async shouldSkip(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<{ path?: string; url?: string }>();
    return !(req.path ?? req.url ?? '').startsWith('/v1/');
  }
}
