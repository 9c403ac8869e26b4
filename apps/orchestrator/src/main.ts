import { Module } from '@nestjs/common';
import { HealthModule } from '@app/persistence';
import { runQueueApp } from '@app/platform';
import { OrchestratorModule } from './orchestrator.module';

@Module({ imports: [OrchestratorModule, HealthModule] })
class OrchestratorApp {}

void runQueueApp(OrchestratorApp, ['turns'], 3100);
