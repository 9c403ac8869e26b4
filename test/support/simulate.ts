import type { AgentReply, QueryFrame } from '@app/contracts';
import {
  applyClarifyBreaker,
  MAX_CONSECUTIVE_CLARIFY,
  planTurn,
  synthesizeQuery,
  type TurnMemory,
  type TurnPlan,
} from '@app/agent';
import { decide, retrieveForFrame } from '@app/formulary';
import { StubUnderstander } from '@app/llm';
import { sampleIndex } from '../../libs/formulary/src/test-corpus';

/** What one simulated turn came to. */
export interface SimTurn {
  turn: string;
  plan: TurnPlan;
  /** decision/reason as the user would see it ("clarify/missing_population", "answerable/answered"). */
  outcome: string;
  drugs: string[];
  streak: number;
}

export const index = sampleIndex();
export const parser = new StubUnderstander(index.resolver, index.indicationHeads(), index);
export const nameOf = (id: string) => index.drug(id)?.name ?? id;

/**
 * A conversation through the orchestrator's pure half — understanding (the stub parser, or a
 * scripted "model" frame), grounding, the pending question, merge, the routing table, the
 * single-drug retrieval decision and the clarify breaker — with the memory the orchestrator
 * keeps, and no I/O. The invariants run generated conversations through it.
 */
export class Simulation {
  memory: TurnMemory = { lastFrame: null, clarifyStreak: 0, userTurns: [] };

  /** `model`: the frame a model returns for this turn (default: the stub parser's own). */
  constructor(private readonly model?: (turn: string, parsed: QueryFrame) => QueryFrame) {}

  say(turn: string): SimTurn {
    const parsed = parser.parse(turn, this.memory.lastFrame);
    const understood = this.model ? this.model(turn, parsed) : parsed;
    const plan = planTurn(understood, turn, this.memory, index.resolver, nameOf);
    const reply = this.outcome(plan);
    const breaker = applyClarifyBreaker(reply, this.memory.clarifyStreak, MAX_CONSECUTIVE_CLARIFY);
    this.memory = {
      lastFrame: breaker.tripped ? null : plan.remember,
      clarifyStreak: breaker.streak,
      userTurns: [...this.memory.userTurns, turn].slice(-6),
    };
    return {
      turn,
      plan,
      outcome: `${breaker.reply.decision}/${breaker.reply.reason}`,
      drugs: breaker.reply.drugs,
      streak: breaker.streak,
    };
  }

  /** The reply's decision and reason: the routed reply, or what the single-drug path's retrieval decides. */
  private outcome(plan: TurnPlan): AgentReply {
    const r = plan.routed;
    if (r.kind === 'reply') return r.reply;
    const frame = plan.reading.frame;
    const base = { answer: '', quick_replies: [], citations: [], notices: [], drugs: frame.drugs };
    if (r.kind !== 'single_drug')
      return { ...base, decision: 'answerable', reason: r.kind === 'interaction' ? 'answered' : 'drug_list' };
    const query = synthesizeQuery(plan.question, frame);
    const d = decide(retrieveForFrame(index, frame, query), frame, index, [], query);
    if (d.decision === 'AMBIGUOUS_ROUTE') return { ...base, decision: 'clarify', reason: 'ambiguous_route' };
    if (d.decision === 'AMBIGUOUS_AGE')
      return { ...base, decision: 'clarify', reason: 'missing_pediatric_age_or_weight' };
    if (d.decision === 'INSUFFICIENT') return { ...base, decision: 'abstain', reason: 'no_evidence' };
    return { ...base, decision: 'answerable', reason: 'answered' };
  }
}
