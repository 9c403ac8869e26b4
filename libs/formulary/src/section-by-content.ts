import type { EvidencePart, SectionKey } from '@app/contracts';
import { fold, normalize } from './normalize';
import { says, words, type Word } from './words';

/**
 * Words that carry no content of their own in a question about a drug: particles, pronouns,
 * the patient, the drug itself, generic verbs. A pair of words the user typed is content only
 * when neither is one of these.
 */
const FUNCTION_WORDS = new Set(
  [
    'có',
    'không',
    'ko',
    'cho',
    'thì',
    'là',
    'và',
    'của',
    'được',
    'bị',
    'đã',
    'đang',
    'sẽ',
    'cần',
    'nên',
    'phải',
    'với',
    'này',
    'đó',
    'kia',
    'vậy',
    'thế',
    'ạ',
    'à',
    'nhé',
    'nhá',
    'ơi',
    'gì',
    'nào',
    'sao',
    'bao',
    'nhiêu',
    'do',
    'nhà',
    'theo',
    'dõi',
    'mấy',
    'khi',
    'để',
    'mà',
    'hay',
    'hoặc',
    'người',
    'bệnh',
    'nhân',
    'thuốc',
    'dùng',
    'uống',
    'ngày',
    'lần',
    'rồi',
    'còn',
    'cũng',
    'vẫn',
    'thêm',
    'nữa',
    'em',
    'anh',
    'chị',
    'tôi',
    'mình',
    'bác',
    'sĩ',
    'bs',
    'bn',
    'ông',
    'bà',
    'mẹ',
    'con',
    'cháu',
    'bé',
    'a',
    'e',
    'c',
    'ra',
    'vào',
    'lên',
    'xuống',
    'trong',
    'ngoài',
    'sau',
    'trước',
    'hỏi',
    'xin',
    'giúp',
    'ơn',
    'ý',
    'muốn',
    'biết',
    'làm',
    'như',
    'nhưng',
    'vì',
    'nếu',
    'các',
    'những',
    'một',
    'hai',
    'ba',
    'ít',
    'nhiều',
    'quá',
    'rất',
    'lắm',
    'hơn',
    'nhất',
    'đây',
  ].map(normalize),
);
const FUNCTION_FOLDED = new Set([...FUNCTION_WORDS].map(fold));

/** A word the user typed that may carry content: letters, not a function word, not a name of the drug. */
function contentWord(w: Word, names: Set<string>): boolean {
  const functional = w.plain ? FUNCTION_FOLDED.has(w.folded) : FUNCTION_WORDS.has(w.text);
  return /\p{L}/u.test(w.text) && !/\d/.test(w.text) && !names.has(w.folded) && !functional;
}

/** The pairs of adjacent content words of the user's turn (each pair once). */
function contentPairs(turn: string, drugNames: string[]): [Word, Word][] {
  const names = new Set(drugNames.flatMap((n) => words(n).map((w) => w.folded)));
  const ws = words(turn);
  const seen = new Set<string>();
  const out: [Word, Word][] = [];
  for (let i = 0; i + 1 < ws.length; i++) {
    if (!contentWord(ws[i], names) || !contentWord(ws[i + 1], names)) continue;
    const key = `${ws[i].folded} ${ws[i + 1].folded}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push([ws[i], ws[i + 1]]);
  }
  return out;
}

/** How many of the pairs occur, as adjacent words, in the written text (marks the user typed must match). */
function pairsIn(text: string, pairs: [Word, Word][]): number {
  const ws = words(text, true);
  return pairs.filter(([a, b]) => ws.some((w, i) => i + 1 < ws.length && says(a, w.text) && says(b, ws[i + 1].text)))
    .length;
}

/** Fewest distinct word pairs of the turn a part must share for its section to be what the turn asks. */
export const MIN_CONTENT_PAIRS = 2;

/**
 * The section a question about one drug asks when it names none: the one section whose part shares
 * the most pairs of the user's content words ("có cần cho thuốc nhuận tràng dự phòng táo bón" →
 * the precaution "dự phòng táo bón bằng thuốc nhuận tràng"), at least MIN_CONTENT_PAIRS of them and
 * strictly more than any other section shares. Anything less certain is no section (the user is asked).
 */
export function sectionByContent(
  parts: readonly Pick<EvidencePart, 'section' | 'text'>[],
  turn: string,
  drugNames: string[],
  /** Fewer may do when the turn already asks about safety and only which safety section is open. */
  minPairs = MIN_CONTENT_PAIRS,
): SectionKey | null {
  const pairs = contentPairs(turn, drugNames);
  if (pairs.length < minPairs) return null;
  const best = new Map<SectionKey, number>();
  for (const p of parts) best.set(p.section, Math.max(best.get(p.section) ?? 0, pairsIn(p.text, pairs)));
  const ranked = [...best.entries()].sort((a, b) => b[1] - a[1]);
  const [top, next] = ranked;
  if (!top || top[1] < minPairs || (next && next[1] >= top[1])) return null;
  return top[0];
}
