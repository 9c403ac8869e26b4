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
    // one statement, whatever the number of events
    await this.ds.query(
      `INSERT INTO trace_events (turn_id, seq, stage, op, started_at, ms, outcome, detail)
       SELECT $1::uuid, e.seq, e.stage, e.op, e."startedAt", e.ms, e.outcome, COALESCE(e.detail, '{}'::jsonb)
       FROM jsonb_to_recordset($2::jsonb) AS e(seq int, stage text, op text, "startedAt" timestamptz, ms int, outcome text, detail jsonb)`,
      [turnId, JSON.stringify(events)],
    );
  }

  async forTurn(turnId: string): Promise<TraceEventEntity[]> {
    return this.ds.getRepository(TraceEventEntity).find({ where: { turnId }, order: { seq: 'ASC' } });
  }
}
