import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The process' metrics, one registry. Every duocthu_* metric here is moved by a tested path
 * (test/e2e/operations.e2e-spec.ts asserts it) — no dead metrics. Each process exports its own
 * counts: the scrape's instance/pod label tells replicas apart (Grafana: docs/grafana-dashboard.json).
 */
export const registry = new Registry();
// process_* and nodejs_* (CPU, memory, event-loop lag, GC, handles) under their standard names
collectDefaultMetrics({ register: registry });

const SECONDS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 40, 60];

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
    help: 'BullMQ jobs by queue and state, read at scrape time (queue-wide: exported by the gateway only)',
    labelNames: ['queue', 'state'],
    registers: [registry],
  }),
  jobs: new Counter({
    name: 'duocthu_jobs_total',
    help: 'Jobs this process ran, by queue, op and outcome (ok or the failure code)',
    labelNames: ['queue', 'op', 'outcome'],
    registers: [registry],
  }),
  jobDuration: new Histogram({
    name: 'duocthu_job_duration_seconds',
    help: 'Time this process spent on a job, from taking it to its result',
    labelNames: ['queue', 'op'],
    buckets: SECONDS,
    registers: [registry],
  }),
  jobsStalled: new Counter({
    name: 'duocthu_jobs_stalled_total',
    help: 'Jobs whose worker died (lock lapsed) that this process put back on their queue',
    labelNames: ['queue'],
    registers: [registry],
  }),
  httpRequests: new Counter({
    name: 'duocthu_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
  }),
  httpDuration: new Histogram({
    name: 'duocthu_http_request_duration_seconds',
    help: 'HTTP request duration, by method and route pattern (a turn waits for its reply)',
    labelNames: ['method', 'route'],
    buckets: SECONDS,
    registers: [registry],
  }),
};

type DepthSource = () => Promise<{ queue: string; counts: Record<string, number> }[]>;
let depthSource: DepthSource | null = null;

/** The gateway reports the queues' depth at scrape time (one exporter of a queue-wide figure). */
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
