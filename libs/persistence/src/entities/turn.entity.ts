import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';
import type { TurnReply } from '@app/contracts';

export type TurnStatus = 'queued' | 'running' | 'done' | 'failed';

@Entity('turns')
export class TurnEntity {
  @PrimaryColumn('uuid')
  id: string;

  /** Null for the stateless legacy path. */
  @Column('uuid', { name: 'conversation_id', nullable: true })
  conversationId: string | null;

  @Column('text')
  owner: string;

  @Column('text')
  status: TurnStatus;

  @Column('jsonb')
  request: { turn: string; legacy: boolean };

  @Column('text', { nullable: true })
  decision: string | null;

  @Column('text', { nullable: true })
  reason: string | null;

  @Column('jsonb', { nullable: true })
  result: TurnReply | null;

  @Column('text', { name: 'idempotency_key', nullable: true })
  idempotencyKey: string | null;

  @Column('int', { name: 'elapsed_ms', nullable: true })
  elapsedMs: number | null;

  @Column('int', { name: 'llm_calls', nullable: true })
  llmCalls: number | null;

  @Column('text', { nullable: true })
  error: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column('timestamptz', { name: 'finished_at', nullable: true })
  finishedAt: Date | null;
}
