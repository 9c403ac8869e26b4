import { Controller } from '@nestjs/common';
import { Ctx } from '@nestjs/microservices';
import type { HopPayload as Payload } from '@app/contracts';
import { HopContext, HopHandler, HopPayload } from '@app/platform';
import { GenerationService } from './generation.service';

@Controller()
export class GenerationController {
  constructor(private readonly service: GenerationService) {}

  @HopHandler('generation', 'generate')
  generate(@HopPayload('generation', 'generate') p: Payload<'generation', 'generate'>, @Ctx() ctx: HopContext) {
    return this.service.generate(p, ctx.turnId);
  }
}
