import { Controller } from '@nestjs/common';
import type { HopPayload } from '@app/contracts';
import { HopHandler, type HopTicket } from '@app/platform';
import { UnderstandingService } from './understanding.service';

@Controller()
export class UnderstandingController {
  constructor(private readonly service: UnderstandingService) {}

  @HopHandler('understanding', 'understand')
  understand(p: HopPayload<'understanding', 'understand'>, ticket: HopTicket) {
    return this.service.understand(p, ticket.turnId);
  }
}
