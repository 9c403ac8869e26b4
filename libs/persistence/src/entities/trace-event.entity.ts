import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity('trace_events')
export class TraceEventEntity {
  @PrimaryGeneratedColumn('increment', { type: 'bigint' })
  id: string;

  @Column('uuid', { name: 'turn_id' })
  turnId: string;

  @Column('int')
  seq: number;

  /** memory | understanding | route | retrieval | generation | verification | persist | budget */
  @Column('text')
  stage: string;

  @Column('text')
  op: string;

  @Column('timestamptz', { name: 'started_at' })
  startedAt: Date;

  @Column('int')
  ms: number;

  /** ok | a failure code | a decision */
  @Column('text')
  outcome: string;

  @Column('jsonb', { default: {} })
  detail: Record<string, unknown>;
}
