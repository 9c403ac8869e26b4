import type { AgentReply, ClarifyReason, AbstainReason } from '@app/contracts';

export function clarify(
  reason: ClarifyReason,
  answer: string,
  quickReplies: string[] = [],
  drugs: string[] = [],
  notices: string[] = [],
): AgentReply {
  return { decision: 'clarify', reason, answer, quick_replies: quickReplies, citations: [], notices, drugs };
}

export function abstain(
  reason: AbstainReason,
  answer: string,
  drugs: string[] = [],
  notices: string[] = [],
): AgentReply {
  return { decision: 'abstain', reason, answer, quick_replies: [], citations: [], notices, drugs };
}
