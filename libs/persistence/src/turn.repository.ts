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
      const constraint = (e as { driverError: { constraint?: string } }).driverError.constraint;
      if (constraint === 'turns_idempotency' && t.idempotencyKey) {
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
