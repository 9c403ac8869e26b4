import type { DataSource } from 'typeorm';
import { TraceEventEntity } from './entities/trace-event.entity';

export interface TraceEvent {
  seq: number;
  stage: string;
  op: string;
  startedAt: Date;
  ms: number;
  outcome: string;
  detail: Record<string, unknown>;
}

/** Trace events: one row per hop and per decision, written even when the turn fails. */
export class TraceRepository {
  constructor(private readonly ds: DataSource) {}

  async write(turnId: string, events: TraceEvent[]): Promise<void> {
    if (!events.length) return;
    const rows = events.map((e) => ({ ...e, turnId }));
    await this.ds.createQueryBuilder().insert().into(TraceEventEntity).values(rows as never[]).execute();
  }

  async forTurn(turnId: string): Promise<TraceEventEntity[]> {
    return this.ds.getRepository(TraceEventEntity).find({ where: { turnId }, order: { seq: 'ASC' } });
  }
}
