import { escapeRegExp, fold, normalize, syllables } from './normalize';
import { UNIT_COUNT_CUES } from './patient-facts';
import { PhraseSet, words } from './words';

/**
 * What the words of a turn ask, read by code from the user's own words whatever understood the turn: an amount of
 * the drug or how to give it, a question at all or only a fact told, a condition the patient also has, an effect on
 * the nursed child, a name the user says the drug is not. The shared merge and grounding use them, so a model's
 * frame gets the same reading as the stub's.
 */

/** Words that make a turn a question ("… nào", "… gì", "… được không", "bao nhiêu", "thì sao"). */
const ASKING_WORDS = new PhraseSet([
  'nào',
  'gì',
  'không',
  'ko',
  'k',
  'hông',
  'hok',
  'chưa',
  'sao',
  'bao nhiêu',
  'mấy',
  'hả',
  'nhỉ',
  'có nên',
  'được chứ',
  'đúng không',
  'phải không',
]);

/**
 * "À tuần trước mẹ em nội soi, bác sĩ nói có ổ loét dạ dày đang tiến triển, đang điều trị.": the turn asks
 * nothing (no question mark, no question word outside a denial like "không sốt") — it tells.
 */
export function tellsOnly(text: string): boolean {
  if (/[?？]/u.test(text)) return false;
  const ws = words(text);
  // "ko sốt", "không dị ứng": a denial is a fact told, not a question
  return !ASKING_WORDS.find(ws).some(
    (h) => h.start + h.length === ws.length || !['ko', 'không', 'k', 'hông', 'chưa'].includes(h.phrase),
  );
}

/**
 * "mẹ tôi còn bị suy tim …, vậy thuốc nào dùng được?" right after a list: a condition the patient also has, told
 * with "còn bị", "cũng bị", "bị thêm", "kèm (theo)" — asked what may still be used, not what treats it. It is a fact
 * about the patient for the list asked before, not a new list.
 */
export function conditionAlsoHad(text: string, condition: string): boolean {
  const t = ` ${syllables(text).join(' ')} `;
  const c = syllables(condition).slice(0, 2).join(' ');
  if (!c) return false;
  const also = new RegExp(
    ` (?:(?:con|cung) (?:bi|co|mac)(?: them)?|(?:bi|co|mac) them|kem(?: theo)?|ngoai ra (?:con )?(?:bi|co)) (?:\\S+ ){0,2}${c} `,
  );
  const mayUse = / (?:dung|uong|xai|su dung) (?:duoc|dc)\b| an toan | co sao (?:khong|ko|k) | thi sao /;
  const treats = / (?:tri|chua|dieu tri) /;
  return also.test(t) && mayUse.test(t) && !treats.test(t);
}

/**
 * Words that ask how to give the drug, not how much: diluting, the rate, splitting or crushing a tablet, when to take
 * it, shaking a suspension, an inhaler's technique ("pha với G5% được không", "uống trước hay sau ăn", "cách xịt").
 */
export const HOW_TO_GIVE_CUES = new PhraseSet([
  'pha',
  'pha loãng',
  'pha với',
  'pha trong',
  'pha bằng',
  'hòa tan',
  'hoà tan',
  'dung môi',
  'tốc độ',
  'tiêm chậm',
  'truyền trong bao lâu',
  // "bẻ đôi ra cho dễ uống được không", "nghiền cho qua sonde"
  'bẻ đôi',
  'bẻ nhỏ',
  'bẻ viên',
  'nghiền',
  'nhai',
  'cắt đôi',
  'chia đôi viên',
  // when to take it: "nên uống lúc nào trong ngày", "trước hay sau ăn"
  'uống lúc nào',
  'uống khi nào',
  'uống giờ nào',
  'uống vào lúc nào',
  'trước hay sau ăn',
  'sáng hay tối',
  // "uống buổi sáng hay buổi tối thì tốt hơn"
  'buổi sáng hay',
  'buổi tối hay',
  'uống buổi nào',
  'uống buổi sáng',
  'uống buổi tối',
  // a suspension: "có cần lắc không", "lấy thìa ăn cơm đong được không"
  'cần lắc',
  'lắc kỹ',
  'lắc đều',
  'đong',
  // an inhaler's technique: "có cách nào xịt cho đúng", "hít thế nào cho đúng"
  'xịt cho đúng',
  'hít cho đúng',
  'cách xịt',
  'cách hít',
  'xịt thế nào',
  'xịt như thế nào',
  'hít thế nào',
  'hít như thế nào',
  'buồng đệm',
  // taken with a drink or food ("uống chung với sữa được ko", "uống với nước bưởi"): how to take it
  'với sữa',
  'kèm sữa',
  'cùng sữa',
  'với nước cam',
  'với nước ép',
  'với nước bưởi',
  'với nước trái cây',
  'với cà phê',
  'với trà',
]);

/** Spacing asked ("uống cách nhau bao lâu") … */
const SPACING = new PhraseSet(['cách nhau bao lâu', 'cách ra bao lâu', 'cách bao lâu', 'uống cách nhau']);
/** … from a product taken beside the drug ("đang uống kèm canxi", "uống chung với sữa"), not between its doses. */
const BESIDE = new PhraseSet(['kèm', 'chung', 'cùng với', 'cùng lúc']);

/** Do the user's words ask how to give the drug, and no amount of it? */
export function howToGiveAsked(text: string): boolean {
  const ws = words(text);
  return (HOW_TO_GIVE_CUES.has(ws) || (SPACING.has(ws) && BESIDE.has(ws))) && !amountAsked(text);
}

/** Words that ask what a drug does to the nursed child: "có làm bé buồn ngủ ko", "bé có bị gì không", "qua sữa". */
const NURSED_CHILD_EFFECT = new PhraseSet([
  'làm bé',
  'làm con',
  'bé có bị',
  'con có bị',
  'cho bé bú',
  'qua sữa',
  'sang sữa',
  'vào sữa',
  'ảnh hưởng bé',
  'ảnh hưởng con',
  'ảnh hưởng sữa',
  'trẻ bú mẹ',
]);

/** Do the user's words ask what the drug does to the nursed child? */
export function nursedChildAsked(text: string): boolean {
  return NURSED_CHILD_EFFECT.has(words(text));
}

/** An amount asked: a count of units, or milligrams, per time or at most ("mỗi lần mấy", "liều bn", "tối đa bao nhiêu"). */
const AMOUNT_CUES = new PhraseSet([
  'bao nhiêu mg',
  'mấy mg',
  'bn mg',
  'liều bao nhiêu',
  'liều bn',
  'liều mấy',
  'mỗi lần bao nhiêu',
  'mỗi lần mấy',
  'một lần bao nhiêu',
  'một lần mấy',
  'tối đa bao nhiêu',
  'tối đa mấy',
  // "uống max mấy g/ngày"
  'max mấy',
  'max bao nhiêu',
  'mấy g',
  'bao nhiêu g',
  'mấy g/ngày',
  'bao nhiêu g/ngày',
  'mg/kg',
]);

/**
 * Do the user's words ask an amount of the drug ("xịt mấy nhát", "mỗi lần bao nhiêu mg", "liều bn")? Read from the
 * words, whatever the understanding said the turn was: an amount for a child must pass the dosing gate.
 */
export function amountAsked(text: string): boolean {
  const ws = words(text);
  return UNIT_COUNT_CUES.has(ws) || AMOUNT_CUES.has(ws);
}

/**
 * "levoflox kháng sinh nhé, ko phải levothyrox": a name the user says the drug is not. It names no drug asked — the
 * resolver's reading of it must never become the drug answered.
 */
export function nameDenied(text: string, name: string): boolean {
  const escaped = escapeRegExp(name.normalize('NFC'));
  return new RegExp(
    `(?:^|[^\\p{L}])(?:không|ko|k|hông|khong|chứ không|chứ ko|chu khong|chu ko)\\s+(?:phải|phai)\\s+(?:là\\s+|la\\s+)?(?:thuốc\\s+|thuoc\\s+)?${escaped}(?![\\p{L}\\p{N}])`,
    'iu',
  ).test(text.normalize('NFC'));
}

/**
 * "đổi simva sang atorva", "chuyển từ enalapril qua losartan", "thay warfarin bằng heparin", "dùng atorva thay vì
 * simva": the drugs the turn switches away from — a mention right after a switch verb and before "sang/qua/bằng/thành"
 * and another mention, or after "thay vì/thay cho" and another mention before it.
 */
export function switchedFrom(
  text: string,
  mentions: { text: string; resolution: { drug_id: string } | null }[],
): string[] {
  const t = ` ${fold(normalize(text))} `;
  const out: string[] = [];
  for (const a of mentions) {
    if (!a.resolution) continue;
    const name = fold(normalize(a.text));
    for (const b of mentions) {
      if (b === a || !b.resolution || b.resolution.drug_id === a.resolution.drug_id) continue;
      const other = escapeRegExp(fold(normalize(b.text)));
      const re = new RegExp(
        `\\s(?:doi|chuyen|thay)\\s+(?:tu\\s+)?${escapeRegExp(name)}\\s+(?:\\S+\\s+){0,2}(?:sang|qua|bang|thanh)\\s+${other}(?![a-z0-9])`,
      );
      // "dùng atorvastatin 40 thay vì simva", "atorva thay cho simva": the one after "thay vì/thay cho" is left
      const instead = new RegExp(
        `\\s${other}\\s+(?:\\S+\\s+){0,2}thay\\s+(?:vi|cho)\\s+${escapeRegExp(name)}(?![a-z0-9])`,
      );
      // "dùng atorvastatin chứ không phải simvastatin": the one after "chứ không phải" is left
      const ratherThan = new RegExp(
        `\\s${other}\\s+(?:\\S+\\s+){0,2}chu\\s+(?:khong|ko|k)\\s+phai\\s+(?:la\\s+)?${escapeRegExp(name)}(?![a-z0-9])`,
      );
      if ((re.test(t) || instead.test(t) || ratherThan.test(t)) && !out.includes(a.resolution.drug_id))
        out.push(a.resolution.drug_id);
    }
  }
  return out;
}

/**
 * "ngoài para và NSAID thì còn thuốc giảm đau nào", "Ngoài azithromycin ra thì còn kháng sinh nào khác": the drugs a
 * list question sets aside (named after "ngoài" / "trừ", up to a question word) — not the drugs asked about, and not
 * listed. "ngoài ra" (besides) sets nothing aside.
 */
export function exceptedDrugs(
  text: string,
  mentions: { text: string; resolution: { drug_id: string } | null }[],
): string[] {
  // (a clause ends the setting aside: commas and stops are kept as words of their own)
  const t = ` ${fold(normalize(text))
    .replace(/[,.;?!]/gu, ' , ')
    .replace(/[^a-z0-9,]+/gu, ' ')} `;
  const out: string[] = [];
  for (const m of mentions) {
    if (!m.resolution || out.includes(m.resolution.drug_id)) continue;
    const name = escapeRegExp(
      fold(normalize(m.text))
        .replace(/[^a-z0-9]+/gu, ' ')
        .trim(),
    );
    // "ngoài da" (on the skin), "ngoài ra" (besides) set nothing aside
    const re = new RegExp(` (?:ngoai|tru|ngoai tru)(?! ra | da )(?: [a-z0-9]+){0,5}? ${name}(?![a-z0-9])`, 'u');
    const at = re.exec(t);
    // … up to the question word: "trừ" after it ("thuốc nào trừ đau") is no setting aside of a drug named later
    if (at && !/ (?:nao|gi) /.test(t.slice(at.index, at.index + at[0].length))) out.push(m.resolution.drug_id);
  }
  return out;
}

/**
 * Not knowing, not remembering, leaving it to the assistant, or asking back ("không rõ", "chưa biết", "quên rồi",
 * "tùy bạn", "gì cơ", "ý là sao"): a reply that answers nothing.
 */
const NOT_KNOWING = new PhraseSet([
  'gì cơ',
  'ý là sao',
  'là sao',
  'sao cơ',
  'hả',
  'hmm',
  'ừ',
  'không rõ',
  'ko rõ',
  'k rõ',
  'chưa rõ',
  'không biết',
  'ko biết',
  'k biết',
  'chưa biết',
  'không nhớ',
  'ko nhớ',
  'quên rồi',
  'quên mất',
  'chịu',
  'tùy',
  'tuỳ',
  'sao cũng được',
]);
/** Words around a reply that carry nothing of their own ("dạ em cũng … nữa ạ"). */
const REPLY_FILLERS = new Set(
  [
    'dạ',
    'vâng',
    'ừ',
    'em',
    'anh',
    'chị',
    'mình',
    'tôi',
    'cũng',
    'nữa',
    'ạ',
    'à',
    'thì',
    'thật',
    'lắm',
    'luôn',
    'bạn',
    'ơi',
    'hả',
  ].map((w) => fold(w)),
);

/** Does the reply say nothing but that the user does not know (fillers around it, or fillers alone)? */
export function saysOnlyNotKnowing(turn: string): boolean {
  return NOT_KNOWING.mask(words(turn)).every((w) => w.text === '#' || REPLY_FILLERS.has(w.folded));
}
