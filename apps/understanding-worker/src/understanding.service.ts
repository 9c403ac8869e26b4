import { Inject, Injectable } from '@nestjs/common';
import type { HopPayload, HopResult, QueryFrame } from '@app/contracts';
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
      this.cached = { index, provider: new StubUnderstander(index.resolver, index.indicationHeads()) };
    return this.cached.provider;
  }

  async understand(
    p: HopPayload<'understanding', 'understand'>,
    turnId: string,
  ): Promise<HopResult<'understanding', 'understand'>> {
    // The deterministic parser (resolver + section router) makes no model call: retrieval-only mode
    // and the stateless legacy path.
    if (p.deterministic) return { frame: this.resolveDrugs(this.stub().parse(p.turn)) };
    // the offline stub stands in for the model: it counts as the call it replaces
    await this.budget.require(turnId);
    const frame: QueryFrame = this.bedrock
      ? await this.bedrock.understand(p.turn, p.history, p.prior_frame, this.stub().expand(p.turn))
      : this.stub().parse(p.turn);
    return { frame: this.resolveDrugs(frame) };
  }

  /**
   * Code resolves what the model extracted, with the same rule as the user's own words: a
   * name that is a known drug outside the formulary stays outside it (never a look-alike), a
   * typo resolves only to a single closest formulary drug, anything else is reported unknown.
   */
  private resolveDrugs(frame: QueryFrame): QueryFrame {
    const index = this.corpus.index;
    const drugs: string[] = [];
    const unknown = [...frame.unknown_drugs];
    for (const d of frame.drugs) {
      if (index.drug(d)) {
        if (!drugs.includes(d)) drugs.push(d);
        continue;
      }
      const r = index.resolver.read(d);
      if (r.kind === 'formulary') {
        if (!drugs.includes(r.resolution.drug_id)) drugs.push(r.resolution.drug_id);
      } else unknown.push(r.kind === 'outside' ? r.name : d);
    }
    return { ...frame, drugs, unknown_drugs: [...new Set(unknown)] };
  }
}
