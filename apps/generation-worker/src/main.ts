import { runQueueApp } from '@app/platform';
import { GenerationWorkerModule } from './generation-worker.module';

void runQueueApp(GenerationWorkerModule, ['generation'], 3103);
