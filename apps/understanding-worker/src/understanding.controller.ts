import { Controller } from '@nestjs/common';
import { Ctx } from '@nestjs/microservices';
import type { HopPayload as Payload } from '@app/contracts';
import { HopContext, HopHandler, HopPayload } from '@app/platform';
import { UnderstandingService } from './understanding.service';

@Controller()
export class UnderstandingController {
  constructor(private readonly service: UnderstandingService) {}

  @HopHandler('understanding', 'understand')
  understand(
    @HopPayload('understanding', 'understand') p: Payload<'understanding', 'understand'>,
    @Ctx() ctx: HopContext,
  ) {
    return this.service.understand(p, ctx.turnId);
  }
}
