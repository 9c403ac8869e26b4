import type { DataSource } from 'typeorm';
import type { TurnReply } from '@app/contracts';
import { TurnEntity } from './entities/turn.entity';

export type CreateTurnResult =
  | { kind: 'created'; turn: TurnEntity }
  | { kind: 'in_flight' }
  | { kind: 'replay'; turn: TurnEntity };

const UNIQUE_VIOLATION = '23505';

/** Turn rows: queued → running → done | failed. */
export class TurnRepository {
  constructor(private readonly ds: DataSource) {}

  /**
   * Inserts a queued turn. A second in-flight turn on the conversation is refused; a
   * repeated idempotency key returns the first turn instead of making another.
   */
  async create(t: {
    id: string;
    conversationId: string | null;
    owner: string;
    turn: string;
    legacy: boolean;
    idempotencyKey: string | null;
  }): Promise<CreateTurnResult> {
    const repo = this.ds.getRepository(TurnEntity);
    if (t.idempotencyKey) {
      const prior = await repo.findOneBy({ owner: t.owner, idempotencyKey: t.idempotencyKey });
      if (prior) return { kind: 'replay', turn: prior };
    }
    try {
      await repo.insert({
        id: t.id,
        conversationId: t.conversationId,
        owner: t.owner,
        status: 'queued',
        request: { turn: t.turn, legacy: t.legacy },
        idempotencyKey: t.idempotencyKey,
      });
    } catch (e) {
      if ((e as { driverError?: { code?: string; constraint?: string } }).driverError?.code !== UNIQUE_VIOLATION) throw e;
      // a concurrent twin with the same key may trip either unique index first: the key decides
      if (t.idempotencyKey) {
        const prior = await repo.findOneBy({ owner: t.owner, idempotencyKey: t.idempotencyKey });
        if (prior) return { kind: 'replay', turn: prior };
      }
      return { kind: 'in_flight' };
    }
    return { kind: 'created', turn: (await repo.findOneBy({ id: t.id }))! };
  }

  async findByIdempotencyKey(owner: string, key: string): Promise<TurnEntity | null> {
    return this.ds.getRepository(TurnEntity).findOneBy({ owner, idempotencyKey: key });
  }

  async get(id: string): Promise<TurnEntity | null> {
    return this.ds.getRepository(TurnEntity).findOneBy({ id });
  }

  async getOwned(id: string, owner: string): Promise<TurnEntity | null> {
    return this.ds.getRepository(TurnEntity).findOneBy({ id, owner });
  }

  async markRunning(id: string): Promise<void> {
    await this.ds.getRepository(TurnEntity).update({ id, status: 'queued' }, { status: 'running' });
  }

  /** Marks a turn done with its reply, without touching conversation lines (fallback when the full write failed). */
  async finish(id: string, reply: TurnReply): Promise<void> {
    await this.ds.getRepository(TurnEntity).update(
      { id },
      {
        status: 'done',
        decision: reply.decision,
        reason: reply.reason,
        result: reply,
        elapsedMs: reply.usage.elapsed_ms,
        llmCalls: reply.usage.llm_calls,
        finishedAt: new Date(),
      },
    );
  }

  /** Turns still queued or running long after any reply could come: a worker died. Marks them failed. */
  async sweepOrphans(olderThanMs: number): Promise<number> {
    const r = await this.ds
      .getRepository(TurnEntity)
      .createQueryBuilder()
      .update()
      .set({ status: 'failed', error: 'orphaned: no result within the turn ceiling', finishedAt: () => 'now()' })
      .where("status IN ('queued','running') AND created_at < now() - make_interval(secs => :secs)", { secs: olderThanMs / 1000 })
      .execute();
    return r.affected ?? 0;
  }

  /** Retention: deletes conversations (their lines and turns cascade), stateless turns and traces older than `days`. */
  async purgeOlderThan(days: number): Promise<{ conversations: number; turns: number; traces: number }> {
    return this.ds.transaction(async (m) => {
      const conv = await m.query(`DELETE FROM conversations WHERE updated_at < now() - make_interval(days => $1)`, [days]);
      const turns = await m.query(`DELETE FROM turns WHERE conversation_id IS NULL AND created_at < now() - make_interval(days => $1)`, [days]);
      const traces = await m.query(`DELETE FROM trace_events WHERE started_at < now() - make_interval(days => $1)`, [days]);
      return { conversations: conv[1] ?? 0, turns: turns[1] ?? 0, traces: traces[1] ?? 0 };
    });
  }

  /** Ends a turn that produced no reply (enqueue failed, worker lost) so it never stays in flight. */
  async fail(id: string, error: string): Promise<void> {
    await this.ds
      .getRepository(TurnEntity)
      .createQueryBuilder()
      .update()
      .set({ status: 'failed', error, finishedAt: () => 'now()' })
      .where('id = :id AND status IN (:...open)', { id, open: ['queued', 'running'] })
      .execute();
  }
}
