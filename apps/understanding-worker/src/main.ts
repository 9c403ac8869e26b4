import { HealthModule } from '@app/persistence';
import { runQueueApp } from '@app/platform';
import { Module } from '@nestjs/common';
import { UnderstandingWorkerModule } from './understanding-worker.module';

@Module({ imports: [UnderstandingWorkerModule, HealthModule] })
class UnderstandingWorkerApp {}

void runQueueApp(UnderstandingWorkerApp, ['understanding'], 3101);
