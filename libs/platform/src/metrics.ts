import { Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The process' metrics, one registry. Every metric here is moved by a tested path
 * (test/e2e/operations.e2e-spec.ts asserts it) — no dead metrics.
 */
export const registry = new Registry();

export const metrics = {
  turns: new Counter({
    name: 'duocthu_turns_total',
    help: 'Turns answered, by decision and reason',
    labelNames: ['decision', 'reason'],
    registers: [registry],
  }),
  turnDuration: new Histogram({
    name: 'duocthu_turn_duration_seconds',
    help: 'Orchestrator time per turn',
    buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 40, 60],
    registers: [registry],
  }),
  llmCallsPerTurn: new Histogram({
    name: 'duocthu_llm_calls_per_turn',
    help: 'LLM calls counted by the request budget per turn',
    buckets: [0, 1, 2, 3, 4, 5, 6, 7, 8],
    registers: [registry],
  }),
  hopDuration: new Histogram({
    name: 'duocthu_hop_duration_seconds',
    help: 'Hop latency seen by the orchestrator (enqueue to result), by queue, op and outcome',
    labelNames: ['queue', 'op', 'outcome'],
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20],
    registers: [registry],
  }),
  budgetExhausted: new Counter({
    name: 'duocthu_budget_exhausted_total',
    help: 'Turns ended by the request budget',
    registers: [registry],
  }),
  breakerTrips: new Counter({
    name: 'duocthu_breaker_trips_total',
    help: 'Clarify circuit breaker trips (clarify_loop_exhausted)',
    registers: [registry],
  }),
  memoryFailOpen: new Counter({
    name: 'duocthu_memory_fail_open_total',
    help: 'Turns answered without memory because the store read failed',
    registers: [registry],
  }),
  providerErrors: new Counter({
    name: 'duocthu_provider_errors_total',
    help: 'LLM/embedding provider failures, by kind',
    labelNames: ['kind'],
    registers: [registry],
  }),
  traceWriteFailures: new Counter({
    name: 'duocthu_trace_write_failures_total',
    help: 'Trace writes that failed (the turn still answered)',
    registers: [registry],
  }),
  persistFailures: new Counter({
    name: 'duocthu_persist_failures_total',
    help: 'Turn results whose conversation lines could not be written (counted as lost)',
    registers: [registry],
  }),
  queueJobs: new Gauge({
    name: 'duocthu_queue_jobs',
    help: 'BullMQ jobs by queue and state, read at scrape time',
    labelNames: ['queue', 'state'],
    registers: [registry],
  }),
};

type DepthSource = () => Promise<{ queue: string; counts: Record<string, number> }[]>;
let depthSource: DepthSource | null = null;

/** The process that owns queue handles reports their depth at scrape time. */
export function setQueueDepthSource(source: DepthSource): void {
  depthSource = source;
}

export async function scrape(): Promise<string> {
  if (depthSource) {
    try {
      for (const { queue, counts } of await depthSource())
        for (const [state, n] of Object.entries(counts)) metrics.queueJobs.set({ queue, state }, n);
    } catch {
      // Redis down: the depth gauge keeps its last values; readiness reports the outage
    }
  }
  return registry.metrics();
}
