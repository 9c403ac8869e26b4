import { runQueueApp } from '@app/platform';
import { VerificationWorkerModule } from './verification-worker.module';

void runQueueApp(VerificationWorkerModule, ['verification'], 3104);
