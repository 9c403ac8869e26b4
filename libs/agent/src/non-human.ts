import { syllables } from '@app/formulary';

/** Animal words that are unambiguous with their diacritics. */
const ACCENTED = [
  'chó', 'mèo', 'thú y', 'thú cưng', 'gia súc', 'gia cầm', 'heo', 'lợn', 'ngựa', 'cừu', 'trâu', 'vịt', 'cún',
  'con bò', 'con gà', 'con dê', 'con thỏ', 'con chim', 'cá cảnh', 'chuột hamster', 'thú nuôi', 'vật nuôi',
  'cho bò', 'bò bị', 'cho gà', 'gà bị', 'cho dê', 'dê bị', 'cho thỏ', 'thỏ bị', 'đàn gà', 'đàn bò',
];
/**
 * Folded forms safe to match in unaccented input. Ambiguous folds are left out on purpose:
 * "cho" (for), "ngua" (ngứa, itching), "vit", "bo", "ga" alone mean other things.
 */
const FOLDED = [
  'con cho', 'cho cua toi', 'meo', 'thu y', 'thu cung', 'gia suc', 'gia cam', 'con heo', 'con lon', 'con bo', 'con ga',
  'con de', 'con tho', 'cun', 'vat nuoi', 'thu nuoi', 'ga bi', 'dan ga', 'dan bo', 'dan heo', 'heo bi', 'lon bi', 'dog', 'cat', 'cats', 'dogs', 'pet', 'pets', 'veterinary',
];
const ACCENTED_RE = new RegExp(`(?<!\\p{L})(${ACCENTED.join('|')})(?!\\p{L})`, 'u');

/**
 * Deterministic scope guard: the question is about an animal. Evaluated in code, before
 * anything conversational, so an out-of-scope request never looks recoverable.
 */
export function looksNonHuman(turn: string): boolean {
  const lower = turn.normalize('NFC').toLowerCase();
  if (ACCENTED_RE.test(lower)) return true;
  const s = ` ${syllables(turn).join(' ')} `;
  return FOLDED.some((w) => s.includes(` ${w} `));
}
