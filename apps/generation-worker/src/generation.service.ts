import { Inject, Injectable } from '@nestjs/common';
import type { HopPayload, HopResult } from '@app/contracts';
import { ANSWER_GENERATOR, type AnswerGenerator } from '@app/llm';
import { RequestBudget } from '@app/platform';

/**
 * Generation — the first answer, its retry when the first said the evidence was insufficient,
 * and the completeness repair: one provider call per job, after budget.require().
 */
@Injectable()
export class GenerationService {
  constructor(
    private readonly budget: RequestBudget,
    @Inject(ANSWER_GENERATOR) private readonly generator: AnswerGenerator,
  ) {}

  async generate(
    p: HopPayload<'generation', 'generate'>,
    turnId: string,
  ): Promise<HopResult<'generation', 'generate'>> {
    await this.budget.require(turnId);
    return this.generator.generate(p);
  }
}
