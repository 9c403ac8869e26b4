import { Controller } from '@nestjs/common';
import { Ctx } from '@nestjs/microservices';
import type { HopPayload as Payload } from '@app/contracts';
import { HopContext, HopHandler, HopPayload } from '@app/platform';
import { RetrievalService } from './retrieval.service';

@Controller()
export class RetrievalController {
  constructor(private readonly service: RetrievalService) {}

  @HopHandler('retrieval', 'retrieve_framed')
  retrieveFramed(@HopPayload('retrieval', 'retrieve_framed') p: Payload<'retrieval', 'retrieve_framed'>) {
    return this.service.retrieveFramed(p);
  }

  @HopHandler('retrieval', 'retrieve_by_indication')
  retrieveByIndication(
    @HopPayload('retrieval', 'retrieve_by_indication') p: Payload<'retrieval', 'retrieve_by_indication'>,
    @Ctx() ctx: HopContext,
  ) {
    return this.service.retrieveByIndication(p, ctx.turnId);
  }

  @HopHandler('retrieval', 'retrieve_interaction')
  retrieveInteraction(
    @HopPayload('retrieval', 'retrieve_interaction') p: Payload<'retrieval', 'retrieve_interaction'>,
  ) {
    return this.service.retrieveInteraction(p);
  }

  @HopHandler('retrieval', 'retrieve_section')
  retrieveSection(@HopPayload('retrieval', 'retrieve_section') p: Payload<'retrieval', 'retrieve_section'>) {
    return this.service.retrieveSection(p);
  }

  @HopHandler('retrieval', 'assess_patient_candidates')
  assess(@HopPayload('retrieval', 'assess_patient_candidates') p: Payload<'retrieval', 'assess_patient_candidates'>) {
    return this.service.assessPatientCandidates(p);
  }

  @HopHandler('retrieval', 'decide')
  decide(@HopPayload('retrieval', 'decide') p: Payload<'retrieval', 'decide'>) {
    return this.service.decide(p);
  }
}
