import { Controller } from '@nestjs/common';
import type { HopPayload } from '@app/contracts';
import { HopHandler, type HopTicket } from '@app/platform';
import { RetrievalService } from './retrieval.service';

@Controller()
export class RetrievalController {
  constructor(private readonly service: RetrievalService) {}

  @HopHandler('retrieval', 'retrieve_framed')
  retrieveFramed(p: HopPayload<'retrieval', 'retrieve_framed'>) {
    return this.service.retrieveFramed(p);
  }

  @HopHandler('retrieval', 'retrieve_by_indication')
  retrieveByIndication(p: HopPayload<'retrieval', 'retrieve_by_indication'>, ticket: HopTicket) {
    return this.service.retrieveByIndication(p, ticket.turnId);
  }

  @HopHandler('retrieval', 'retrieve_interaction')
  retrieveInteraction(p: HopPayload<'retrieval', 'retrieve_interaction'>) {
    return this.service.retrieveInteraction(p);
  }

  @HopHandler('retrieval', 'retrieve_section')
  retrieveSection(p: HopPayload<'retrieval', 'retrieve_section'>) {
    return this.service.retrieveSection(p);
  }

  @HopHandler('retrieval', 'assess_patient_candidates')
  assess(p: HopPayload<'retrieval', 'assess_patient_candidates'>) {
    return this.service.assessPatientCandidates(p);
  }

  @HopHandler('retrieval', 'decide')
  decide(p: HopPayload<'retrieval', 'decide'>) {
    return this.service.decide(p);
  }
}
