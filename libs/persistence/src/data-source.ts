import { Client } from 'pg';
import { DataSource, type QueryRunner } from 'typeorm';
import { ConversationEntity } from './entities/conversation.entity';
import { ConversationLineEntity } from './entities/conversation-line.entity';
import { CorpusDrugEntity, CorpusPartEntity, CorpusVersionEntity } from './entities/corpus.entity';
import { TraceEventEntity } from './entities/trace-event.entity';
import { TurnEntity } from './entities/turn.entity';
import { Init1764700000000 } from './migrations/1764700000000-init';
import { LineCount1764800000000 } from './migrations/1764800000000-line-count';
import { Deployment1764900000000 } from './migrations/1764900000000-deployment';

export const ENTITIES = [
  ConversationEntity,
  ConversationLineEntity,
  TurnEntity,
  TraceEventEntity,
  CorpusVersionEntity,
  CorpusDrugEntity,
  CorpusPartEntity,
];
export const MIGRATIONS = [Init1764700000000, LineCount1764800000000, Deployment1764900000000];

/** An arbitrary constant: every replica takes this lock before migrating. */
const MIGRATION_LOCK = 724_511_093;

export function createDataSource(url: string, poolSize = 10): DataSource {
  return new DataSource({
    type: 'postgres',
    url,
    entities: ENTITIES,
    migrations: MIGRATIONS,
    synchronize: false,
    migrationsRun: false,
    logging: false,
    extra: { max: poolSize, connectionTimeoutMillis: 3_000, statement_timeout: 15_000 },
  });
}

/** host:port/name of a database URL, without its credentials (for logs and refusals). */
export function describeDatabase(url: string): string {
  const u = new URL(url);
  return `${u.hostname}:${u.port || 5432}${u.pathname}`;
}

/** The id this database was given when migrated: the deployment's identity when DEPLOYMENT_ID is unset. */
export async function deploymentId(ds: DataSource): Promise<string> {
  const rows = (await ds.query('SELECT id FROM deployment LIMIT 1')) as { id: string }[];
  if (!rows[0]) throw new Error('the deployment table is empty');
  return rows[0].id;
}

/** Creates the database named in the URL if it does not exist (quick start on a fresh machine). */
export async function ensureDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.replace(/^\//, ''));
  if (!/^[A-Za-z0-9_-]+$/.test(name)) throw new Error(`DATABASE_URL: unsupported database name "${name}"`);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new Client({ connectionString: admin.toString(), connectionTimeoutMillis: 3_000 });
  await client.connect();
  try {
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (exists.rowCount === 0) {
      try {
        await client.query(`CREATE DATABASE "${name}"`);
      } catch (e) {
        // another replica created it between our check and our create
        if ((e as { code?: string }).code !== '42P04') throw e;
      }
    }
  } finally {
    await client.end();
  }
}

/** Runs pending migrations once, under a Postgres advisory lock (replicas may start together). */
export async function migrate(ds: DataSource): Promise<string[]> {
  const runner: QueryRunner = ds.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    const done = await ds.runMigrations({ transaction: 'each' });
    return done.map((m) => m.name);
  } finally {
    await runner.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    await runner.release();
  }
}
