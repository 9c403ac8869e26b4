import type { TraceEvent } from '@app/persistence';

/** Collects a turn's trace events in memory; written once at the end of the turn (even a failed one). */
export class TraceRecorder {
  readonly events: TraceEvent[] = [];
  /** Stages already announced as progress (parallel hops of one stage announce it once). */
  readonly announced = new Set<string>();

  /** `progress`: the turn's client streams its stages (only then are they published). */
  constructor(readonly progress = false) {}

  add(stage: string, op: string, outcome: string, startedAt: number, detail: Record<string, unknown> = {}): void {
    this.events.push({
      seq: this.events.length + 1,
      stage,
      op,
      startedAt: new Date(startedAt),
      ms: Math.max(0, Date.now() - startedAt),
      outcome,
      detail,
    });
  }
}
