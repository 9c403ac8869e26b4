import type {
  AnswerSentence,
  ConversationLine,
  Entailment,
  EvidencePart,
  GenerateRequest,
  GenerationOutput,
  QueryFrame,
} from '@app/contracts';
import type { AnswerGenerator, AnswerVerifier, Understander } from '../providers';
import {
  ENTAIL_SYSTEM,
  entailPrompt,
  GENERATE_SYSTEM,
  generatePrompt,
  SUFFICIENCY_SYSTEM,
  sufficiencyPrompt,
  UNDERSTAND_SYSTEM,
  understandPrompt,
} from './prompts';
import type { ToolCaller } from './tool-caller';

/**
 * Every model call of a turn — understanding, sufficiency, generation (first answer, retry,
 * repair), entailment — as one forced tool call over one Bedrock tool caller (Converse or
 * Claude messages).
 */
export class BedrockProvider implements Understander, AnswerGenerator, AnswerVerifier {
  constructor(private readonly caller: ToolCaller) {}

  understand(
    turn: string,
    history: ConversationLine[],
    priorFrame: QueryFrame | null,
    expanded?: string,
  ): Promise<QueryFrame> {
    return this.caller
      .call<Omit<QueryFrame, 'listed'>>(
        'understand_turn',
        UNDERSTAND_SYSTEM,
        understandPrompt(turn, history, priorFrame, expanded ?? null),
      )
      .then((frame) => ({ ...frame, listed: [] }));
  }

  generate(request: GenerateRequest): Promise<GenerationOutput> {
    return this.caller.call<GenerationOutput>('answer_from_evidence', GENERATE_SYSTEM, generatePrompt(request));
  }

  sufficiency(query: string, evidence: EvidencePart[]): Promise<{ sufficient: boolean }> {
    return this.caller.call<{ sufficient: boolean }>(
      'check_sufficiency',
      SUFFICIENCY_SYSTEM,
      sufficiencyPrompt(query, evidence),
    );
  }

  entail(query: string, sentences: AnswerSentence[], evidence: EvidencePart[]): Promise<Entailment> {
    return this.caller.call<Entailment>('check_entailment', ENTAIL_SYSTEM, entailPrompt(query, sentences, evidence));
  }
}
