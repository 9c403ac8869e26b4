import { Module } from '@nestjs/common';
import { CorpusModule, DatabaseModule } from '@app/persistence';
import { QueueModule } from '@app/platform';
import { AnswerPaths } from './answer-paths';
import { HousekeepingService } from './housekeeping.service';
import { OrchestratorController } from './orchestrator.controller';
import { RagAgent } from './rag-agent.service';
import { TracedHops } from './traced-hops';

@Module({
  imports: [QueueModule, DatabaseModule, CorpusModule],
  controllers: [OrchestratorController],
  providers: [RagAgent, AnswerPaths, TracedHops, HousekeepingService],
  exports: [RagAgent, TracedHops, HousekeepingService],
})
export class OrchestratorModule {}
