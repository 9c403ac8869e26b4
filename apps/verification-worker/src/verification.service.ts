import { Inject, Injectable } from '@nestjs/common';
import type { HopPayload, HopResult } from '@app/contracts';
import { checkCitations, checkNumericGrounding } from '@app/agent';
import { ANSWER_VERIFIER, type AnswerVerifier } from '@app/llm';
import { RequestBudget } from '@app/platform';

/**
 * verify: citation check and numeric grounding guard (no LLM), then — only if both
 * pass — entailment (LLM call #4/#6). check_sufficiency: call #2 (the caller fails open).
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
    const failures = [...citations.failures, ...numbers.failures];
    if (p.list_mode) {
      const allowed = new Set(p.candidates);
      const byId = new Map(p.evidence.map((e) => [e.doc_id, e]));
      for (const s of p.answer_sentences)
        for (const id of s.doc_ids) {
          const drug = byId.get(id)?.drug_id;
          if (drug && !allowed.has(drug)) failures.push(`cites ${id}, outside the candidate set`);
        }
    }
    if (failures.length) return { guard_ok: false, guard_failures: failures, entailment: null };
    await this.budget.require(turnId);
    const entailment = await this.verifier.entail(p.query, p.answer_sentences, p.evidence);
    return { guard_ok: true, guard_failures: [], entailment };
  }

  async sufficiency(p: HopPayload<'verification', 'check_sufficiency'>, turnId: string): Promise<HopResult<'verification', 'check_sufficiency'>> {
    await this.budget.require(turnId);
    return this.verifier.sufficiency(p.query, p.evidence);
  }
}
