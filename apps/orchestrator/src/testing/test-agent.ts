import { randomUUID } from 'node:crypto';
import { Logger } from '@nestjs/common';
import {
  emptyFrame,
  type EvidencePart,
  type GenerationOutput,
  type OpOf,
  type QueueName,
  type TurnJob,
  type VerifyResult,
  RequestBudgetExhausted,
} from '@app/contracts';
import type {
  ConversationRepository,
  CorpusService,
  Memory,
  TraceEvent,
  TraceRepository,
  TurnOutcome,
  TurnRepository,
} from '@app/persistence';
import {
  InProcessHopClient,
  loadConfig,
  type AppConfig,
  type BudgetState,
  type BudgetTicket,
  type HopHandlerFn,
  type RequestBudget,
  type TurnEvents,
} from '@app/platform';
import type { CorpusIndex } from '@app/formulary';
import { sampleIndex } from '../../../../libs/formulary/src/test-corpus';
import { AnswerPaths } from '../answer-paths';
import { RagAgent } from '../rag-agent.service';
import { TracedHops } from '../traced-hops';

/** The sample corpus' index, built once per test file (building it is the slow part of a test agent). */
let index: CorpusIndex | null = null;
const sampleCorpusIndex = (): CorpusIndex => (index ??= sampleIndex());

/** A queue's fake worker: the ops it answers by default, and any other op a test scripts. */
type FakeWorker<Q extends QueueName, Default extends OpOf<Q>> = { [O in Default]: HopHandlerFn<Q, O> } & {
  [O in Exclude<OpOf<Q>, Default>]?: HopHandlerFn<Q, O>;
};

/** One fake worker per queue the orchestrator calls; an op no test scripted fails as the hop client's `internal`. */
export interface FakeWorkers {
  understanding: FakeWorker<'understanding', 'understand'>;
  retrieval: FakeWorker<'retrieval', 'retrieve_framed'>;
  generation: FakeWorker<'generation', 'generate'>;
  verification: FakeWorker<'verification', 'verify' | 'check_sufficiency'>;
}

/** The turn every well-behaved worker below answers: ibuprofen's contraindications (4 parts). */
export const TURN = 'Chống chỉ định của ibuprofen là gì?';

/** The turn's shared budget in memory, by the rule of RequestBudget's Redis script: deadline first, then the cap. */
export class InMemoryBudget {
  private readonly turns = new Map<string, BudgetState>();

  async start(turnId: string, maxWallClockMs: number, maxCalls: number): Promise<BudgetTicket> {
    const deadline = Date.now() + maxWallClockMs;
    this.turns.set(turnId, { calls: 0, maxCalls, deadline });
    return { turnId, deadline };
  }

  async require(turnId: string): Promise<number> {
    const s = this.turns.get(turnId);
    if (!s) throw new RequestBudgetExhausted('unknown_turn');
    if (Date.now() >= s.deadline) throw new RequestBudgetExhausted('deadline');
    if (s.calls >= s.maxCalls) throw new RequestBudgetExhausted('calls');
    return ++s.calls;
  }

  async state(turnId: string): Promise<BudgetState | null> {
    const s = this.turns.get(turnId);
    return s ? { ...s } : null;
  }
}

/** The conversation store in memory: the memory a turn begins with, the outcomes it completed. */
export class FakeConversations {
  memory: Memory = { lines: [], lastFrame: null, clarifyStreak: 0 };
  readonly completed: TurnOutcome[] = [];
  beginTurn: ConversationRepository['beginTurn'] = async () => this.memory;
  completeTurn: ConversationRepository['completeTurn'] = async (o) => {
    this.completed.push(o);
  };
}

/** Turn rows in memory: which turns ended by the fallback `finish`. */
export class FakeTurns {
  readonly finished: string[] = [];
  markRunning: TurnRepository['markRunning'] = async () => undefined;
  finish: TurnRepository['finish'] = async (id) => {
    this.finished.push(id);
  };
}

/** Traces in memory, by turn. */
export class FakeTraces {
  readonly written = new Map<string, TraceEvent[]>();
  write: TraceRepository['write'] = async (turnId, events) => {
    this.written.set(turnId, events);
  };
}

/** A verification result; by default every check in code passes and entailment holds with nothing left out. */
export function verifyResult(over: Partial<VerifyResult> = {}): VerifyResult {
  return {
    guard_ok: true,
    guard_failures: [],
    band_failures: [],
    polarity_failures: [],
    entailment: { entailed: true, unsupported_claims: [], omissions: [] },
    ...over,
  };
}

/** An extractive answer: one sentence per part, quoting it and citing it. */
export function quoting(parts: EvidencePart[]): GenerationOutput {
  return {
    answer_sentences: parts.map((p) => ({ text: p.text, doc_ids: [p.doc_id] })),
    evidence_sufficient: parts.length > 0,
    clarifying_question: null,
    quick_replies: [],
  };
}

/**
 * Workers that behave: the frame of TURN, the sample corpus' section for it, an answer quoting
 * the first part (and any omitted part a repair is asked for), checks that pass. Every model call
 * is counted against the turn's budget first, as the real workers do.
 */
function wellBehavedWorkers(budget: InMemoryBudget, index: CorpusIndex): FakeWorkers {
  return {
    understanding: {
      understand: async (p, t) => {
        if (!p.deterministic) await budget.require(t.turnId);
        return { frame: emptyFrame({ drugs: ['ibuprofen'], attribute: 'chong_chi_dinh' }) };
      },
    },
    retrieval: {
      retrieve_framed: async (p) => ({
        decision: 'ANSWERABLE',
        parts: p.frame.drugs.flatMap((d) => (p.frame.attribute ? index.section(d, p.frame.attribute) : [])),
        routes: [],
      }),
    },
    generation: {
      generate: async (p, t) => {
        await budget.require(t.turnId);
        const omitted = p.evidence.filter((e) => p.omissions.some((o) => o.doc_id === e.doc_id));
        return quoting([p.evidence[0], ...omitted]);
      },
    },
    verification: {
      verify: async (_p, t) => {
        await budget.require(t.turnId);
        return verifyResult();
      },
      check_sufficiency: async (_p, t) => {
        await budget.require(t.turnId);
        return { sufficient: true };
      },
    },
  };
}

/**
 * The orchestrator for a unit test (immich's newTestService): the real RagAgent, AnswerPaths and
 * TracedHops over the in-process hop client, with fake workers, an in-memory budget and fake
 * repositories — no Redis, no Postgres. `config` overrides the defaults of the one config schema.
 */
export function newTestAgent(config: Partial<AppConfig> = {}) {
  Logger.overrideLogger(false);
  const c: AppConfig = { ...loadConfig({}), ...config };
  const budget = new InMemoryBudget();
  const index = sampleCorpusIndex();
  const workers = wellBehavedWorkers(budget, index);
  const conversations = new FakeConversations();
  const turns = new FakeTurns();
  const traces = new FakeTraces();
  // progress is best effort and no test here streams it
  const events = { publish: async () => undefined } as unknown as TurnEvents;
  const hops = new TracedHops(new InProcessHopClient(workers), events);
  const agent = new RagAgent(
    hops,
    new AnswerPaths(hops, c),
    budget as unknown as RequestBudget,
    conversations as unknown as ConversationRepository,
    turns as unknown as TurnRepository,
    traces as unknown as TraceRepository,
    { index } as CorpusService,
    events,
    c,
  );
  return {
    agent,
    workers,
    conversations,
    turns,
    traces,
    /** A turn of a stored conversation, asking TURN unless told otherwise. */
    job: (over: Partial<TurnJob> = {}): TurnJob => ({
      turn_id: randomUUID(),
      conversation_id: randomUUID(),
      owner: 'ward7',
      turn: TURN,
      legacy: false,
      degraded: false,
      progress: false,
      ...over,
    }),
    /** The hops of a turn as its trace recorded them, in order: `queue.op outcome`. */
    hopsOf: (turnId: string): string[] =>
      (traces.written.get(turnId) ?? [])
        .filter((e) => e.stage in workers)
        .map((e) => `${e.stage}.${e.op} ${e.outcome}`),
    /** The trace events of one stage (memory, persist, ...) of a turn. */
    traceOf: (turnId: string, stage: string): TraceEvent[] =>
      (traces.written.get(turnId) ?? []).filter((e) => e.stage === stage),
  };
}
