import { Inject, Injectable, Logger } from '@nestjs/common';
import { StoreSchemaMissing, type AgentReply, type QueryFrame, type TurnJob, type TurnReply } from '@app/contracts';
import {
  annotateReply,
  applyClarifyBreaker,
  frameAfterReply,
  planTurn,
  statelessClarify,
  understandingFailureReply,
  W,
} from '@app/agent';
import {
  classifyStoreError,
  ConversationRepository,
  CorpusService,
  TraceRepository,
  TurnRepository,
  type Memory,
} from '@app/persistence';
import { APP_CONFIG, metrics, RequestBudget, TurnEvents, type AppConfig } from '@app/platform';
import { AnswerPaths, type TurnContext } from './answer-paths';
import { TraceRecorder } from './trace-recorder';
import { TracedHops } from './traced-hops';

/** History read for understanding: the last 12 lines (6 exchanges). */
const HISTORY_LINES = 12;

/**
 * One turn, in this order: budget, memory (fail-open), understanding hop, frame merge,
 * route, answer path hops, circuit breaker, one persisting transaction, trace (written even
 * when the turn fails).
 */
@Injectable()
export class RagAgent {
  private readonly log = new Logger('RagAgent');

  constructor(
    private readonly hops: TracedHops,
    private readonly paths: AnswerPaths,
    private readonly budget: RequestBudget,
    private readonly conversations: ConversationRepository,
    private readonly turns: TurnRepository,
    private readonly traces: TraceRepository,
    private readonly corpus: CorpusService,
    private readonly events: TurnEvents,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async handle(job: TurnJob): Promise<TurnReply> {
    const started = Date.now();
    const trace = new TraceRecorder(job.progress);
    try {
      const reply = await this.run(job, trace, started);
      if (job.progress) await this.events.publish(job.turn_id, 'done', reply);
      this.log.log({
        msg: 'turn done',
        turn_id: job.turn_id,
        conversation_id: job.conversation_id,
        queue: 'turns',
        op: 'handle_turn',
        decision: reply.decision,
        reason: reply.reason,
        elapsed_ms: reply.usage.elapsed_ms,
        llm_calls: reply.usage.llm_calls,
        // the turn text may hold patient details: only when explicitly allowed
        ...(this.config.LOG_TURN_TEXT ? { turn_text: job.turn } : {}),
      });
      return reply;
    } catch (e) {
      if (job.progress) await this.events.publish(job.turn_id, 'error', { message: 'the turn failed' });
      throw e;
    } finally {
      // the trace is written even when the turn fails; a trace outage never fails the turn
      await this.traces.write(job.turn_id, trace.events).catch((e) => {
        metrics.traceWriteFailures.inc();
        this.log.warn({ msg: 'trace write failed', turn_id: job.turn_id, error: (e as Error).message });
      });
    }
  }

  private async run(job: TurnJob, trace: TraceRecorder, started: number): Promise<TurnReply> {
    let t = Date.now();
    const ticket = await this.budget.start(
      job.turn_id,
      this.config.MAX_WALL_CLOCK_MS,
      this.config.MAX_LLM_CALLS_PER_TURN,
    );
    trace.add('budget', 'start', 'ok', t, {
      max_ms: this.config.MAX_WALL_CLOCK_MS,
      max_calls: this.config.MAX_LLM_CALLS_PER_TURN,
    });
    const memory = await this.beginTurn(job, trace);
    // no memory on the stateless legacy path or while the store is down; the retrieval-only mode keeps
    // it, so a question it asks can be answered in the next turn
    const stateless = job.legacy || job.degraded;
    // the legacy path and the retrieval-only mode read the turn with the deterministic parser: no model call
    const deterministic = job.legacy || this.config.ANSWER_PROVIDER === 'disabled';
    const prior = stateless ? null : memory.lastFrame;

    const u = await this.hops.call(
      trace,
      'understanding',
      'understand',
      { turn: job.turn, history: stateless ? [] : memory.lines, prior_frame: prior, deterministic },
      ticket,
    );
    let reply: AgentReply;
    let remember: QueryFrame | null = null;
    if (!u.ok) {
      reply = understandingFailureReply(u.code, job.turn);
    } else {
      t = Date.now();
      const index = this.corpus.index;
      const nameOf = (id: string) => index.drug(id)?.name ?? id;
      const earlier = stateless ? [] : memory.lines.filter((l) => l.role === 'user').map((l) => l.text);
      // the frame holds only what the user said, whoever produced it; then the routing table
      const plan = planTurn(
        u.value.frame,
        job.turn,
        { lastFrame: prior, clarifyStreak: stateless ? 0 : memory.clarifyStreak, userTurns: earlier },
        index.resolver,
        nameOf,
      );
      const { reading, routed: r, user } = plan;
      if (reading.dropped.length)
        trace.add('ground', 'frame', 'dropped', t, { fields: reading.dropped.map((d) => d.field) });
      const frame = reading.frame;
      remember = plan.remember;
      trace.add('route', `row_${r.row}`, r.kind === 'reply' ? r.reply.reason : r.kind, t, {
        row: r.row,
        path: r.kind,
        ...(reading.reasked ? { reasked: true } : {}),
      });
      const ctx: TurnContext = {
        turn: job.turn,
        question: plan.question,
        userTurns: earlier,
        frame,
        ticket,
        trace,
        nameOf,
        legacy: job.legacy,
        stateless,
      };
      if (r.kind === 'reply')
        reply = stateless ? statelessClarify(r.reply, frame.drugs.map(nameOf).join(', ')) : r.reply;
      else if (r.kind === 'interaction') reply = await this.paths.interaction(ctx);
      else if (r.kind === 'condition_to_drug') reply = await this.paths.conditionToDrug(ctx, r.condition);
      else reply = await this.paths.singleDrug(ctx);
      reply = annotateReply(reply, reading, user, nameOf);
      remember = frameAfterReply(remember, reply);
    }

    t = Date.now();
    const breaker = stateless
      ? { reply, streak: 0, tripped: false }
      : applyClarifyBreaker(reply, memory.clarifyStreak, this.config.MAX_CONSECUTIVE_CLARIFY);
    if (breaker.tripped) {
      metrics.breakerTrips.inc();
      trace.add('breaker', 'clarify_loop', 'tripped', t, { prior_streak: memory.clarifyStreak });
    }

    const state = await this.budget.state(job.turn_id).catch(() => null);
    const result: TurnReply = {
      ...breaker.reply,
      // a turn taken while the store was down is not part of any stored conversation: say so
      notices: job.degraded ? [...breaker.reply.notices, W.storeUnavailable] : breaker.reply.notices,
      conversation_id: job.conversation_id,
      turn_id: job.turn_id,
      trace_id: job.turn_id,
      usage: { elapsed_ms: Date.now() - started, llm_calls: state?.calls ?? 0 },
    };
    trace.add('reply', 'decision', `${result.decision}/${result.reason}`, started, {
      llm_calls: result.usage.llm_calls,
    });
    metrics.turns.inc({ decision: result.decision, reason: result.reason });
    metrics.turnDuration.observe(result.usage.elapsed_ms / 1000);
    metrics.llmCallsPerTurn.observe(result.usage.llm_calls);
    if (result.reason === 'budget_exhausted') metrics.budgetExhausted.inc();

    t = Date.now();
    if (job.degraded) {
      // nothing could be stored for this turn: counted as lost, never silently dropped
      metrics.persistFailures.inc();
      trace.add('persist', 'complete_turn', 'store_unavailable', t);
      return result;
    }
    try {
      await this.conversations.completeTurn({
        turnId: job.turn_id,
        conversationId: job.legacy ? null : job.conversation_id,
        userText: job.turn,
        reply: result,
        frame: breaker.tripped ? null : remember,
        clarifyStreak: breaker.streak,
      });
      trace.add('persist', 'complete_turn', 'ok', t);
    } catch (e) {
      // the user still gets the reply; the loss is visible in the trace
      metrics.persistFailures.inc();
      trace.add('persist', 'complete_turn', 'write_failed', t, { error: (e as Error).message });
      this.log.error({ msg: 'persisting the turn failed', turn_id: job.turn_id, error: (e as Error).message });
      // at least end the turn, so the conversation is not left with a turn in flight
      await this.turns.finish(job.turn_id, result).catch(() => undefined);
    }
    return result;
  }

  /**
   * Marks the turn running and reads the conversation's memory (one statement); fail-open — a store
   * outage means this turn has no memory. A missing table is no outage: the turn fails.
   */
  private async beginTurn(job: TurnJob, trace: TraceRecorder): Promise<Memory> {
    const empty: Memory = { lines: [], lastFrame: null, clarifyStreak: 0 };
    if (job.degraded) return empty;
    if (job.legacy || !job.conversation_id) {
      await this.turns.markRunning(job.turn_id).catch(() => undefined);
      return empty;
    }
    const t = Date.now();
    try {
      const m = await this.conversations.beginTurn(job.turn_id, job.conversation_id, HISTORY_LINES);
      trace.add('memory', 'recent', 'ok', t, {
        lines: m.lines.length,
        streak: m.clarifyStreak,
        has_frame: m.lastFrame !== null,
      });
      return m;
    } catch (e) {
      if (classifyStoreError(e) === 'schema') {
        // a missing table is a broken deployment, not an outage: the turn fails and says so
        trace.add('memory', 'recent', 'schema_missing', t, { error: (e as Error).message });
        this.log.error({
          msg: 'the conversation store schema is incomplete',
          turn_id: job.turn_id,
          error: (e as Error).message,
        });
        throw new StoreSchemaMissing((e as Error).message);
      }
      metrics.memoryFailOpen.inc();
      trace.add('memory', 'recent', 'memory_unavailable', t, { error: (e as Error).message });
      return empty;
    }
  }
}
