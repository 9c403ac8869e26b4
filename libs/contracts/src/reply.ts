import { z } from 'zod';
import { SectionKeySchema } from './frame';

export const DecisionSchema = z.enum(['answerable', 'clarify', 'abstain']);
export type Decision = z.infer<typeof DecisionSchema>;

export const ANSWERABLE_REASONS = ['answered', 'drug_list', 'smalltalk', 'retrieval_only'] as const;
export const CLARIFY_REASONS = [
  'missing_population',
  'missing_pediatric_age_or_weight',
  'needs_more_info',
  'ambiguous_condition',
  'no_condition',
  'no_indication',
  'missing_attribute',
  'no_drug',
  'ambiguous_route',
] as const;
export const ABSTAIN_REASONS = [
  'out_of_scope',
  'unsupported_reverse_relation',
  'drug_not_in_formulary',
  'no_interaction_evidence',
  'no_safety_evidence',
  'no_evidence',
  'clarify_loop_exhausted',
  'understanding_unavailable',
  'generation_unavailable',
  'budget_exhausted',
  'ungrounded_answer',
  'not_entailed',
  'band_mismatch',
] as const;
export const ReasonSchema = z.enum([...ANSWERABLE_REASONS, ...CLARIFY_REASONS, ...ABSTAIN_REASONS]);
export type Reason = z.infer<typeof ReasonSchema>;
export type ClarifyReason = (typeof CLARIFY_REASONS)[number];
export type AbstainReason = (typeof ABSTAIN_REASONS)[number];

export const CitationSchema = z.object({
  doc_id: z.string(),
  drug_id: z.string(),
  section: SectionKeySchema,
  quote: z.string(),
  verify_pdf: z.boolean(),
});
export type Citation = z.infer<typeof CitationSchema>;

/** What the agent decided for one turn — the body of the API reply minus ids and usage. */
export const AgentReplySchema = z.object({
  decision: DecisionSchema,
  reason: ReasonSchema,
  answer: z.string(),
  quick_replies: z.array(z.string()),
  citations: z.array(CitationSchema),
  notices: z.array(z.string()),
  drugs: z.array(z.string()),
});
export type AgentReply = z.infer<typeof AgentReplySchema>;

export const UsageSchema = z.object({
  elapsed_ms: z.number().int().nonnegative(),
  llm_calls: z.number().int().nonnegative(),
});

/** `POST /v1/rag/query` response body. */
export const TurnReplySchema = AgentReplySchema.extend({
  /** Null on the stateless legacy path. */
  conversation_id: z.string().uuid().nullable(),
  turn_id: z.string().uuid(),
  trace_id: z.string().uuid(),
  usage: UsageSchema,
});
export type TurnReply = z.infer<typeof TurnReplySchema>;
