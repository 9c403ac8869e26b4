import {
  SECTION_TITLES,
  type AgentReply,
  type AnswerSentence,
  type Citation,
  type EvidencePart,
  type FailureCode,
  type HopOutcome,
  type Reason,
  type VerifyResult,
} from '@app/contracts';
import { looksNonHuman } from './non-human';
import { abstain } from './reply';
import { W } from './wording';

/** Citations for what the answer cites, plus every unverified table in the evidence (its notice must travel). */
export function citationsFor(sentences: AnswerSentence[], evidence: EvidencePart[]): Citation[] {
  const byId = new Map(evidence.map((p) => [p.doc_id, p]));
  const ids: string[] = [];
  for (const s of sentences) for (const id of s.doc_ids) if (byId.has(id) && !ids.includes(id)) ids.push(id);
  for (const p of evidence) if (p.quarantined_page !== null && !ids.includes(p.doc_id)) ids.push(p.doc_id);
  return ids.map((id) => {
    const p = byId.get(id)!;
    return {
      doc_id: p.doc_id,
      drug_id: p.drug_id,
      section: p.section,
      quote: p.text,
      verify_pdf: p.quarantined_page !== null,
    };
  });
}

/** "Verify in the PDF, page N" for every quarantined part among the evidence. */
export function verifyPdfNotices(evidence: EvidencePart[]): string[] {
  const out: string[] = [];
  for (const p of evidence) {
    if (p.quarantined_page === null) continue;
    const n = W.verifyPdf(p.drug_name, p.section, p.quarantined_page);
    if (!out.includes(n)) out.push(n);
  }
  return out;
}

/** Where to look when the agent declines to paraphrase: "mục Liều lượng và cách dùng của Paracetamol". */
export function whereToLook(evidence: EvidencePart[]): string {
  const first = evidence[0];
  return first
    ? `mục ${SECTION_TITLES[first.section]} của ${first.drug_name} trong Dược thư`
    : 'chuyên luận trong Dược thư';
}

export function answeredReply(
  header: string,
  sentences: AnswerSentence[],
  evidence: EvidencePart[],
  drugs: string[],
  reason: Reason = 'answered',
  trailer: string[] = [],
): AgentReply {
  return {
    decision: 'answerable',
    reason,
    answer: [header, ...sentences.map((s) => s.text.trim()), ...trailer].join('\n'),
    quick_replies: [],
    citations: citationsFor(sentences, evidence),
    notices: verifyPdfNotices(evidence),
    drugs,
  };
}

/** The fail-closed reply for a generation/verification hop failure: never any model text. */
export function generationFailureReply(code: FailureCode, drugs: string[]): AgentReply {
  return code === 'budget_exhausted' || code === 'deadline_passed'
    ? abstain('budget_exhausted', W.budgetExhausted, drugs)
    : abstain('generation_unavailable', W.generationUnavailable, drugs);
}

/**
 * The fail-closed reply when understanding itself failed. The deterministic scope guard still
 * comes first (routing row 1): a question about an animal is out of scope, outage or not.
 */
export function understandingFailureReply(code: FailureCode, turn: string): AgentReply {
  if (looksNonHuman(turn)) return abstain('out_of_scope', W.nonHuman);
  return code === 'budget_exhausted' || code === 'deadline_passed'
    ? abstain('budget_exhausted', W.budgetExhausted)
    : abstain('understanding_unavailable', W.understandingUnavailable);
}

/**
 * What a verification outcome means for the reply: null when the answer may go out; else the
 * fail-closed abstention — a hop failure, a number not in the evidence (ungrounded), a band row
 * that is not this patient's (band_mismatch), a polarity the quote does not have or an
 * entailment refusal (not_entailed). Never any model text.
 */
export function verificationFailureReply(
  v: HopOutcome<VerifyResult>,
  evidence: EvidencePart[],
  drugs: string[],
): AgentReply | null {
  if (!v.ok) return generationFailureReply(v.code, drugs);
  const where = whereToLook(evidence);
  const notices = verifyPdfNotices(evidence);
  if (!v.value.guard_ok) return abstain('ungrounded_answer', W.ungrounded(where), drugs, notices);
  if (v.value.band_failures.length) return abstain('band_mismatch', W.bandMismatch(where), drugs, notices);
  if (v.value.polarity_failures.length || !v.value.entailment?.entailed)
    return abstain('not_entailed', W.notEntailed(where), drugs, notices);
  return null;
}

/**
 * A turn with no memory (the stateless legacy path, or the store down) cannot take the answer
 * to a question: the clarify says what to add to the question instead, with no buttons.
 */
export function statelessClarify(reply: AgentReply, drugs: string): AgentReply {
  if (reply.decision !== 'clarify') return reply;
  if (reply.reason === 'missing_population')
    return { ...reply, answer: W.statelessAddPopulation(drugs), quick_replies: [] };
  if (reply.reason === 'missing_pediatric_age_or_weight')
    return { ...reply, answer: W.statelessAddPediatric, quick_replies: [] };
  return { ...reply, quick_replies: [] };
}
