import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity('conversation_lines')
export class ConversationLineEntity {
  /** bigint: read as a string. */
  @PrimaryGeneratedColumn('increment', { type: 'bigint' })
  id: string;

  @Column('uuid', { name: 'conversation_id' })
  conversationId: string;

  @Column('uuid', { name: 'turn_id' })
  turnId: string;

  @Column('int')
  seq: number;

  @Column('text')
  role: 'user' | 'assistant';

  @Column('text')
  text: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
