import type { DataSource } from 'typeorm';
import type { SchemaStatus } from '@app/platform';
import { MIGRATIONS } from './data-source';

/**
 * What a failed Postgres call means for a turn:
 * - `outage`: the store cannot be reached or refuses work now — a turn may go on without memory;
 * - `schema`: a table, column or schema the code needs does not exist — the deployment is broken
 *   (a migration not run, a table renamed by hand): no turn may pretend it was stored;
 * - `other`: anything else (a constraint, a bad query) — an error like any other.
 */
export type StoreFailure = 'outage' | 'schema' | 'other';

const OUTAGE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '57014', // query_canceled (statement_timeout)
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '53300', // too_many_connections
]);

const SCHEMA_CODES = new Set([
  '42P01', // undefined_table
  '42703', // undefined_column
  '42704', // undefined_object
  '42883', // undefined_function
  '3F000', // invalid_schema_name
]);

export function classifyStoreError(e: unknown): StoreFailure {
  const err = e as { code?: string; driverError?: { code?: string }; message?: string } | null;
  const code = err?.driverError?.code ?? err?.code ?? '';
  if (SCHEMA_CODES.has(code)) return 'schema';
  if (OUTAGE_CODES.has(code)) return 'outage';
  return /connection|terminat|timeout|ECONNREFUSED/i.test(err?.message ?? '') ? 'outage' : 'other';
}

/** The tables this code needs that do not exist, and the migrations this database has not run. */
export async function schemaStatus(ds: DataSource): Promise<SchemaStatus> {
  const tables = [...new Set([...ds.entityMetadatas.map((m) => m.tableName), 'deployment', 'migrations'])].sort();
  const missing = (
    (await ds.query('SELECT t FROM unnest($1::text[]) AS t WHERE to_regclass(t) IS NULL ORDER BY t', [tables])) as {
      t: string;
    }[]
  ).map((r) => r.t);
  const applied = missing.includes('migrations')
    ? new Set<string>()
    : new Set(((await ds.query('SELECT name FROM migrations')) as { name: string }[]).map((r) => r.name));
  const pending = MIGRATIONS.map((m) => new m().name ?? m.name).filter((n) => !applied.has(n));
  return { missing_tables: missing, pending_migrations: pending };
}
