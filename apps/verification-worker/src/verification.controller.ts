import { Controller } from '@nestjs/common';
import type { HopPayload } from '@app/contracts';
import { HopHandler, type HopTicket } from '@app/platform';
import { VerificationService } from './verification.service';

@Controller()
export class VerificationController {
  constructor(private readonly service: VerificationService) {}

  @HopHandler('verification', 'verify')
  verify(p: HopPayload<'verification', 'verify'>, ticket: HopTicket) {
    return this.service.verify(p, ticket.turnId);
  }

  @HopHandler('verification', 'check_sufficiency')
  sufficiency(p: HopPayload<'verification', 'check_sufficiency'>, ticket: HopTicket) {
    return this.service.sufficiency(p, ticket.turnId);
  }
}
