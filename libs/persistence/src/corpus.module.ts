import { Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@app/platform';
import { createEmbedder, EMBEDDER } from '@app/llm';
import { CorpusService } from './corpus.service';

/** The in-memory corpus and the embedder that built its vectors. */
@Module({
  providers: [
    { provide: EMBEDDER, inject: [APP_CONFIG], useFactory: (c: AppConfig) => createEmbedder(c) },
    CorpusService,
  ],
  exports: [CorpusService, EMBEDDER],
})
export class CorpusModule {}
