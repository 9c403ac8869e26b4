import { Inject, Injectable, Logger, Optional, type OnApplicationBootstrap } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig } from './config';
import { PRODUCER_REDIS, whenReady } from './redis';
import { EXIT, StartupRefusal } from './startup';

/**
 * A deployment owns its QUEUE_PREFIX on a Redis. Two deployments sharing a prefix take each
 * other's turns and answer them from the wrong database; so every process, before it takes a
 * job or a request, checks the prefix's identity record against its own identity — an explicit
 * DEPLOYMENT_ID, or else the id its database was given when migrated — and refuses to start
 * when they disagree. The first process of a deployment writes the record.
 */
export interface IdentityRecord {
  id: string;
  source: 'DEPLOYMENT_ID' | 'database';
  /** host:port/name of the process' database (no credentials), when it has one. */
  database: string | null;
  claimed_at: string;
}

/** The database's side of the identity; DatabaseModule provides it. */
export interface DatabaseIdentity {
  id(): Promise<string>;
  /** host:port/name, never the credentials. */
  describe(): string;
}
export const DATABASE_IDENTITY = Symbol('DATABASE_IDENTITY');

export const identityKey = (prefix: string): string => `${prefix}:deployment`;

function describe(r: IdentityRecord): string {
  const from = r.source === 'database' ? `the id of database ${r.database}` : 'DEPLOYMENT_ID';
  return `deployment "${r.id}" (${from})`;
}

/** Pure: null when this process may use the prefix, else the one line it refuses with. */
export function identityConflict(prefix: string, recorded: IdentityRecord, mine: IdentityRecord): string | null {
  if (recorded.id === mine.id) return null;
  return (
    `refusing to start: QUEUE_PREFIX "${prefix}" on this Redis belongs to ${describe(recorded)}, ` +
    `claimed ${recorded.claimed_at}; this process is ${describe(mine)}. Two deployments on one Redis need ` +
    `their own QUEUE_PREFIX; one deployment needs one DEPLOYMENT_ID (or one database) on every process; ` +
    `if its database was replaced on purpose, delete the Redis key ${identityKey(prefix)}`
  );
}

/** Reads a stored record; anything unreadable is a record of nobody this process knows. */
export function parseIdentityRecord(raw: string | null): IdentityRecord | null {
  if (raw === null) return null;
  try {
    const r = JSON.parse(raw) as Partial<IdentityRecord>;
    if (typeof r.id === 'string' && r.id)
      return {
        id: r.id,
        source: r.source === 'DEPLOYMENT_ID' ? 'DEPLOYMENT_ID' : 'database',
        database: typeof r.database === 'string' ? r.database : null,
        claimed_at: String(r.claimed_at ?? 'at an unknown time'),
      };
  } catch {
    // fall through
  }
  return { id: `unreadable record ${raw.slice(0, 40)}`, source: 'DEPLOYMENT_ID', database: null, claimed_at: '?' };
}

/** Writes the record if the prefix has none (SET NX); returns the record that stands afterwards. */
export async function claimPrefix(redis: Redis, prefix: string, mine: IdentityRecord): Promise<IdentityRecord> {
  const key = identityKey(prefix);
  if ((await redis.set(key, JSON.stringify(mine), 'NX')) === 'OK') return mine;
  return parseIdentityRecord(await redis.get(key)) ?? (await claimPrefix(redis, prefix, mine));
}

/** How long start-up waits for Redis before it gives up checking (and starting). */
const REDIS_WAIT_MS = 30_000;

/** Runs the check once the modules are up (migrations done), before any queue or port is opened. */
@Injectable()
export class DeploymentIdentityCheck implements OnApplicationBootstrap {
  private readonly log = new Logger('DeploymentIdentity');

  constructor(
    @Inject(PRODUCER_REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Optional() @Inject(DATABASE_IDENTITY) private readonly database: DatabaseIdentity | null,
  ) {}

  async mine(): Promise<IdentityRecord> {
    const database = this.database?.describe() ?? null;
    const claimed_at = new Date().toISOString();
    if (this.config.DEPLOYMENT_ID)
      return { id: this.config.DEPLOYMENT_ID, source: 'DEPLOYMENT_ID', database, claimed_at };
    if (!this.database)
      throw new StartupRefusal(
        'refusing to start: this process has no database to tell its deployment by; set DEPLOYMENT_ID',
        EXIT.config,
      );
    let id: string;
    try {
      id = await this.database.id();
    } catch (e) {
      throw new StartupRefusal(
        `refusing to start: cannot read the deployment id of database ${database} (are its migrations applied?): ${(e as Error).message}`,
        EXIT.failed,
      );
    }
    return { id, source: 'database', database, claimed_at };
  }

  async onApplicationBootstrap(): Promise<void> {
    const mine = await this.mine();
    const prefix = this.config.QUEUE_PREFIX;
    let recorded: IdentityRecord;
    try {
      await whenReady(this.redis, REDIS_WAIT_MS);
      recorded = await claimPrefix(this.redis, prefix, mine);
    } catch (e) {
      throw new StartupRefusal(
        `refusing to start: cannot check who owns QUEUE_PREFIX "${prefix}" on Redis: ${(e as Error).message}`,
        EXIT.failed,
      );
    }
    const conflict = identityConflict(prefix, recorded, mine);
    if (conflict) throw new StartupRefusal(conflict, EXIT.config);
    this.log.log({
      msg: 'deployment identity checked',
      queue_prefix: prefix,
      deployment: mine.id,
      source: mine.source,
    });
  }
}
