import { Inject, Injectable } from '@nestjs/common';
import type { HopPayload, HopResult } from '@app/contracts';
import { checkBands, checkCandidateCitations, checkCitations, checkNumericGrounding, checkPolarity } from '@app/agent';
import { ANSWER_VERIFIER, type AnswerVerifier } from '@app/llm';
import { RequestBudget } from '@app/platform';

/**
 * verify: the checks in code (citations, numeric grounding, in list mode the candidate set,
 * band rows and polarity) and — only if all pass — entailment (LLM call #4/#6).
 * check_sufficiency: call #2 (the caller fails open).
 */
@Injectable()
export class VerificationService {
  constructor(
    private readonly budget: RequestBudget,
    @Inject(ANSWER_VERIFIER) private readonly verifier: AnswerVerifier,
  ) {}

  async verify(p: HopPayload<'verification', 'verify'>, turnId: string): Promise<HopResult<'verification', 'verify'>> {
    const citations = checkCitations(p.answer_sentences, p.evidence);
    const numbers = checkNumericGrounding(p.answer_sentences, p.evidence, p.user_numbers);
    const candidates = p.list_mode
      ? checkCandidateCitations(p.answer_sentences, p.evidence, p.candidates).failures
      : [];
    const guard = [...citations.failures, ...numbers.failures, ...candidates];
    const bands = checkBands(p.answer_sentences, p.evidence, p.frame).failures;
    const polarity = checkPolarity(p.answer_sentences, p.evidence).failures;
    const checked = {
      guard_ok: guard.length === 0,
      guard_failures: guard,
      band_failures: bands,
      polarity_failures: polarity,
    };
    // entailment is never asked about an answer the checks in code already refused
    if (guard.length || bands.length || polarity.length) return { ...checked, entailment: null };
    await this.budget.require(turnId);
    const entailment = await this.verifier.entail(p.query, p.answer_sentences, p.evidence);
    return { ...checked, entailment };
  }

  async sufficiency(
    p: HopPayload<'verification', 'check_sufficiency'>,
    turnId: string,
  ): Promise<HopResult<'verification', 'check_sufficiency'>> {
    await this.budget.require(turnId);
    return this.verifier.sufficiency(p.query, p.evidence);
  }
}
