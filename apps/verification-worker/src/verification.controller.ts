import { Controller } from '@nestjs/common';
import { Ctx } from '@nestjs/microservices';
import type { HopPayload as Payload } from '@app/contracts';
import { HopContext, HopHandler, HopPayload } from '@app/platform';
import { VerificationService } from './verification.service';

@Controller()
export class VerificationController {
  constructor(private readonly service: VerificationService) {}

  @HopHandler('verification', 'verify')
  verify(@HopPayload('verification', 'verify') p: Payload<'verification', 'verify'>, @Ctx() ctx: HopContext) {
    return this.service.verify(p, ctx.turnId);
  }

  @HopHandler('verification', 'check_sufficiency')
  sufficiency(
    @HopPayload('verification', 'check_sufficiency') p: Payload<'verification', 'check_sufficiency'>,
    @Ctx() ctx: HopContext,
  ) {
    return this.service.sufficiency(p, ctx.turnId);
  }
}
