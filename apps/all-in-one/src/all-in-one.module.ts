import { Module } from '@nestjs/common';
import { GatewayModule } from '@app/gateway';
import { GenerationWorkerModule } from '@app/generation-worker';
import { OrchestratorModule } from '@app/orchestrator';
import { RetrievalWorkerModule } from '@app/retrieval-worker';
import { UnderstandingWorkerModule } from '@app/understanding-worker';
import { VerificationWorkerModule } from '@app/verification-worker';

/** Every app in one process, over the same Redis queues as a split deployment. */
@Module({
  imports: [
    GatewayModule,
    OrchestratorModule,
    UnderstandingWorkerModule,
    RetrievalWorkerModule,
    GenerationWorkerModule,
    VerificationWorkerModule,
  ],
})
export class AllInOneModule {}
