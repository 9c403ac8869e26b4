import { Global, Injectable, Logger, Module, type OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  APP_CONFIG,
  DATABASE_HEALTH,
  DATABASE_IDENTITY,
  type AppConfig,
  type DatabaseHealth,
  type DatabaseIdentity,
} from '@app/platform';
import { ConversationRepository } from './conversation.repository';
import { CorpusRepository } from './corpus.repository';
import { createDataSource, deploymentId, describeDatabase, ensureDatabase, migrate } from './data-source';
import { schemaStatus } from './store-errors';
import { TraceRepository } from './trace.repository';
import { TurnRepository } from './turn.repository';

@Injectable()
class DatabaseShutdown implements OnApplicationShutdown {
  constructor(private readonly ds: DataSource) {}
  async onApplicationShutdown(): Promise<void> {
    if (this.ds.isInitialized) await this.ds.destroy();
  }
}

/** One Postgres pool per process; migrations run once at start-up under an advisory lock. */
@Global()
@Module({
  providers: [
    {
      provide: DataSource,
      inject: [APP_CONFIG],
      useFactory: async (c: AppConfig) => {
        const log = new Logger('Database');
        if (c.RUN_MIGRATIONS) await ensureDatabase(c.DATABASE_URL);
        const ds = createDataSource(c.DATABASE_URL);
        await ds.initialize();
        if (c.RUN_MIGRATIONS) {
          const ran = await migrate(ds);
          if (ran.length) log.log({ msg: 'migrations applied', migrations: ran });
        }
        return ds;
      },
    },
    {
      provide: ConversationRepository,
      inject: [DataSource],
      useFactory: (ds: DataSource) => new ConversationRepository(ds),
    },
    { provide: TurnRepository, inject: [DataSource], useFactory: (ds: DataSource) => new TurnRepository(ds) },
    { provide: TraceRepository, inject: [DataSource], useFactory: (ds: DataSource) => new TraceRepository(ds) },
    { provide: CorpusRepository, inject: [DataSource], useFactory: (ds: DataSource) => new CorpusRepository(ds) },
    {
      provide: DATABASE_IDENTITY,
      inject: [DataSource, APP_CONFIG],
      useFactory: (ds: DataSource, c: AppConfig): DatabaseIdentity => ({
        id: () => deploymentId(ds),
        describe: () => describeDatabase(c.DATABASE_URL),
      }),
    },
    {
      provide: DATABASE_HEALTH,
      inject: [DataSource],
      useFactory: (ds: DataSource): DatabaseHealth => ({
        ping: async () => void (await ds.query('SELECT 1')),
        schema: () => schemaStatus(ds),
      }),
    },
    DatabaseShutdown,
  ],
  exports: [
    DATABASE_IDENTITY,
    DATABASE_HEALTH,
    DataSource,
    ConversationRepository,
    TurnRepository,
    TraceRepository,
    CorpusRepository,
  ],
})
export class DatabaseModule {}
