import { Module } from '@nestjs/common';
import { CorpusModule, DatabaseModule } from '@app/persistence';
import { QueueModule } from '@app/platform';
import { RetrievalController } from './retrieval.controller';
import { RetrievalService } from './retrieval.service';

@Module({
  imports: [QueueModule, DatabaseModule, CorpusModule],
  controllers: [RetrievalController],
  providers: [RetrievalService],
})
export class RetrievalWorkerModule {}
