import { Controller } from '@nestjs/common';
import type { HopPayload } from '@app/contracts';
import { HopHandler, type HopTicket } from '@app/platform';
import { GenerationService } from './generation.service';

@Controller()
export class GenerationController {
  constructor(private readonly service: GenerationService) {}

  @HopHandler('generation', 'generate')
  generate(p: HopPayload<'generation', 'generate'>, ticket: HopTicket) {
    return this.service.generate(p, ticket.turnId);
  }
}
