import { runQueueApp } from '@app/platform';
import { RetrievalWorkerModule } from './retrieval-worker.module';

void runQueueApp(RetrievalWorkerModule, ['retrieval'], 3102);
