import { Module } from '@nestjs/common';
import { CorpusModule, DatabaseModule } from '@app/persistence';
import { ConfigModule } from '@app/platform';
import { RetrievalController } from './retrieval.controller';
import { RetrievalService } from './retrieval.service';

@Module({
  imports: [ConfigModule, DatabaseModule, CorpusModule],
  controllers: [RetrievalController],
  providers: [RetrievalService],
})
export class RetrievalWorkerModule {}
