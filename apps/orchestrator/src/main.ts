import { runQueueApp } from '@app/platform';
import { OrchestratorModule } from './orchestrator.module';

void runQueueApp(OrchestratorModule, ['turns'], 3100);
