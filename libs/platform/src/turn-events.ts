import type { Redis } from 'ioredis';

/** Progress of one turn, in order: the stages, then `done` (with the reply) or `error`. */
export type TurnEventName = 'understanding' | 'retrieval' | 'generation' | 'verification' | 'done' | 'error';

export interface TurnEvent {
  id: string;
  event: TurnEventName;
  data: unknown;
}

/** How long a turn's progress stream is kept for late readers. */
const STREAM_TTL_MS = 10 * 60_000;

/**
 * A turn's progress as a Redis stream: the orchestrator appends, any gateway replica
 * reads from the start, so a client connecting late still sees every stage in order.
 */
export class TurnEvents {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  key(turnId: string): string {
    return `${this.prefix}:turn-events:${turnId}`;
  }

  /** Best effort: progress never fails a turn. */
  async publish(turnId: string, event: TurnEventName, data: unknown = {}): Promise<void> {
    try {
      await this.redis
        .multi()
        .xadd(this.key(turnId), 'MAXLEN', '~', '100', '*', 'event', event, 'data', JSON.stringify(data))
        .pexpire(this.key(turnId), STREAM_TTL_MS)
        .exec();
    } catch {
      // progress is advisory; the turn's result is in Postgres
    }
  }

  /** Reads events after `lastId` ('0' for all), blocking up to `blockMs` on a connection of the caller's own. */
  async read(conn: Redis, turnId: string, lastId: string, blockMs: number): Promise<TurnEvent[]> {
    const res = (await conn.xread('COUNT', 100, 'BLOCK', blockMs, 'STREAMS', this.key(turnId), lastId)) as
      [string, [string, string[]][]][] | null;
    if (!res) return [];
    return res[0][1].map(([id, fields]) => {
      const f: Record<string, string> = {};
      for (let i = 0; i + 1 < fields.length; i += 2) f[fields[i]] = fields[i + 1];
      return { id, event: f.event as TurnEventName, data: JSON.parse(f.data ?? '{}') };
    });
  }
}
