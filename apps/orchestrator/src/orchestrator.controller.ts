import { Controller } from '@nestjs/common';
import type { HopPayload } from '@app/contracts';
import { HopHandler } from '@app/platform';
import { RagAgent } from './rag-agent.service';

@Controller()
export class OrchestratorController {
  constructor(private readonly agent: RagAgent) {}

  @HopHandler('turns', 'handle_turn')
  handleTurn(job: HopPayload<'turns', 'handle_turn'>) {
    return this.agent.handle(job);
  }
}
