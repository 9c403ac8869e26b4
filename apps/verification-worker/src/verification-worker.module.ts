import { Module } from '@nestjs/common';
import { ANSWER_VERIFIER, bedrockProviderFor, StubVerifier, type AnswerVerifier } from '@app/llm';
import { CorpusModule, CorpusService, DatabaseModule } from '@app/persistence';
import { APP_CONFIG, QueueModule, type AppConfig } from '@app/platform';
import { VerificationController } from './verification.controller';
import { VerificationService } from './verification.service';

export function createVerifier(c: AppConfig, corpus: CorpusService): AnswerVerifier {
  const bedrock = bedrockProviderFor(c);
  if (bedrock) return bedrock;
  // the stub reads the resolver per call so a corpus reload is picked up
  return {
    sufficiency: (query, evidence) => new StubVerifier(corpus.index.resolver).sufficiency(query, evidence),
    entail: (query, sentences, evidence) => new StubVerifier(corpus.index.resolver).entail(query, sentences, evidence),
  };
}

@Module({
  imports: [QueueModule, DatabaseModule, CorpusModule],
  controllers: [VerificationController],
  providers: [
    VerificationService,
    { provide: ANSWER_VERIFIER, inject: [APP_CONFIG, CorpusService], useFactory: createVerifier },
  ],
})
export class VerificationWorkerModule {}
