import { expandCondition, syllables, words } from '@app/formulary';

/** Sentence scans of what the user told as history, denied or taken now (stub parser). */
export const NEGATION_OPENERS = new Set(['chua', 'khong', 'ko', 'k']);

/**
 * Is the condition named only in sentences that tell the patient's history ("Tiền sử … bị sốc", "Lần trước mẹ uống
 * amoxicillin thì bị … nổi mề đay")? A sentence names it in its own words or through a formal name ("mề đay" → mày đay).
 */
export function historyOnly(text: string, condition: string): boolean {
  const naming = sentencesNaming(text, condition, true);
  return (
    naming.length > 0 &&
    naming.every((x) => /^ (?:[a-z0-9]+ ){0,3}(?:tien su|lan truoc|truoc day|hoi truoc|truoc kia|nam ngoai) /.test(x))
  );
}

/** Is the drug named in a clause that tells the patient's history ("tiền sử tiêm X bị sốc", "đã từng dùng X")? */
export function inHistoryClause(text: string, name: string): boolean {
  return sentencesNaming(text, name).some((c) => /(?: tien su | tung | da dung | da tung | phai dung )/.test(c));
}

/** The text's sentences (folded syllables, space-padded) that name the phrase (`formal`: or a formal name of it). */
export function sentencesNaming(text: string, phrase: string, formal = false): string[] {
  const p = ` ${syllables(phrase).join(' ')} `;
  return text
    .split(/[.!?;]+/)
    .map((x) => ` ${syllables(x).join(' ')} `)
    .filter((x) => x.includes(p) || (formal && expandCondition(x).some((v) => ` ${v} `.includes(p))));
}

/** Is every mention of the condition in the text denied ("ko dị ứng thuốc", "không sốt", "chưa có biến chứng")? */
export function deniedIn(text: string, condition: string): boolean {
  const ws = words(text).map((w) => w.folded);
  const cs = syllables(condition);
  const at: number[] = [];
  for (let i = 0; i + cs.length <= ws.length; i++) if (cs.every((c, k) => ws[i + k] === c)) at.push(i);
  const denied = (i: number) =>
    [1, 2].some((back) => NEGATION_OPENERS.has(ws[i - back] ?? '') && (back === 1 || ['co', 'bi'].includes(ws[i - 1])));
  return at.length > 0 && at.every(denied);
}
