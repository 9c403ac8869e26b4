import type {
  ConversationLine,
  Entailment,
  EvidencePart,
  GenerateRequest,
  GenerationOutput,
  QueryFrame,
  AnswerSentence,
} from '@app/contracts';

/**
 * Understanding: a turn (with history and the prior frame) to a QueryFrame. Drug ids are
 * resolved by code afterwards.
 */
export interface Understander {
  /** `expanded`: the turn with its ward shorthand expanded, a reading aid for the model. */
  understand(
    turn: string,
    history: ConversationLine[],
    priorFrame: QueryFrame | null,
    expanded?: string,
  ): Promise<QueryFrame>;
}

/** Grounded generation: the first answer, its retry, list mode and the completeness repair. */
export interface AnswerGenerator {
  generate(request: GenerateRequest): Promise<GenerationOutput>;
}

/** Sufficiency (legacy path) and entailment (of the answer, and of a repaired answer). */
export interface AnswerVerifier {
  sufficiency(query: string, evidence: EvidencePart[]): Promise<{ sufficient: boolean }>;
  entail(query: string, sentences: AnswerSentence[], evidence: EvidencePart[]): Promise<Entailment>;
}

/** Dense vectors for retrieval; rows are L2-normalised. */
export interface Embedder {
  readonly id: string;
  readonly dim: number;
  /** A provider call (Bedrock): counted against the turn's budget and its deadline, like any model call. */
  readonly remote: boolean;
  embed(texts: string[]): Promise<Float32Array[]>;
}

export const ANSWER_GENERATOR = Symbol('ANSWER_GENERATOR');
export const ANSWER_VERIFIER = Symbol('ANSWER_VERIFIER');
export const EMBEDDER = Symbol('EMBEDDER');
