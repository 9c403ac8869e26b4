import { Inject, Injectable } from '@nestjs/common';
import type { HopOutcome, HopPayload, HopResult, OpOf, QueueName } from '@app/contracts';
import { HOP_CLIENT, type HopClient, type HopTicket } from '@app/platform';
import type { TraceRecorder } from './trace-recorder';

/** Progress listeners (SSE) hear which stage a turn is in. */
export type StageListener = (turnId: string, stage: QueueName) => void;

/** The orchestrator's hop client: every hop becomes a trace event with its outcome and timing. */
@Injectable()
export class TracedHops {
  private listener: StageListener = () => undefined;

  constructor(@Inject(HOP_CLIENT) private readonly hops: HopClient) {}

  onStage(listener: StageListener): void {
    this.listener = listener;
  }

  async call<Q extends QueueName, O extends OpOf<Q>>(
    trace: TraceRecorder,
    queue: Q,
    op: O,
    payload: HopPayload<Q, O>,
    ticket: HopTicket,
  ): Promise<HopOutcome<HopResult<Q, O>>> {
    const started = Date.now();
    this.listener(ticket.turnId, queue);
    const outcome = await this.hops.call(queue, op, payload, ticket);
    trace.add(queue, op, outcome.ok ? 'ok' : outcome.code, started, outcome.ok ? summarize(outcome.value) : { error: outcome.message });
    return outcome;
  }
}

/** What a trace keeps of a result: ids and counts, never patient text. */
function summarize(value: unknown): Record<string, unknown> {
  const v = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  if (Array.isArray(v.parts)) out.evidence = (v.parts as { doc_id: string }[]).map((p) => p.doc_id);
  if (typeof v.decision === 'string') out.decision = v.decision;
  if (Array.isArray(v.drug_ids)) out.drug_ids = v.drug_ids;
  if (Array.isArray(v.answer_sentences)) out.sentences = (v.answer_sentences as unknown[]).length;
  if (typeof v.guard_ok === 'boolean') out.guard_ok = v.guard_ok;
  if (v.entailment && typeof v.entailment === 'object') out.entailed = (v.entailment as { entailed: boolean }).entailed;
  if (v.frame && typeof v.frame === 'object') {
    const f = v.frame as { turn_type: string; drugs: string[]; attribute: string | null };
    Object.assign(out, { turn_type: f.turn_type, drugs: f.drugs, attribute: f.attribute });
  }
  return out;
}
