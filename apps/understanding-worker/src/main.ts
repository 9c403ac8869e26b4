import { runQueueApp } from '@app/platform';
import { UnderstandingWorkerModule } from './understanding-worker.module';

void runQueueApp(UnderstandingWorkerModule, ['understanding'], 3101);
