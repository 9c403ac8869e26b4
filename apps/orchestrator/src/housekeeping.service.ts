import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { TurnRepository } from '@app/persistence';
import { APP_CONFIG, type AppConfig } from '@app/platform';

const SWEEP_EVERY_MS = 30_000;
const PURGE_EVERY_MS = 24 * 3_600_000;

/**
 * Keeps the turn table honest: a turn still queued or running well past the gateway's
 * wait (its worker died, its job was lost) is marked failed, so no conversation stays
 * locked; and conversations past CONVERSATION_RETENTION_DAYS are purged daily.
 * Safe on every replica: both are single idempotent statements.
 */
@Injectable()
export class HousekeepingService implements OnModuleInit, OnApplicationShutdown {
  private readonly log = new Logger('Housekeeping');
  private timers: NodeJS.Timeout[] = [];

  constructor(
    private readonly turns: TurnRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.timers.push(setInterval(() => void this.sweep(), SWEEP_EVERY_MS));
    if (this.config.CONVERSATION_RETENTION_DAYS > 0) {
      this.timers.push(setInterval(() => void this.purge(), PURGE_EVERY_MS));
      setTimeout(() => void this.purge(), 60_000).unref();
    }
    for (const t of this.timers) t.unref();
  }

  onApplicationShutdown(): void {
    for (const t of this.timers) clearInterval(t);
  }

  /** Orphans: older than twice the gateway wait (the turn ceiling with room to spare). */
  async sweep(): Promise<number> {
    try {
      const n = await this.turns.sweepOrphans(this.config.GATEWAY_WAIT_MS * 2);
      if (n) this.log.warn({ msg: 'orphaned turns marked failed', turns: n });
      return n;
    } catch (e) {
      this.log.warn({ msg: 'orphan sweep failed', error: (e as Error).message });
      return 0;
    }
  }

  async purge(): Promise<void> {
    try {
      const r = await this.turns.purgeOlderThan(this.config.CONVERSATION_RETENTION_DAYS);
      if (r.conversations || r.turns || r.traces) this.log.log({ msg: 'retention purge', ...r });
    } catch (e) {
      this.log.warn({ msg: 'retention purge failed', error: (e as Error).message });
    }
  }
}
