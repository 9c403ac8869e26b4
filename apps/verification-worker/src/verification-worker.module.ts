import { Module } from '@nestjs/common';
import { ANSWER_VERIFIER, StubVerifier } from '@app/llm';
import { CorpusModule, CorpusService, DatabaseModule } from '@app/persistence';
import { APP_CONFIG, ConfigModule, QueueModule, type AppConfig } from '@app/platform';
import { VerificationController } from './verification.controller';
import { VerificationService } from './verification.service';

export function createVerifier(c: AppConfig, corpus: CorpusService) {
  switch (c.ANSWER_PROVIDER) {
    case 'stub':
    case 'disabled':
      // the resolver is read per call so a corpus reload is picked up
      return {
        sufficiency: (q: string, e: Parameters<StubVerifier['sufficiency']>[1]) => new StubVerifier(corpus.index.resolver).sufficiency(q, e),
        entail: (...a: Parameters<StubVerifier['entail']>) => new StubVerifier(corpus.index.resolver).entail(...a),
      };
    default:
      throw new Error(`invalid configuration: ANSWER_PROVIDER: ${c.ANSWER_PROVIDER} is not available in this build`);
  }
}

@Module({
  imports: [ConfigModule, QueueModule, DatabaseModule, CorpusModule],
  controllers: [VerificationController],
  providers: [VerificationService, { provide: ANSWER_VERIFIER, inject: [APP_CONFIG, CorpusService], useFactory: createVerifier }],
})
export class VerificationWorkerModule {}
