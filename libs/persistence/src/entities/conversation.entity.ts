import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import type { QueryFrame } from '@app/contracts';

@Entity('conversations')
export class ConversationEntity {
  @PrimaryColumn('uuid')
  id: string;

  /** The API key name that created it; nobody else sees it. */
  @Column('text')
  owner: string;

  @Column('int', { name: 'clarify_streak', default: 0 })
  clarifyStreak: number;

  /** How many lines the conversation has (the last line's `seq`). */
  @Column('int', { name: 'line_count', default: 0 })
  lineCount: number;

  @Column('jsonb', { name: 'last_frame', nullable: true })
  lastFrame: QueryFrame | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
