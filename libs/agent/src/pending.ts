import type { QueryFrame } from '@app/contracts';
import { saysOnlyNotKnowing } from '@app/formulary';

/**
 * A reply that carries nothing: no drug, no patient value, no section, no condition — "hả?",
 * "không biết", "sao cũng được", "?". Read from the grounded frame, so it holds whoever
 * produced the frame.
 */
export function carriesNothing(frame: QueryFrame): boolean {
  const p = frame.patient;
  return (
    // the understanding step asking its own question is not an empty reply
    !frame.needs_clarify &&
    !frame.non_human &&
    frame.drugs.length === 0 &&
    frame.unknown_drugs.length === 0 &&
    frame.attribute === null &&
    frame.population === null &&
    frame.age_text === null &&
    frame.weight_kg === null &&
    frame.route === null &&
    frame.allowed_routes.length === 0 &&
    frame.condition === null &&
    frame.indication === null &&
    !p.pregnant &&
    !p.lactating &&
    p.renal === null &&
    p.hepatic === null &&
    p.comorbidities.length === 0 &&
    p.allergies.length === 0 &&
    frame.turn_type !== 'condition_relation'
  );
}

/**
 * While a clarifying question is pending (the last reply asked one and the conversation
 * remembers its frame), a reply that carries nothing does not drop the question: the
 * pending frame is asked again and the re-ask counts toward the clarify breaker. Returns the
 * frame to route, or null when the turn is not such a reply.
 */
export function pendingQuestion(
  frame: QueryFrame,
  prior: QueryFrame | null,
  clarifyStreak: number,
  turn = '',
): QueryFrame | null {
  if (!prior || clarifyStreak === 0 || prior.non_human) return null;
  // "dạ em cũng không rõ nữa": the user's own words say only that they do not know — whatever a frame read into them
  // (a condition "không rõ nữa"), the question is still pending
  if (turn.trim() && saysOnlyNotKnowing(turn)) return { ...prior, follow_up: true };
  // the understanding step's own "which drug?" about a reply that only points back ("không rõ, bác
  // sĩ chỉ dặn dùng thuốc này thôi") is answered by the pending question's drug: ask that again
  const pointsBack = prior.drugs.length > 0 && frame.needs_clarify;
  if (!carriesNothing(pointsBack ? { ...frame, needs_clarify: false } : frame)) return null;
  return { ...prior, needs_clarify: prior.needs_clarify, follow_up: true };
}

const BARE_NUMBER =
  /^\s*(?:khoảng|khoang|tầm|tam|chừng|chung|được|duoc|dc|đc)?\s*(\d+(?:[.,]\d+)?)\s*(?:ạ|a|nha|nhé|nhe|ah)?\s*[.!]*\s*$/iu;

/**
 * A bare number ("18", "khoảng 18 ạ") replying to a pending question that asked only for a
 * child's weight — the age is known, the dose is waiting on the kilograms — is that weight: the
 * question named its unit. Asked for an age, a bare number stays unclear (years? months?).
 */
export function pendingWeightReply(turn: string, prior: QueryFrame | null, clarifyStreak: number): number | null {
  if (!prior || clarifyStreak === 0) return null;
  const asksWeightOnly =
    prior.attribute === 'lieu_luong_cach_dung' &&
    prior.population === 'pediatric' &&
    prior.age_text !== null &&
    prior.weight_kg === null;
  const m = asksWeightOnly ? BARE_NUMBER.exec(turn) : null;
  const kg = m ? Number(m[1].replace(',', '.')) : NaN;
  return kg > 0 && kg <= 150 ? kg : null;
}
