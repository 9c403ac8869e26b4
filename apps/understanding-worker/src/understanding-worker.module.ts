import { Module } from '@nestjs/common';
import { CorpusModule, DatabaseModule } from '@app/persistence';
import { QueueModule } from '@app/platform';
import { UnderstandingController } from './understanding.controller';
import { UnderstandingService } from './understanding.service';

@Module({
  imports: [QueueModule, DatabaseModule, CorpusModule],
  controllers: [UnderstandingController],
  providers: [UnderstandingService],
})
export class UnderstandingWorkerModule {}
