import { Inject, Injectable } from '@nestjs/common';
import type { HopOutcome, HopPayload, HopResult, OpOf, QueueName } from '@app/contracts';
import { HOP_CLIENT, metrics, TurnEvents, type HopClient, type HopTicket } from '@app/platform';
import type { TraceRecorder } from './trace-recorder';

/** The orchestrator's hop client: every hop becomes a trace event with its outcome and timing. */
@Injectable()
export class TracedHops {
  constructor(
    @Inject(HOP_CLIENT) private readonly hops: HopClient,
    private readonly events: TurnEvents,
  ) {}

  async call<Q extends QueueName, O extends OpOf<Q>>(
    trace: TraceRecorder,
    queue: Q,
    op: O,
    payload: HopPayload<Q, O>,
    ticket: HopTicket,
  ): Promise<HopOutcome<HopResult<Q, O>>> {
    const started = Date.now();
    // the first hop of each stage is the turn's progress (SSE)
    if (trace.progress && queue !== 'turns' && !trace.announced.has(queue)) {
      trace.announced.add(queue);
      void this.events.publish(ticket.turnId, queue);
    }
    const outcome = await this.hops.call(queue, op, payload, ticket);
    const result = outcome.ok ? 'ok' : outcome.code;
    metrics.hopDuration.observe({ queue, op, outcome: result }, (Date.now() - started) / 1000);
    trace.add(queue, op, result, started, {
      ...(outcome.ok ? summarize(outcome.value) : { error: outcome.message }),
      budget_left_ms: Math.max(0, ticket.deadline - Date.now()),
    });
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
  // which check in code refused the answer (band rows, polarity): counts only, never the text
  if (Array.isArray(v.band_failures) && v.band_failures.length) out.band_failures = v.band_failures.length;
  if (Array.isArray(v.polarity_failures) && v.polarity_failures.length)
    out.polarity_failures = v.polarity_failures.length;
  if (v.entailment && typeof v.entailment === 'object') out.entailed = (v.entailment as { entailed: boolean }).entailed;
  if (v.frame && typeof v.frame === 'object') {
    const f = v.frame as { turn_type: string; drugs: string[]; attribute: string | null };
    Object.assign(out, { turn_type: f.turn_type, drugs: f.drugs, attribute: f.attribute });
  }
  return out;
}
