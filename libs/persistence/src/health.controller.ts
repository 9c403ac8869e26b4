import { Controller, Get, Inject, Module } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { HealthCheck, HealthCheckService, HealthIndicatorService, TerminusModule } from '@nestjs/terminus';
import type { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import { APP_CONFIG, BullMqServer, MetricsModule, PRODUCER_REDIS, type AppConfig } from '@app/platform';
import { schemaStatus } from './store-errors';

const CHECK_TIMEOUT_MS = 2_000;

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
    private readonly ds: DataSource,
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
          .attempt(async () => void (await this.ds.query('SELECT 1')))
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
      // EMBEDDING_PROVIDER=disabled: ready, but queries answer 503 (the seed's behaviour)
      () =>
        this.indicator
          .check('rag')
          .up({ mode: this.config.EMBEDDING_PROVIDER === 'disabled' ? 'disabled' : 'enabled' }),
    ]);
  }

  private async schema() {
    const check = this.indicator.check('schema');
    const status = await Promise.race([
      schemaStatus(this.ds).catch(() => null),
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
