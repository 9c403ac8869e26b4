import {
  SECTION_TITLES,
  type AgentReply,
  type AnswerSentence,
  type Citation,
  type EvidencePart,
  type FailureCode,
  type Reason,
} from '@app/contracts';
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

/** The fail-closed reply when understanding itself failed. */
export function understandingFailureReply(code: FailureCode): AgentReply {
  return code === 'budget_exhausted' || code === 'deadline_passed'
    ? abstain('budget_exhausted', W.budgetExhausted)
    : abstain('understanding_unavailable', W.understandingUnavailable);
}
