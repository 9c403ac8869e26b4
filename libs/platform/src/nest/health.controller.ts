import { Controller, Get, Inject, Module } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { HealthCheck, HealthCheckService, HealthIndicatorService, TerminusModule } from '@nestjs/terminus';
import type { Redis } from 'ioredis';
import { BullMqServer } from '../bullmq-server';
import { APP_CONFIG, type AppConfig } from '../config';
import { PRODUCER_REDIS } from '../redis';
import { MetricsModule } from './metrics.controller';

const CHECK_TIMEOUT_MS = 2_000;

/** The tables the code needs that do not exist, and the migrations the database has not run. */
export interface SchemaStatus {
  missing_tables: string[];
  pending_migrations: string[];
}

/** What readiness asks of the database; DatabaseModule provides it. */
export interface DatabaseHealth {
  /** Resolves when Postgres answers a query. */
  ping(): Promise<void>;
  schema(): Promise<SchemaStatus>;
}
export const DATABASE_HEALTH = Symbol('DATABASE_HEALTH');

/**
 * Liveness is the process only; readiness checks Postgres, its schema (a missing table or an
 * unrun migration is a broken deployment: not ready), Redis and this process' queue workers.
 */
@ApiTags('operations')
@Controller()
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly indicator: HealthIndicatorService,
    @Inject(DATABASE_HEALTH) private readonly db: DatabaseHealth,
    @Inject(PRODUCER_REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get('health')
  @ApiOperation({ summary: 'Liveness: the process only (never Redis or Postgres); no key needed' })
  @HealthCheck()
  health_() {
    return this.health.check([() => this.indicator.check('process').up({ pid: process.pid })]);
  }

  @Get('ready')
  @ApiOperation({ summary: 'Readiness: Postgres, Redis and this process’ queue workers; no key needed' })
  @HealthCheck()
  ready() {
    return this.health.check([
      () =>
        this.indicator
          .check('postgres')
          .attempt(() => this.db.ping())
          .withTimeout(CHECK_TIMEOUT_MS),
      () => this.schema(),
      () =>
        this.indicator
          .check('redis')
          .attempt(async () => void (await this.redis.ping()))
          .withTimeout(CHECK_TIMEOUT_MS),
      () => {
        const queues = BullMqServer.serving();
        const stopped = queues.filter((q) => !q.running).map((q) => q.queue);
        return stopped.length
          ? this.indicator.check('workers').down({ stopped })
          : this.indicator.check('workers').up({ queues: queues.map((q) => q.queue) });
      },
      // EMBEDDING_PROVIDER=disabled: the process is ready (nothing to wait for), but every query
      // answers 503 rag_disabled, so the check says which mode it is in
      () =>
        this.indicator
          .check('rag')
          .up({ mode: this.config.EMBEDDING_PROVIDER === 'disabled' ? 'disabled' : 'enabled' }),
    ]);
  }

  private async schema() {
    const check = this.indicator.check('schema');
    const status = await Promise.race([
      this.db.schema().catch(() => null),
      new Promise<null>((r) => setTimeout(() => r(null), CHECK_TIMEOUT_MS).unref()),
    ]);
    if (!status) return check.down({ error: 'not checked: Postgres did not answer' });
    if (status.missing_tables.length || status.pending_migrations.length)
      return check.down({ ...status, fix: 'run the migrations: npm run migrate (or RUN_MIGRATIONS=true)' });
    return check.up();
  }
}

@Module({ imports: [TerminusModule, MetricsModule], controllers: [HealthController] })
export class HealthModule {}
