import { Controller, Get, HttpCode, Inject, Module, Res } from '@nestjs/common';
import type { Response } from 'express';
import type { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import { APP_CONFIG, PRODUCER_REDIS, type AppConfig } from '@app/platform';

async function within<T>(ms: number, p: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([p, new Promise<T>((_, reject) => (timer = setTimeout(() => reject(new Error('timeout')), ms)))]);
  } finally {
    clearTimeout(timer);
  }
}

/** Liveness is the process only; readiness checks Postgres and Redis. */
@Controller()
export class HealthController {
  constructor(
    private readonly ds: DataSource,
    @Inject(PRODUCER_REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get('health')
  @HttpCode(200)
  health(): { status: 'ok' } {
    return { status: 'ok' };
  }

  @Get('ready')
  async ready(@Res({ passthrough: true }) res: Response): Promise<Record<string, string>> {
    const [pg, redis] = await Promise.all([
      within(2_000, this.ds.query('SELECT 1')).then(
        () => 'up',
        () => 'down',
      ),
      within(2_000, this.redis.ping()).then(
        () => 'up',
        () => 'down',
      ),
    ]);
    const rag = this.config.EMBEDDING_PROVIDER === 'disabled' ? 'disabled' : 'enabled';
    const ok = pg === 'up' && redis === 'up';
    res.status(ok ? 200 : 503);
    return { status: ok ? 'ready' : 'not_ready', postgres: pg, redis, rag };
  }
}

@Module({ controllers: [HealthController] })
export class HealthModule {}
