import type { DataSource } from 'typeorm';
import type { TurnReply } from '@app/contracts';
import { TurnEntity } from './entities/turn.entity';

/** Which conversation a new turn belongs to: a new one (created with it), one the owner has, or none (stateless). */
export type TurnConversation = { kind: 'new'; id: string } | { kind: 'existing'; id: string } | { kind: 'none' };

export type CreateTurnResult =
  | { kind: 'created'; conversationId: string | null }
  | { kind: 'in_flight' }
  | { kind: 'not_found' }
  | { kind: 'replay'; turn: TurnEntity };

const UNIQUE_VIOLATION = '23505';

/**
 * Marks a turn done with its reply: the statement and its parameters ($1..$6), shared by the
 * full completion (a CTE of ConversationRepository.completeTurn), the fallback `finish` and
 * `recordDelivered` (which touches only a turn still open).
 */
export function finishTurnStatement(
  turnId: string,
  reply: TurnReply,
  onlyOpen = false,
): { sql: string; params: unknown[] } {
  return {
    sql: `UPDATE turns SET status = 'done', decision = $2, reason = $3, result = $4::jsonb, elapsed_ms = $5, llm_calls = $6, finished_at = now()
          WHERE id = $1::uuid${onlyOpen ? ` AND status IN ('queued','running')` : ''} RETURNING 1`,
    params: [
      turnId,
      reply.decision,
      reply.reason,
      JSON.stringify(reply),
      reply.usage.elapsed_ms,
      reply.usage.llm_calls,
    ],
  };
}

/** Turn rows: queued → running → done | failed. */
export class TurnRepository {
  constructor(private readonly ds: DataSource) {}

  /**
   * Inserts a queued turn — with its new conversation, or into an existing one only if
   * the owner has it — in one statement. A second in-flight turn on the conversation is
   * refused; a repeated idempotency key returns the first turn instead of making another
   * (and a refused insert leaves no conversation behind).
   */
  async create(t: {
    id: string;
    conversation: TurnConversation;
    owner: string;
    turn: string;
    legacy: boolean;
    idempotencyKey: string | null;
  }): Promise<CreateTurnResult> {
    if (t.idempotencyKey) {
      const prior = await this.findByIdempotencyKey(t.owner, t.idempotencyKey);
      if (prior) return { kind: 'replay', turn: prior };
    }
    const request = JSON.stringify({ turn: t.turn, legacy: t.legacy });
    const columns = `INSERT INTO turns (id, conversation_id, owner, status, request, idempotency_key)`;
    let rows: { conversation_id: string | null }[];
    try {
      if (t.conversation.kind === 'new') {
        rows = await this.ds.query(
          `WITH c AS (INSERT INTO conversations (id, owner) VALUES ($2::uuid, $3) RETURNING id)
           ${columns} SELECT $1::uuid, c.id, $3, 'queued', $4::jsonb, $5 FROM c RETURNING conversation_id`,
          [t.id, t.conversation.id, t.owner, request, t.idempotencyKey],
        );
      } else if (t.conversation.kind === 'existing') {
        rows = await this.ds.query(
          `${columns} SELECT $1::uuid, $2::uuid, $3, 'queued', $4::jsonb, $5
           WHERE EXISTS (SELECT 1 FROM conversations WHERE id = $2::uuid AND owner = $3) RETURNING conversation_id`,
          [t.id, t.conversation.id, t.owner, request, t.idempotencyKey],
        );
        if (!rows.length) return { kind: 'not_found' };
      } else {
        rows = await this.ds.query(
          `${columns} VALUES ($1::uuid, NULL, $2, 'queued', $3::jsonb, $4) RETURNING conversation_id`,
          [t.id, t.owner, request, t.idempotencyKey],
        );
      }
    } catch (e) {
      if ((e as { driverError?: { code?: string; constraint?: string } }).driverError?.code !== UNIQUE_VIOLATION)
        throw e;
      // a concurrent twin with the same key may trip either unique index first: the key decides
      if (t.idempotencyKey) {
        const prior = await this.findByIdempotencyKey(t.owner, t.idempotencyKey);
        if (prior) return { kind: 'replay', turn: prior };
      }
      return { kind: 'in_flight' };
    }
    return { kind: 'created', conversationId: rows[0]?.conversation_id ?? null };
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
    await this.ds.query(`UPDATE turns SET status = 'running' WHERE id = $1::uuid AND status = 'queued'`, [id]);
  }

  /** Marks a turn done with its reply, without touching conversation lines (fallback when the full write failed). */
  async finish(id: string, reply: TurnReply): Promise<void> {
    const { sql, params } = finishTurnStatement(id, reply);
    await this.ds.query(sql, params);
  }

  /**
   * The gateway handed this reply to a client: if the turn is still open (the orchestrator
   * could not store it), it is done with that reply, so no conversation stays locked and the
   * sweeper never marks failed a turn a client already got. A no-op once the turn is stored.
   */
  async recordDelivered(id: string, reply: TurnReply): Promise<void> {
    const { sql, params } = finishTurnStatement(id, reply, true);
    await this.ds.query(sql, params);
  }

  /** Turns still queued or running long after any reply could come: a worker died. Marks them failed. */
  async sweepOrphans(olderThanMs: number): Promise<number> {
    const r = await this.ds
      .getRepository(TurnEntity)
      .createQueryBuilder()
      .update()
      .set({ status: 'failed', error: 'orphaned: no result within the turn ceiling', finishedAt: () => 'now()' })
      .where("status IN ('queued','running') AND created_at < now() - make_interval(secs => :secs)", {
        secs: olderThanMs / 1000,
      })
      .execute();
    return r.affected ?? 0;
  }

  /** Retention: deletes conversations (their lines and turns cascade), stateless turns and traces older than `days`. */
  async purgeOlderThan(days: number): Promise<{ conversations: number; turns: number; traces: number }> {
    return this.ds.transaction(async (m) => {
      const conv = await m.query(`DELETE FROM conversations WHERE updated_at < now() - make_interval(days => $1)`, [
        days,
      ]);
      const turns = await m.query(
        `DELETE FROM turns WHERE conversation_id IS NULL AND created_at < now() - make_interval(days => $1)`,
        [days],
      );
      const traces = await m.query(`DELETE FROM trace_events WHERE started_at < now() - make_interval(days => $1)`, [
        days,
      ]);
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
