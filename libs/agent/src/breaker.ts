import type { AgentReply } from '@app/contracts';
import { abstain } from './reply';
import { W } from './wording';

export const MAX_CONSECUTIVE_CLARIFY = 4;

export interface BreakerResult {
  reply: AgentReply;
  streak: number;
  tripped: boolean;
}

/**
 * The clarify circuit breaker: up to `max` consecutive clarify replies pass; the next
 * one becomes `abstain / clarify_loop_exhausted` and the streak resets. Any non-clarify
 * reply resets the streak too.
 */
export function applyClarifyBreaker(
  reply: AgentReply,
  priorStreak: number,
  max = MAX_CONSECUTIVE_CLARIFY,
): BreakerResult {
  if (reply.decision !== 'clarify') return { reply, streak: 0, tripped: false };
  const streak = priorStreak + 1;
  if (streak > max)
    return { reply: abstain('clarify_loop_exhausted', W.loopExhausted, reply.drugs), streak: 0, tripped: true };
  return { reply, streak, tripped: false };
}
