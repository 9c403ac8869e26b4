import { Inject, Injectable } from '@nestjs/common';
import type { HopPayload, HopResult, QueryFrame } from '@app/contracts';
import { CorpusIndex } from '@app/formulary';
import { bedrockProviderFor, StubUnderstander, type Understander } from '@app/llm';
import { CorpusService } from '@app/persistence';
import { APP_CONFIG, RequestBudget, type AppConfig } from '@app/platform';

/**
 * understand(turn, history, prior frame) → QueryFrame. One provider call, after
 * budget.require(); the model extracts, the formulary resolver resolves.
 */
@Injectable()
export class UnderstandingService {
  private cached: { index: CorpusIndex; provider: Understander } | null = null;
  private readonly bedrock: Understander | null;

  constructor(
    private readonly corpus: CorpusService,
    private readonly budget: RequestBudget,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.bedrock = bedrockProviderFor(config);
  }

  private provider(): Understander {
    if (this.bedrock) return this.bedrock;
    const index = this.corpus.index;
    if (this.cached?.index !== index) {
      this.cached = { index, provider: new StubUnderstander(index.resolver, index.indicationHeads()) };
    }
    return this.cached.provider;
  }

  async understand(
    p: HopPayload<'understanding', 'understand'>,
    turnId: string,
  ): Promise<HopResult<'understanding', 'understand'>> {
    // Retrieval-only mode makes no LLM call: the deterministic parser is resolver + section router.
    if (this.config.ANSWER_PROVIDER !== 'disabled') await this.budget.require(turnId);
    const frame: QueryFrame = await this.provider().understand(p.turn, p.history, p.prior_frame);
    return { frame: this.resolveDrugs(frame) };
  }

  /** Code resolves what the model extracted: ids stay only if they are formulary ids. */
  private resolveDrugs(frame: QueryFrame): QueryFrame {
    const index = this.corpus.index;
    const drugs: string[] = [];
    const unknown = [...frame.unknown_drugs];
    for (const d of frame.drugs) {
      const id = index.drug(d) ? d : index.resolver.resolve(d)?.drug_id;
      if (id && !drugs.includes(id)) drugs.push(id);
      else if (!id) unknown.push(d);
    }
    return { ...frame, drugs, unknown_drugs: drugs.length ? [] : unknown };
  }
}
