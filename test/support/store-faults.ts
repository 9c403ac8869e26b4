import { Client } from 'pg';
import type { DataSource } from 'typeorm';
import { PG_BASE } from './test-env';

/**
 * The whole store down: the database refuses new connections and every open one is cut, as when
 * Postgres is stopped. Restored afterwards, whatever `fn` does.
 */
export async function withDatabaseDown<T>(ds: DataSource, fn: () => Promise<T>): Promise<T> {
  const [{ db }] = (await ds.query('SELECT current_database() AS db')) as { db: string }[];
  const admin = new Client({ connectionString: `${PG_BASE}/postgres` });
  await admin.connect();
  try {
    await admin.query(`ALTER DATABASE "${db}" ALLOW_CONNECTIONS false`);
    await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [db]);
    try {
      return await fn();
    } finally {
      await admin.query(`ALTER DATABASE "${db}" ALLOW_CONNECTIONS true`);
    }
  } finally {
    await admin.end();
  }
}

/**
 * One table failing as in an outage (SQLSTATE 08006, connection_failure) on every read and write,
 * while the rest of the store works: the table moves aside and a view of the same name, guarded by
 * a function that raises, takes its place. The schema stays whole (the name still resolves), so
 * this is an outage, not a missing table. Restored afterwards.
 */
export async function withTableFailing<T>(ds: DataSource, table: string, fn: () => Promise<T>): Promise<T> {
  if (!/^[a-z_]+$/.test(table)) throw new Error(`unexpected table name ${table}`);
  await ds.query(`ALTER TABLE ${table} RENAME TO ${table}__real`);
  await ds.query(`CREATE OR REPLACE FUNCTION duocthu_test_store_fault() RETURNS boolean STABLE LANGUAGE plpgsql AS $$
    BEGIN RAISE EXCEPTION 'store unavailable (test fault)' USING ERRCODE = 'connection_failure'; END $$`);
  await ds.query(
    `CREATE VIEW ${table} AS SELECT * FROM ${table}__real WHERE duocthu_test_store_fault() WITH CASCADED CHECK OPTION`,
  );
  try {
    return await fn();
  } finally {
    await ds.query(`DROP VIEW ${table}`);
    await ds.query(`ALTER TABLE ${table}__real RENAME TO ${table}`);
  }
}

/** A table missing, as after a migration that did not run. Restored afterwards. */
export async function withTableMissing<T>(ds: DataSource, table: string, fn: () => Promise<T>): Promise<T> {
  if (!/^[a-z_]+$/.test(table)) throw new Error(`unexpected table name ${table}`);
  await ds.query(`ALTER TABLE ${table} RENAME TO ${table}__gone`);
  try {
    return await fn();
  } finally {
    await ds.query(`ALTER TABLE ${table}__gone RENAME TO ${table}`);
  }
}
