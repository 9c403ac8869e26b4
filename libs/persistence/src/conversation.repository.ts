import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import type { AgentReply, ConversationLine, QueryFrame, TurnReply } from '@app/contracts';
import { ConversationEntity } from './entities/conversation.entity';
import { ConversationLineEntity } from './entities/conversation-line.entity';
import { TurnEntity } from './entities/turn.entity';

export interface Memory {
  lines: ConversationLine[];
  lastFrame: QueryFrame | null;
  clarifyStreak: number;
}

export interface TurnOutcome {
  turnId: string;
  conversationId: string | null;
  userText: string;
  reply: TurnReply;
  frame: QueryFrame | null;
  clarifyStreak: number;
}

/** Conversations, their lines and their memory (frame + clarify streak). */
export class ConversationRepository {
  constructor(private readonly ds: DataSource) {}

  async create(owner: string): Promise<string> {
    const id = randomUUID();
    await this.ds.getRepository(ConversationEntity).insert({ id, owner, clarifyStreak: 0, lastFrame: null });
    return id;
  }

  /** The conversation if this owner created it; null otherwise (the gateway answers 404 either way). */
  async findOwned(id: string, owner: string): Promise<ConversationEntity | null> {
    return this.ds.getRepository(ConversationEntity).findOneBy({ id, owner });
  }

  async lines(conversationId: string): Promise<ConversationLineEntity[]> {
    return this.ds.getRepository(ConversationLineEntity).find({ where: { conversationId }, order: { seq: 'ASC' } });
  }

  /** The last `limit` lines (oldest first), the prior frame and the clarify streak. */
  async memory(conversationId: string, limit = 12): Promise<Memory> {
    const conv = await this.ds.getRepository(ConversationEntity).findOneBy({ id: conversationId });
    const recent = await this.ds
      .getRepository(ConversationLineEntity)
      .find({ where: { conversationId }, order: { seq: 'DESC' }, take: limit });
    return {
      lines: recent.reverse().map((l) => ({ role: l.role, text: l.text })),
      lastFrame: conv?.lastFrame ?? null,
      clarifyStreak: conv?.clarifyStreak ?? 0,
    };
  }

  /**
   * One transaction: the user line and the assistant line, the conversation's frame and
   * streak, the turn's result. Idempotent by turn id: a re-run job writes nothing twice.
   */
  async completeTurn(o: TurnOutcome): Promise<void> {
    await this.ds.transaction(async (m) => {
      if (o.conversationId) {
        const existing = await m.getRepository(ConversationLineEntity).countBy({ turnId: o.turnId });
        if (existing === 0) {
          // lock the conversation row so concurrent writers serialise on seq
          await m.query('SELECT id FROM conversations WHERE id = $1 FOR UPDATE', [o.conversationId]);
          const [{ max }] = await m.query('SELECT COALESCE(MAX(seq), 0) AS max FROM conversation_lines WHERE conversation_id = $1', [
            o.conversationId,
          ]);
          const seq = Number(max);
          await m.getRepository(ConversationLineEntity).insert([
            { conversationId: o.conversationId, turnId: o.turnId, seq: seq + 1, role: 'user', text: o.userText },
            { conversationId: o.conversationId, turnId: o.turnId, seq: seq + 2, role: 'assistant', text: o.reply.answer },
          ]);
          await m
            .getRepository(ConversationEntity)
            .update({ id: o.conversationId }, { lastFrame: o.frame, clarifyStreak: o.clarifyStreak });
        }
      }
      await m.getRepository(TurnEntity).update(
        { id: o.turnId },
        {
          status: 'done',
          decision: o.reply.decision,
          reason: o.reply.reason,
          result: o.reply,
          elapsedMs: o.reply.usage.elapsed_ms,
          llmCalls: o.reply.usage.llm_calls,
          finishedAt: new Date(),
        },
      );
    });
  }
}

export type { AgentReply };
