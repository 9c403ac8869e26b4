import { Inject, Injectable } from '@nestjs/common';
import type { HopPayload, HopResult, QueryFrame } from '@app/contracts';
import { resolveModelDrugs } from '@app/agent';
import { CorpusIndex } from '@app/formulary';
import { bedrockProviderFor, StubUnderstander, type Understander } from '@app/llm';
import { CorpusService } from '@app/persistence';
import { APP_CONFIG, RequestBudget, type AppConfig } from '@app/platform';

/**
 * understand(turn, history, prior frame) → QueryFrame. One provider call, after
 * budget.require() (none for the deterministic parser); the model extracts, the formulary
 * resolver resolves, and the orchestrator grounds the frame in the user's words.
 */
@Injectable()
export class UnderstandingService {
  private cached: { index: CorpusIndex; provider: StubUnderstander } | null = null;
  private readonly bedrock: Understander | null;

  constructor(
    private readonly corpus: CorpusService,
    private readonly budget: RequestBudget,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.bedrock = bedrockProviderFor(config);
  }

  private stub(): StubUnderstander {
    const index = this.corpus.index;
    if (this.cached?.index !== index)
      this.cached = { index, provider: new StubUnderstander(index.resolver, index.indicationHeads(), index) };
    return this.cached.provider;
  }

  async understand(
    p: HopPayload<'understanding', 'understand'>,
    turnId: string,
  ): Promise<HopResult<'understanding', 'understand'>> {
    // The deterministic parser (resolver + section router) makes no model call: retrieval-only mode
    // and the stateless legacy path.
    if (p.deterministic) return { frame: this.resolveDrugs(this.stub().parse(p.turn, p.prior_frame)) };
    // the offline stub stands in for the model: it counts as the call it replaces
    await this.budget.require(turnId);
    const frame: QueryFrame = this.bedrock
      ? await this.bedrock.understand(p.turn, p.history, p.prior_frame, this.stub().expand(p.turn))
      : this.stub().parse(p.turn, p.prior_frame);
    return { frame: this.resolveDrugs(frame) };
  }

  private resolveDrugs(frame: QueryFrame): QueryFrame {
    const index = this.corpus.index;
    return resolveModelDrugs(frame, index.resolver, (id) => !!index.drug(id));
  }
}
