import { resolve } from 'node:path';
import { HashEmbedder } from '@app/llm';
import { CorpusRepository, createDataSource, ensureDatabase, ingestDirectory, migrate } from '@app/persistence';
import { cleanRedis, dropDatabase, log, type RunIds } from './common';

/** The run's own database: created, migrated, the sample corpus ingested (hash embeddings). */
export async function createBenchDatabase(ids: RunIds): Promise<void> {
  await ensureDatabase(ids.databaseUrl);
  const ds = createDataSource(ids.databaseUrl, 2);
  await ds.initialize();
  try {
    await migrate(ds);
    const r = await ingestDirectory(new CorpusRepository(ds), resolve('data/formulary'), new HashEmbedder());
    log(`database ${ids.database}: migrated, sample corpus ${r.kind} (version ${r.versionId})`);
  } finally {
    await ds.destroy();
  }
}

/** Drops the database and deletes every Redis key of the run. */
export async function cleanUp(ids: RunIds): Promise<void> {
  await dropDatabase(ids.database).catch((e) => log(`dropping ${ids.database} failed: ${(e as Error).message}`));
  const n = await cleanRedis(ids.prefix).catch((e) => {
    log(`cleaning Redis keys ${ids.prefix}* failed: ${(e as Error).message}`);
    return 0;
  });
  log(`cleaned up: database ${ids.database} dropped, ${n} Redis keys deleted`);
}
