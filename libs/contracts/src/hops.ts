import { z } from 'zod';
import { MAX_TURN_CHARS } from './api';
import { CoMedicationNoteSchema, ContraFindingSchema, EvidencePartSchema, RetrievalResultSchema } from './evidence';
import {
  AskedClassSchema,
  PatientContextSchema,
  PatientSeveritySchema,
  QueryFrameSchema,
  SectionKeySchema,
  UNKNOWN_SEVERITY,
} from './frame';
import { TurnReplySchema } from './reply';

export const ConversationLineSchema = z.object({
  role: z.enum(['user', 'assistant']),
  text: z.string(),
});
export type ConversationLine = z.infer<typeof ConversationLineSchema>;

export const AnswerSentenceSchema = z.object({
  text: z.string().min(1).max(2000),
  doc_ids: z.array(z.string()).max(20),
});
export type AnswerSentence = z.infer<typeof AnswerSentenceSchema>;

/** Generation output contract (first answer, retry and repair; tool `answer_from_evidence`). */
export const GenerationOutputSchema = z.object({
  answer_sentences: z.array(AnswerSentenceSchema).max(40),
  evidence_sufficient: z.boolean(),
  clarifying_question: z.string().max(500).nullable(),
  quick_replies: z.array(z.string().max(80)).max(8),
});
export type GenerationOutput = z.infer<typeof GenerationOutputSchema>;

export const OmissionSchema = z.object({
  grounded: z.boolean(),
  detail: z.string().max(1000),
  doc_id: z.string().nullable(),
});
export type Omission = z.infer<typeof OmissionSchema>;

/** Entailment output contract (the answer's check and a repaired answer's; tool `check_entailment`). */
export const EntailmentSchema = z.object({
  entailed: z.boolean(),
  unsupported_claims: z.array(z.string().max(1000)).max(20),
  omissions: z.array(OmissionSchema).max(20),
});
export type Entailment = z.infer<typeof EntailmentSchema>;

const GenerateRequestSchema = z.object({
  query: z.string().max(6000),
  frame: QueryFrameSchema,
  evidence: z.array(EvidencePartSchema).min(1).max(40),
  list_mode: z.boolean(),
  /** list mode: the only drug ids the answer may name. */
  candidates: z.array(z.string()).max(60),
  /** repair: the grounded omissions the previous answer left out. */
  omissions: z.array(OmissionSchema).max(20),
  /** Retry: the first attempt said the evidence was insufficient. */
  retry: z.boolean(),
  previous: z.array(AnswerSentenceSchema).max(40),
});
export type GenerateRequest = z.infer<typeof GenerateRequestSchema>;

const VerifyRequestSchema = z.object({
  query: z.string().max(6000),
  answer_sentences: z.array(AnswerSentenceSchema).max(40),
  evidence: z.array(EvidencePartSchema).max(40),
  /** Numbers the user gave (age, weight, renal values) — the only ones an uncited sentence may carry. */
  user_numbers: z.array(z.string().max(40)).max(40),
  list_mode: z.boolean(),
  candidates: z.array(z.string()).max(60),
  /** The question's frame: the band check reads the patient's age, weight and kidney values from it. */
  frame: QueryFrameSchema.nullable(),
});
export type VerifyRequest = z.infer<typeof VerifyRequestSchema>;

export const VerifyResultSchema = z.object({
  /** Citation check + numeric grounding guard (no LLM). */
  guard_ok: z.boolean(),
  guard_failures: z.array(z.string()),
  /** Band check (no LLM): a number from a band row stands with its label, and the row holds the patient. */
  band_failures: z.array(z.string()),
  /** Polarity check (no LLM): no safety claim the quote does not make, no prohibition the quote makes dropped. */
  polarity_failures: z.array(z.string()),
  /** Null when the guard failed (entailment is never asked about an ungrounded answer). */
  entailment: EntailmentSchema.nullable(),
});
export type VerifyResult = z.infer<typeof VerifyResultSchema>;

export const TurnJobSchema = z.object({
  turn_id: z.string().uuid(),
  /** Null on the stateless legacy path. */
  conversation_id: z.string().uuid().nullable(),
  owner: z.string().max(200),
  turn: z.string().min(1).max(MAX_TURN_CHARS),
  /** Stateless legacy path (`POST /v1/rag/answer`): no memory, sufficiency check on. */
  legacy: z.boolean(),
  /** The store was down when the gateway took the turn: answer without memory, write nothing. */
  degraded: z.boolean().default(false),
  /**
   * Publish the turn's stages to its progress stream (SSE). Set for `POST /v1/rag/turns`,
   * whose client reads them; a synchronous query gets its reply in the response instead.
   */
  progress: z.boolean().default(false),
});
export type TurnJob = z.infer<typeof TurnJobSchema>;

/**
 * The one map from queue + op to payload and result. Producers and workers both
 * import it; a shape it does not name cannot be sent or returned.
 */

export const HOPS = {
  turns: {
    handle_turn: { payload: TurnJobSchema, result: TurnReplySchema },
  },
  understanding: {
    understand: {
      payload: z.object({
        turn: z.string().min(1).max(MAX_TURN_CHARS),
        history: z.array(ConversationLineSchema).max(12),
        prior_frame: QueryFrameSchema.nullable(),
        /**
         * Read the turn with the deterministic parser (resolver + section router), no model call:
         * retrieval-only mode and the stateless legacy path.
         */
        deterministic: z.boolean(),
      }),
      result: z.object({ frame: QueryFrameSchema }),
    },
  },
  retrieval: {
    retrieve_framed: {
      payload: z.object({
        frame: QueryFrameSchema,
        query: z.string().max(6000),
        /** The user's earlier turns: a treatment said before ("thuốc nào cắt cơn") still picks its dose. */
        context: z.string().max(6000).default(''),
        /** How far the patient's states go, read from the user's words (this turn too): the answer is held against it. */
        severity: PatientSeveritySchema.default(UNKNOWN_SEVERITY),
        /** The user's own words of the conversation, this turn included, shorthand expanded. */
        said: z.string().max(6000).default(''),
      }),
      result: RetrievalResultSchema,
    },
    retrieve_by_indication: {
      payload: z.object({
        condition: z.string().min(1).max(200),
        /** The classes the user's question names ("thuốc giảm đau opioid nào"), read by code: a listed drug is in each. */
        classes: z.array(AskedClassSchema).max(6).default([]),
        /** The user's words: of a drug's parts that name the condition, the one closest to them is quoted. */
        context: z.string().max(6000).default(''),
      }),
      result: z.object({
        parts: z.array(EvidencePartSchema),
        drug_ids: z.array(z.string()),
        /** Drugs whose indication names the condition but that are outside a class asked: not listed. */
        off_class: z.array(z.string()).default([]),
        /** Drugs the question sets aside ("ngoài para … thì còn thuốc giảm đau nào"): not listed. */
        set_aside: z.array(z.string()).default([]),
        /** Drugs an indication of theirs denies for what the user describes ("Không có hiệu quả trong …"), with that text. */
        not_for: z.array(z.object({ drug_id: z.string(), quote: z.string() })).default([]),
        /** Drugs whose every indication naming the condition is for another age group ("… ở người lớn"), with that text. */
        other_age: z.array(z.object({ drug_id: z.string(), quote: z.string() })).default([]),
        /** Indications came close but none names every content word of the condition: ask which condition. */
        weak: z.boolean(),
        /** Drugs found before the list was capped (the reply says when it was). */
        total: z.number().int().nonnegative(),
      }),
    },
    /** Row 15 in one hop: every named drug's interaction section, pooled, then decide() keeping parts that name another of the drugs. */
    retrieve_interaction: {
      payload: z.object({ frame: QueryFrameSchema }),
      result: RetrievalResultSchema,
    },
    /**
     * Not called by the orchestrator. Kept for the benchmark: its single-hop overhead measure
     * (apps/bench overhead.bench.ts) times a tiny payload (this op) against a large one (`decide`
     * over a drug's dosing parts), in process and over the queue; the contract tests check both.
     */
    retrieve_section: {
      payload: z.object({ drug_id: z.string().max(80), section: SectionKeySchema }),
      result: z.object({ parts: z.array(EvidencePartSchema) }),
    },
    assess_patient_candidates: {
      payload: z.object({
        drug_ids: z.array(z.string().max(80)).max(60),
        patient: PatientContextSchema,
        severity: PatientSeveritySchema.default(UNKNOWN_SEVERITY),
        /** The condition asked: a use the formulary forbids ("không dùng để điều trị …") excludes by it. */
        condition: z.string().max(200).nullable().default(null),
        /**
         * The user's own words of the conversation, shorthand expanded: a contraindication whose subject
         * they name ("loét dạ dày" beside "Loét dạ dày tá tràng tiến triển") may apply.
         */
        said: z.string().max(6000).default(''),
      }),
      result: z.object({
        parts: z.array(EvidencePartSchema),
        /** Candidates with safety evidence for this patient: the only ones listed. */
        reviewed_drug_ids: z.array(z.string()),
        /** Candidates kept off the list by a stated allergy. */
        /** `quote`: the contraindication clause that speaks of the allergy, verbatim, when the drug has one. */
        excluded: z.array(z.object({ drug_id: z.string(), allergy: z.string(), quote: z.string().optional() })),
        /**
         * Candidates kept off the list by a contraindication that names the patient's state: `yes` it
         * applies, `maybe` it may (the words do not say the trimester or the severity it needs).
         */
        contraindicated: z.array(ContraFindingSchema),
        /**
         * Contraindications scoped to a dosage form the drug is not limited to ("Dạng tiêm: … blốc nhĩ
         * thất độ II" for a drug also given by mouth): the drug stays listed and the reply quotes them.
         */
        form_limited: z.array(ContraFindingSchema).default([]),
        /** What the interaction sections say of a listed drug beside a drug the patient takes (`pairNotes`). */
        co_medications: z.array(CoMedicationNoteSchema).default([]),
      }),
    },
    /** Not called by the orchestrator: the benchmark's large-payload hop (see `retrieve_section`). */
    decide: {
      payload: z.object({
        parts: z.array(EvidencePartSchema).max(80),
        frame: QueryFrameSchema,
        /** Interaction pools: every part kept must mention one of these other drugs. */
        require_mention_of: z.array(z.string()).max(10),
      }),
      result: RetrievalResultSchema,
    },
  },
  generation: {
    generate: { payload: GenerateRequestSchema, result: GenerationOutputSchema },
  },
  verification: {
    verify: { payload: VerifyRequestSchema, result: VerifyResultSchema },
    check_sufficiency: {
      payload: z.object({ query: z.string().max(6000), evidence: z.array(EvidencePartSchema).max(40) }),
      result: z.object({ sufficient: z.boolean() }),
    },
  },
} as const;

export type HopMap = typeof HOPS;
export type QueueName = keyof HopMap;
export type OpOf<Q extends QueueName> = keyof HopMap[Q] & string;
type Entry<Q extends QueueName, O extends OpOf<Q>> = HopMap[Q][O] extends { payload: infer P; result: infer R }
  ? { payload: P; result: R }
  : never;
export type HopPayload<Q extends QueueName, O extends OpOf<Q>> = z.infer<Entry<Q, O>['payload'] & z.ZodType>;
export type HopResult<Q extends QueueName, O extends OpOf<Q>> = z.infer<Entry<Q, O>['result'] & z.ZodType>;

export const QUEUE_NAMES = Object.keys(HOPS) as QueueName[];

export function opsOf(queue: QueueName): string[] {
  return Object.keys(HOPS[queue]);
}

export function hopSchemas(queue: QueueName, op: string): { payload: z.ZodType; result: z.ZodType } | undefined {
  const ops = HOPS[queue] as Record<string, { payload: z.ZodType; result: z.ZodType }>;
  return Object.prototype.hasOwnProperty.call(ops, op) ? ops[op] : undefined;
}

/** Typed failure codes a hop can end with. */
export const FAILURE_CODES = [
  'budget_exhausted',
  'deadline_passed',
  'provider_unavailable',
  'invalid_payload',
  'store_schema_missing',
  'internal',
] as const;
export const FailureCodeSchema = z.enum(FAILURE_CODES);
export type FailureCode = z.infer<typeof FailureCodeSchema>;

/** What a worker puts in a completed job: a typed success or a typed failure. */
export const HopEnvelopeSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), value: z.unknown() }),
  z.object({ ok: z.literal(false), code: FailureCodeSchema, message: z.string() }),
]);
export type HopOutcome<T> = { ok: true; value: T } | { ok: false; code: FailureCode; message: string };

/** A hop's typed failure: the one shape every failure path ends in. */
export function failure<T>(code: FailureCode, message: string): HopOutcome<T> {
  return { ok: false, code, message };
}

/** What a job carries besides the payload. */
export const JobDataSchema = z.object({
  turn_id: z.string(),
  /** Absolute deadline, ms since the epoch. */
  deadline: z.number(),
  payload: z.unknown(),
});
export type JobData = z.infer<typeof JobDataSchema>;
