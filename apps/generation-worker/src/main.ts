import { Module } from '@nestjs/common';
import { DatabaseModule, HealthModule } from '@app/persistence';
import { runQueueApp } from '@app/platform';
import { GenerationWorkerModule } from './generation-worker.module';

// The database is here for readiness only: generation itself never touches it.
@Module({ imports: [GenerationWorkerModule, DatabaseModule, HealthModule] })
class GenerationWorkerApp {}

void runQueueApp(GenerationWorkerApp, ['generation'], 3103);
