import { Module } from '@nestjs/common';
import { ANSWER_GENERATOR, StubGenerator } from '@app/llm';
import { APP_CONFIG, ConfigModule, QueueModule, type AppConfig } from '@app/platform';
import { GenerationController } from './generation.controller';
import { GenerationService } from './generation.service';

export function createGenerator(c: AppConfig) {
  switch (c.ANSWER_PROVIDER) {
    case 'stub':
    case 'disabled':
      return new StubGenerator();
    default:
      throw new Error(`invalid configuration: ANSWER_PROVIDER: ${c.ANSWER_PROVIDER} is not available in this build`);
  }
}

@Module({
  imports: [ConfigModule, QueueModule],
  controllers: [GenerationController],
  providers: [GenerationService, { provide: ANSWER_GENERATOR, inject: [APP_CONFIG], useFactory: createGenerator }],
})
export class GenerationWorkerModule {}
