import { Inject, Injectable } from '@nestjs/common';
import type { HopPayload, HopResult } from '@app/contracts';
import { checkAnswer, passes } from '@app/agent';
import { ANSWER_VERIFIER, type AnswerVerifier } from '@app/llm';
import { CorpusService } from '@app/persistence';
import { RequestBudget } from '@app/platform';

/**
 * verify: the checks in code (citations, numeric grounding, in list mode the candidate set,
 * band rows and polarity) and — only if all pass — the model's entailment check (of the
 * answer, and again of a repaired answer).
 * check_sufficiency: the model says whether the evidence suffices (the caller fails open).
 */
@Injectable()
export class VerificationService {
  constructor(
    private readonly budget: RequestBudget,
    private readonly corpus: CorpusService,
    @Inject(ANSWER_VERIFIER) private readonly verifier: AnswerVerifier,
  ) {}

  /** The formulary drugs a text names, read by the resolver of the active corpus. */
  private drugsIn = (text: string): string[] =>
    this.corpus.index.resolver.findMentions(text).flatMap((m) => (m.resolution ? [m.resolution.drug_id] : []));

  async verify(p: HopPayload<'verification', 'verify'>, turnId: string): Promise<HopResult<'verification', 'verify'>> {
    const c = checkAnswer({
      sentences: p.answer_sentences,
      evidence: p.evidence,
      userNumbers: p.user_numbers,
      listMode: p.list_mode,
      candidates: p.candidates,
      frame: p.frame,
      drugsIn: this.drugsIn,
    });
    const checked = {
      guard_ok: c.guard.length === 0,
      guard_failures: c.guard,
      band_failures: c.bands,
      polarity_failures: c.polarity,
    };
    // entailment is never asked about an answer the checks in code already refused
    if (!passes(c)) return { ...checked, entailment: null };
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
