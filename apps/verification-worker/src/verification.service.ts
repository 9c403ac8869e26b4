import { Inject, Injectable } from '@nestjs/common';
import type { HopPayload, HopResult } from '@app/contracts';
import { checkCandidateCitations, checkCitations, checkNumericGrounding } from '@app/agent';
import { ANSWER_VERIFIER, type AnswerVerifier } from '@app/llm';
import { RequestBudget } from '@app/platform';

/**
 * verify: citation check, numeric grounding guard and, in list mode, the candidate-set
 * check (no LLM), then — only if all pass — entailment (LLM call #4/#6). check_sufficiency: call #2 (the caller fails open).
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
    const failures = [...citations.failures, ...numbers.failures, ...candidates];
    if (failures.length) return { guard_ok: false, guard_failures: failures, entailment: null };
    await this.budget.require(turnId);
    const entailment = await this.verifier.entail(p.query, p.answer_sentences, p.evidence);
    return { guard_ok: true, guard_failures: [], entailment };
  }

  async sufficiency(
    p: HopPayload<'verification', 'check_sufficiency'>,
    turnId: string,
  ): Promise<HopResult<'verification', 'check_sufficiency'>> {
    await this.budget.require(turnId);
    return this.verifier.sufficiency(p.query, p.evidence);
  }
}
