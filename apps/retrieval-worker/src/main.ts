import { Module } from '@nestjs/common';
import { HealthModule } from '@app/persistence';
import { QueueModule, runQueueApp } from '@app/platform';
import { RetrievalWorkerModule } from './retrieval-worker.module';

@Module({ imports: [RetrievalWorkerModule, QueueModule, HealthModule] })
class RetrievalWorkerApp {}

void runQueueApp(RetrievalWorkerApp, ['retrieval'], 3102);
