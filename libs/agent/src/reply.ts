import type { AbstainReason, AgentReply, ClarifyReason, QueryFrame, SectionKey } from '@app/contracts';
import { unansweredAspects } from '@app/formulary';
import { W } from './wording';

export function clarify(
  reason: ClarifyReason,
  answer: string,
  quickReplies: string[] = [],
  drugs: string[] = [],
  notices: string[] = [],
): AgentReply {
  return { decision: 'clarify', reason, answer, quick_replies: quickReplies, citations: [], notices, drugs };
}

export function abstain(
  reason: AbstainReason,
  answer: string,
  drugs: string[] = [],
  notices: string[] = [],
): AgentReply {
  return { decision: 'abstain', reason, answer, quick_replies: [], citations: [], notices, drugs };
}

/**
 * Nothing answerable was found for one drug's question. It says "no dose for this patient" only when a dose
 * was asked — how to keep, mix or time it (an aspect no part speaks of) is not a dose.
 */
export function noEvidenceReply(frame: QueryFrame, names: string, question: string): AgentReply {
  const aspectAsked = unansweredAspects(question, []).length > 0;
  const dosing =
    !aspectAsked &&
    frame.turn_type === 'dosing_calc' &&
    frame.attribute === 'lieu_luong_cach_dung' &&
    frame.population !== null;
  return abstain(
    'no_evidence',
    dosing ? W.noEvidenceForPopulation(names, frame.population!, frame.route) : W.noEvidence(names, frame.attribute),
    frame.drugs,
  );
}

/** A contraindication that kept a candidate off a condition → drug list, with the clause it quotes. */
export interface KeptOff {
  drug_id: string;
  doc_id: string;
  section: SectionKey;
  quote: string;
}

/**
 * Every candidate for the condition is kept off by this patient's contraindications: that is the
 * answer (a list of none), citing each clause — stage 2 found safety evidence, it just rules them out.
 */
export function allContraindicatedReply(
  condition: string,
  names: string[],
  keptOff: KeptOff[],
  notices: string[],
): AgentReply {
  return {
    decision: 'answerable',
    reason: 'drug_list',
    answer: W.allContraindicated(condition, names),
    quick_replies: [],
    citations: keptOff.map((c) => ({
      doc_id: c.doc_id,
      drug_id: c.drug_id,
      section: c.section,
      quote: c.quote,
      verify_pdf: false,
    })),
    notices,
    drugs: [],
  };
}
