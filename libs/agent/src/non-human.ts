import { normalize, words } from '@app/formulary';

/** Animal words that are unambiguous with their diacritics. */
const ACCENTED = [
  'chó',
  'mèo',
  'thú y',
  'thú cưng',
  'gia súc',
  'gia cầm',
  'heo',
  'lợn',
  'ngựa',
  'cừu',
  'trâu',
  'vịt',
  'cún',
  'con bò',
  'con gà',
  'con dê',
  'con thỏ',
  'con chim',
  'cá cảnh',
  'chuột hamster',
  'thú nuôi',
  'vật nuôi',
  'cho bò',
  'cho gà',
  'gà bị',
  'cho dê',
  'dê bị',
  'cho thỏ',
  'thỏ bị',
  'đàn gà',
  'đàn bò',
  'bò sữa',
  'bò thịt',
  // animals that are unambiguous with their marks; left out on purpose: "chim" (a child's
  // genitals, colloquially), "cá" (cá nhân), "rắn" (phân rắn), "sóc" (chăm sóc), "cáo"
  // (báo cáo), "hổ" (a common typo of hỗ trợ), "gà" (gà gật), "bò" and "bò bị" (bé tập bò bị ngã)
  'vẹt',
  'khỉ',
  'ngỗng',
  'chồn',
  'nhím',
  'bồ câu',
  'rùa',
  'thằn lằn',
  'kỳ nhông',
  'chuột lang',
  'bò sát',
  'cá vàng',
  'cá koi',
  'chim cảnh',
  'tiệm chim',
  'trại chăn nuôi',
];
/**
 * Animal phrases as typed without diacritics. They are matched only against words the
 * user typed without diacritics: a word typed with its marks says what it is ("lớn",
 * "cắt", "méo", "thở" are not "lợn", "cat", "mèo", "thỏ"). Folds that are also ordinary
 * clinical words are left out on purpose, because the guard is deterministic and runs
 * first: "cho" (for), "ngua" and "con ngua" (ngứa, itching; "ngua dua", a racehorse, is kept),
 * "bo sua" (bỏ sữa, a baby refusing milk), "vit", "bo", "ga" alone; "meo" (méo miệng),
 * "cat" (cắt cơn), "lon" (người lớn, con lớn), "con tho" (con thở), "con bo" (con bỏ bú),
 * "con de" (con đẻ). The understanding step's own out-of-scope reading (row 12) still
 * sees those turns.
 */
const FOLDED = [
  'con cho',
  'cho cua toi',
  'cho meo',
  'con meo',
  'meo bi',
  'meo nha',
  'meo cua',
  'thu y',
  'thu cung',
  'gia suc',
  'gia cam',
  'con heo',
  'heo bi',
  'dan heo',
  'con ga',
  'ga bi',
  'dan ga',
  'dan bo',
  'cun',
  'vat nuoi',
  'thu nuoi',
  'ngua dua',
  'dan vit',
  'con vit',
  'hamster',
  'con cuu',
  'dan cuu',
  'con trau',
  'dan trau',
  'dog',
  'dogs',
  'cats',
  'pet',
  'pets',
  'veterinary',
].map((p) => p.split(' '));
const ACCENTED_RE = new RegExp(`(?<!\\p{L})(${ACCENTED.join('|')})(?!\\p{L})`, 'u');

/**
 * Deterministic scope guard: the question is about an animal. Evaluated in code, before
 * anything conversational, so an out-of-scope request never looks recoverable.
 */
export function looksNonHuman(turn: string, aboutAPerson = false): boolean {
  // "Dạ thôi để em đưa nó đi thú y. Còn em 40 tuổi đang đau răng, uống …": a sentence that turns to the speaker
  // asks about a person — the animal of the sentences before it is set aside
  const sentences = turn.split(/(?<=[.!?;])\s+/u);
  const turned = sentences.findLastIndex((x, i) => i > 0 && TO_THE_SPEAKER.test(normalize(x)));
  if (turned > 0) return looksNonHuman(sentences.slice(turned).join(' '), true);
  const lower = normalize(turn);
  if (ACCENTED_RE.test(lower)) return true;
  // each word as typed, and whether it may be read as unaccented: in a turn typed with its marks an
  // unmarked word is as written ("sáng nay con cho uống" is a child giving a drug, not a dog)
  const ws = words(turn);
  return FOLDED.some((phrase) =>
    ws.some(
      (_, i) =>
        phrase.every((p, k) => ws[i + k]?.plain && ws[i + k].folded === p) &&
        !(aboutAPerson && stillGiving(phrase, ws[i + phrase.length]?.folded)),
    ),
  );
}

/** A sentence that opens on the speaker: "Còn em 40 tuổi …", "còn tôi thì …", "con minh" (unmarked). */
const TO_THE_SPEAKER = /^(?:dạ\s+|da\s+)?(?:còn|con)\s+(?:em|tôi|toi|mình|minh)(?=\s|$)/u;

/** Verbs of giving a drug: "con cho uong" may be "còn cho uống" (and then) or "con chó uống" (a dog). */
const GIVING = new Set(['uong', 'an', 'bu', 'dung', 'tiem', 'xai', 'ngam', 'nho', 'boi', 'xit']);

/**
 * In a conversation about a person, an unmarked "con cho" before a verb of giving or a person is "còn cho …"
 * ("toi vien … con cho uong than hoat dc ko", "con cho be nha minh 8 tuoi thi sao"): the person's conversation goes on. Alone, or first in a
 * conversation, it is still read as a dog.
 */
function stillGiving(phrase: string[], next: string | undefined): boolean {
  return phrase.join(' ') === 'con cho' && next !== undefined && (GIVING.has(next) || GIVEN_TO.has(next));
}

/** Whom a drug is given to: "con cho be nha minh 8 tuoi thi sao" is "còn cho bé …" in a person's conversation. */
const GIVEN_TO = new Set(['be', 'chau', 'tre', 'nguoi', 'benh', 'bn', 'me', 'ba', 'ong', 'em', 'con']);
