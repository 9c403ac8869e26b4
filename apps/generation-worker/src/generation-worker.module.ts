import { Module } from '@nestjs/common';
import { ANSWER_GENERATOR, bedrockProviderFor, StubGenerator, type AnswerGenerator } from '@app/llm';
import { DatabaseModule } from '@app/persistence';
import { APP_CONFIG, QueueModule, type AppConfig } from '@app/platform';
import { GenerationController } from './generation.controller';
import { GenerationService } from './generation.service';

export function createGenerator(c: AppConfig): AnswerGenerator {
  return bedrockProviderFor(c) ?? new StubGenerator();
}

// Like every worker: configuration, queues and the database. Generation itself never reads the
// database; it tells which deployment owns the queue prefix, and readiness checks it.
@Module({
  imports: [QueueModule, DatabaseModule],
  controllers: [GenerationController],
  providers: [GenerationService, { provide: ANSWER_GENERATOR, inject: [APP_CONFIG], useFactory: createGenerator }],
})
export class GenerationWorkerModule {}
