import { Controller } from '@nestjs/common';
import type { HopPayload as Payload } from '@app/contracts';
import { HopHandler, HopPayload } from '@app/platform';
import { RagAgent } from './rag-agent.service';

@Controller()
export class OrchestratorController {
  constructor(private readonly agent: RagAgent) {}

  @HopHandler('turns', 'handle_turn')
  handleTurn(@HopPayload('turns', 'handle_turn') job: Payload<'turns', 'handle_turn'>) {
    return this.agent.handle(job);
  }
}
