import { Module } from '@nestjs/common';
import { HealthModule } from '@app/persistence';
import { runQueueApp } from '@app/platform';
import { VerificationWorkerModule } from './verification-worker.module';

@Module({ imports: [VerificationWorkerModule, HealthModule] })
class VerificationWorkerApp {}

void runQueueApp(VerificationWorkerApp, ['verification'], 3104);
