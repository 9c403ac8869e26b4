import { Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@app/platform';
import { EMBEDDER, HashEmbedder, type Embedder } from '@app/llm';
import { CorpusService } from './corpus.service';

export function createEmbedder(c: AppConfig): Embedder | null {
  switch (c.EMBEDDING_PROVIDER) {
    case 'disabled':
      return null;
    case 'hash':
      return new HashEmbedder();
    default:
      throw new Error(`invalid configuration: EMBEDDING_PROVIDER: ${c.EMBEDDING_PROVIDER} is not available in this build`);
  }
}

/** The in-memory corpus and the embedder that built its vectors. */
@Module({
  providers: [{ provide: EMBEDDER, inject: [APP_CONFIG], useFactory: createEmbedder }, CorpusService],
  exports: [CorpusService, EMBEDDER],
})
export class CorpusModule {}
