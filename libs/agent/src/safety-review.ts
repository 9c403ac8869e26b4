import type { AgentReply, HopPayload, HopResult, PatientContext, QueryFrame } from '@app/contracts';
import { anotherPatient, bedOf, expandShorthand, readSeverity } from '@app/formulary';
import { abstain, allContraindicatedReply } from './reply';
import { W } from './wording';

/** The user's turns of the conversation as one text, ward shorthand expanded, bounded for a hop. */
export function conversationWords(turns: string[], expand = false): string {
  return turns
    .map((t) => (expand ? expandShorthand(t) : t))
    .join(' \n ')
    .slice(-6000);
}

/**
 * The turns that speak of the patient asked about now: from the last one that names another person ("vợ bn",
 * "giường bên", another bed's number) on — an allergy or a state told of the first patient is not this one's.
 * Coming back to a bed told before ("quay lại bn giường 5") takes that bed's earlier turns back in.
 */
export function thisPatientsTurns(turns: string[]): string[] {
  const expanded = turns.map((t) => expandShorthand(t));
  const starts = [0, ...expanded.flatMap((t, i) => (i > 0 && anotherPatient(t, expanded.slice(0, i)) ? [i] : []))];
  const segments = starts.map((s, k) => turns.slice(s, starts[k + 1] ?? turns.length));
  const bed = (k: number) => bedOf(expandShorthand(segments[k].find((t) => bedOf(expandShorthand(t)) !== null) ?? ''));
  const now = segments.length - 1;
  const mine = bed(now);
  return segments.flatMap((seg, k) => (k === now || (mine !== null && bed(k) === mine) ? seg : []));
}

/**
 * The stage-2 request: the patient as the frame holds it, and what code reads from the user's own
 * words — the trimester and severity (never from a model) and the words themselves, against which
 * contraindication subjects are matched.
 */
export function safetyReviewPayload(
  drugIds: string[],
  patient: PatientContext,
  condition: string,
  turns: string[],
): HopPayload<'retrieval', 'assess_patient_candidates'> {
  const own = thisPatientsTurns(turns);
  return {
    drug_ids: drugIds,
    patient,
    severity: readSeverity(own, patient),
    condition,
    said: conversationWords(own, true),
  };
}

/**
 * Row 16's retrieval request: the frame and its query, the earlier turns (a treatment said before still picks its
 * dose), and what the answer is held against — the patient's severity and the user's words, this turn included.
 */
export function framedRetrievalPayload(
  frame: QueryFrame,
  query: string,
  earlier: string[],
  turn: string,
): HopPayload<'retrieval', 'retrieve_framed'> {
  const own = thisPatientsTurns([...earlier, turn]);
  return {
    frame,
    query,
    context: conversationWords(earlier),
    severity: readSeverity(own, frame.patient),
    said: conversationWords(own, true),
  };
}

/**
 * What stage 2 leaves of a condition → drug list: the reply that ends the turn (no candidate has
 * safety evidence; every candidate is contraindicated), or the drugs to list with the notices saying
 * what was left out and why (allergy, contraindication, no safety evidence), after `notices` given.
 */
export function afterSafetyReview(
  candidates: string[],
  review: HopResult<'retrieval', 'assess_patient_candidates'>,
  condition: string,
  nameOf: (drugId: string) => string,
  notices: string[],
): { reply: AgentReply } | { reply: null; listed: string[]; notices: string[] } {
  const out = [...notices];
  const listed = review.reviewed_drug_ids;
  const excluded = [...review.excluded, ...review.contraindicated].map((e) => e.drug_id);
  if (review.excluded.length)
    out.push(
      W.allergyExcluded(
        review.excluded.map((e) => nameOf(e.drug_id)),
        [...new Set(review.excluded.map((e) => e.allergy))],
      ),
    );
  for (const e of review.excluded) if (e.quote) out.push(W.allergyClause(nameOf(e.drug_id), e.quote));
  for (const c of review.contraindicated) out.push(W.contraindicated(nameOf(c.drug_id), c.section, c.quote, c.applies));
  for (const c of review.form_limited)
    if (listed.includes(c.drug_id)) out.push(W.contraindicatedForm(nameOf(c.drug_id), c.section, c.quote));
  for (const c of review.co_medications ?? [])
    if (listed.includes(c.drug_id)) out.push(W.coMedication(nameOf(c.other), nameOf(c.owner), c.quote));
  const dropped = candidates.filter((c) => !listed.includes(c) && !excluded.includes(c));
  if (!listed.length && dropped.length)
    return {
      reply: abstain(
        'no_safety_evidence',
        W.noSafety,
        candidates.filter((c) => !excluded.includes(c)),
        out,
      ),
    };
  // every candidate is kept off by this patient's contraindications: that is the answer, with its quotes
  if (!listed.length)
    return { reply: allContraindicatedReply(condition, candidates.map(nameOf), review.contraindicated, out) };
  if (dropped.length) out.push(W.safetyDropped(dropped.map(nameOf)));
  return { reply: null, listed, notices: out };
}
