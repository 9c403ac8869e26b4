import type { DataSource } from 'typeorm';
import {
  QueryFrameSchema,
  type AgentReply,
  type ConversationLine,
  type QueryFrame,
  type TurnReply,
} from '@app/contracts';
import { ConversationEntity } from './entities/conversation.entity';
import { ConversationLineEntity } from './entities/conversation-line.entity';
import { finishTurnStatement } from './turn.repository';

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

  /** The conversation if this owner created it; null otherwise (the gateway answers 404 either way). */
  async findOwned(id: string, owner: string): Promise<ConversationEntity | null> {
    return this.ds.getRepository(ConversationEntity).findOneBy({ id, owner });
  }

  async lines(conversationId: string): Promise<ConversationLineEntity[]> {
    return this.ds.getRepository(ConversationLineEntity).find({ where: { conversationId }, order: { seq: 'ASC' } });
  }

  /**
   * A turn starts: marks it running and reads the conversation's memory — the last
   * `limit` lines (oldest first), the prior frame and the clarify streak — in one
   * statement. A conversation that is gone reads as empty memory.
   */
  async beginTurn(turnId: string, conversationId: string, limit = 12): Promise<Memory> {
    const rows = (await this.ds.query(
      `WITH run AS (UPDATE turns SET status = 'running' WHERE id = $1::uuid AND status = 'queued' RETURNING 1)
       SELECT c.clarify_streak, c.last_frame,
              COALESCE((SELECT json_agg(json_build_object('role', l.role, 'text', l.text) ORDER BY l.seq)
                        FROM (SELECT role, text, seq FROM conversation_lines WHERE conversation_id = $2::uuid ORDER BY seq DESC LIMIT $3) l),
                       '[]'::json) AS lines
       FROM conversations c WHERE c.id = $2::uuid`,
      [turnId, conversationId, limit],
    )) as { clarify_streak: number; last_frame: QueryFrame | null; lines: ConversationLine[] }[];
    const conv = rows[0];
    if (!conv) return { lines: [], lastFrame: null, clarifyStreak: 0 };
    // a frame stored by an older release is read through today's schema (new fields take their defaults);
    // one that no longer parses is no memory rather than a wrong one
    const frame = conv.last_frame ? QueryFrameSchema.safeParse(conv.last_frame) : null;
    return { lines: conv.lines, lastFrame: frame?.success ? frame.data : null, clarifyStreak: conv.clarify_streak };
  }

  /**
   * One statement (so one atomic write): the user line and the assistant line, the
   * conversation's frame and streak, the turn's result. Lines are numbered from the
   * conversation's `line_count`, bumped by the UPDATE that holds the row lock, so
   * concurrent writers never share a `seq`. Idempotent by turn id: a re-run job whose
   * lines exist updates only the turn.
   */
  async completeTurn(o: TurnOutcome): Promise<void> {
    const finish = finishTurnStatement(o.turnId, o.reply);
    if (!o.conversationId) {
      await this.ds.query(finish.sql, finish.params);
      return;
    }
    await this.ds.query(
      `WITH fresh AS (SELECT NOT EXISTS (SELECT 1 FROM conversation_lines WHERE turn_id = $1::uuid) AS ok),
       conv AS (
         UPDATE conversations SET line_count = line_count + 2, last_frame = $9::jsonb, clarify_streak = $10, updated_at = now()
         WHERE id = $7::uuid AND (SELECT ok FROM fresh)
         RETURNING line_count
       ),
       lines AS (
         INSERT INTO conversation_lines (conversation_id, turn_id, seq, role, text)
         SELECT $7::uuid, $1::uuid, conv.line_count - 1, 'user', $8::text FROM conv
         UNION ALL
         SELECT $7::uuid, $1::uuid, conv.line_count, 'assistant', $11::text FROM conv
         RETURNING 1
       ),
       turn AS (${finish.sql})
       SELECT 1`,
      [
        ...finish.params,
        o.conversationId,
        o.userText,
        o.frame === null ? null : JSON.stringify(o.frame),
        o.clarifyStreak,
        o.reply.answer,
      ],
    );
  }
}

export type { AgentReply };
