import { ROUTES, type Population, type Route } from '@app/contracts';
import { fold, normalize, syllables } from './normalize';
import { PhraseSet, says, words, type PhraseHit, type Word } from './words';

/**
 * What a turn says about the patient, read from the user's own words (after ward
 * shorthand is expanded). One place for the stub parser, the grounding of any model's
 * frame and the band checks, so they cannot disagree about what "2 tuổi 3 tháng" means.
 */

/** An age as the user gave it: the words to echo back and the age in years. */
export interface Age {
  /** Canonical, accented, as said: "5 tuổi", "2 tuổi 3 tháng", "3 tuổi rưỡi", "18 tháng", "gần 2 tuổi". */
  text: string;
  /** The age in years (months / 12, weeks / 52, days / 365); null when the words give a range ("dưới 2 tuổi"). */
  years: number | null;
  /** The ages in years the words allow: [years, years] for an exact age, a range for "gần 2 tuổi", "dưới 2 tuổi". */
  min: number;
  max: number;
}

const NUM = '(\\d+(?:[.,]\\d+)?)';
// units as typed, with or without their marks (a word typed with other marks is another word)
const YEAR = '(?:tuổi|tuoi)';
const MONTH = '(?:tháng|thang)';
const WEEK = '(?:tuần|tuan)';
const DAY = '(?:ngày|ngay)';
const HALF = '(?:rưỡi|ruoi)';
const END = '(?![\\p{L}\\p{N}])';
/** Spelled tens of an age said by its decade ("tám mươi mấy tuổi"). */
const TENS: Record<string, number> = {
  hai: 2,
  ba: 3,
  bốn: 4,
  bon: 4,
  năm: 5,
  nam: 5,
  sáu: 6,
  sau: 6,
  bảy: 7,
  bay: 7,
  tám: 8,
  tam: 8,
  chín: 9,
  chin: 9,
};
// "dùng 3 tháng", "trong 2 tuần", "sau 5 ngày" are durations, not ages
const NOT_AFTER =
  '(?<!(?:trong|sau|mỗi|moi|cách|cach|dùng|dung|uống|uong|trị|tri|kéo dài|keo dai|thêm|them|hơn|hon|thai|bầu|bau)\\s+)';

const num = (s: string) => Number(s.replace(',', '.'));
const fmt = (n: number) => String(n).replace('.', ',');
const exact = (text: string, years: number): Age => ({ text, years, min: years, max: years });

/** Age patterns; the one that starts first wins, the more specific on a tie. */
const AGE_PATTERNS: [RegExp, (m: RegExpExecArray) => Age][] = [
  // "vừa thôi nôi": the first birthday
  [new RegExp(`(?:thôi nôi|thoi noi)${END}`, 'iu'), () => exact('1 tuổi', 1)],
  // "bé trai sinh được 12 ngày": the child's age since birth (a mother's "em sinh bé được 7 tuần" is taken out first)
  [
    new RegExp(`(?:sinh|đẻ)\\s+(?:được|duoc|dc|đc)\\s+${NUM}\\s*(ngày|ngay|hôm|hom|tuần|tuan|tháng|thang)${END}`, 'iu'),
    (m) => {
      const unit = fold(m[2]);
      const n = num(m[1]);
      return unit === 'ngay' || unit === 'hom'
        ? exact(`${fmt(n)} ngày tuổi`, n / 365)
        : unit === 'tuan'
          ? exact(`${fmt(n)} tuần tuổi`, n / 52)
          : exact(`${fmt(n)} tháng tuổi`, n / 12);
    },
  ],
  // "mới đầy tháng": one month old (echoed as said)
  [new RegExp(`(?:đầy tháng|day thang)${END}(?!\\s*(?:tuổi|tuoi))`, 'iu'), () => exact('đầy tháng', 1 / 12)],
  // "cháu học lớp 3": a school year is an age range — grade 1 begins in September of the year a child turns 6,
  // so a child born late in the year is still 5 then, and a child may be a year behind — so "lớp 3" is 7 to 10
  // ("lớp 1": 5 to 8): only a dose band holding the whole range is this child's
  [
    new RegExp(`(?:học|hoc|bé|be|cháu|chau|con|cu)\\s+(?:lớp|lop)\\s+(1[0-2]|[1-9])(?![\\p{L}\\p{N}])`, 'iu'),
    (m) => {
      const grade = num(m[1]);
      return { text: `học lớp ${grade}`, years: grade + 5.5, min: grade + 4, max: grade + 7 };
    },
  ],
  // "thằng cu nhà tôi lên 7", "bé lên 3": a child turning that age (not "sốt lên 39 độ", not "lên 7 tháng")
  [
    new RegExp(
      `(?:bé|be|cháu|chau|con|cu|thằng bé|con bé)(?:\\s+[\\p{L}]+){0,4}?\\s+(?:lên|len)\\s+(\\d{1,2})(?![\\p{L}\\p{N}]|[.,]\\d|\\s*(?:độ|do|kg|ký|ky|cân|can|tháng|thang|tuần|tuan|ngày|ngay|%|mg|ml|lần|lan|cữ))`,
      'iu',
    ),
    (m) => exact(`${fmt(num(m[1]))} tuổi`, num(m[1])),
  ],
  // ward shorthand "1t6th", "2t 3th", "1 tuổi 6th": years and months
  [
    new RegExp(`${NOT_AFTER}${NUM}\\s*(?:t|${YEAR})\\s*${NUM}\\s*(?:th|${MONTH})${END}`, 'iu'),
    (m) => exact(`${fmt(num(m[1]))} tuổi ${fmt(num(m[2]))} tháng`, num(m[1]) + num(m[2]) / 12),
  ],
  // "2 tuổi 3 tháng", "2 tuổi và 3 tháng"
  [
    new RegExp(`${NOT_AFTER}${NUM}\\s*${YEAR}\\s*(?:và\\s+|va\\s+)?${NUM}\\s*${MONTH}${END}`, 'iu'),
    (m) => exact(`${fmt(num(m[1]))} tuổi ${fmt(num(m[2]))} tháng`, num(m[1]) + num(m[2]) / 12),
  ],
  // "3 tuổi rưỡi"
  [
    new RegExp(`${NOT_AFTER}${NUM}\\s*${YEAR}\\s*${HALF}${END}`, 'iu'),
    (m) => exact(`${fmt(num(m[1]))} tuổi rưỡi`, num(m[1]) + 0.5),
  ],
  // "ông nội 7 mấy tuổi": the tens digit alone, some age in that decade
  [
    new RegExp(`${NOT_AFTER}([2-9])\\s*(?:mấy|may)\\s*${YEAR}${END}`, 'iu'),
    (m) => {
      const n = num(m[1]) * 10;
      return { text: `${fmt(n)} mấy tuổi`, years: n + 5, min: n + 1, max: n + 9 };
    },
  ],
  // "tám mươi mấy tuổi" (80 mấy), "60 mấy tuổi": some age in that decade
  [
    new RegExp(`${NOT_AFTER}(\\d0)\\s*(?:mấy|may|mươi mấy|muoi may)\\s*${YEAR}${END}`, 'iu'),
    (m) => {
      const n = num(m[1]);
      return { text: `${fmt(n)} mấy tuổi`, years: n + 5, min: n + 1, max: n + 9 };
    },
  ],
  [
    new RegExp(
      `(?<![\\p{L}\\p{N}])(${Object.keys(TENS).join('|')})\\s+(?:mươi|muoi)\\s+(?:mấy|may)\\s*${YEAR}${END}`,
      'iu',
    ),
    (m) => {
      const n = TENS[m[1].toLowerCase()] * 10;
      return { text: `${n} mấy tuổi`, years: n + 5, min: n + 1, max: n + 9 };
    },
  ],
  // "gần 2 tuổi", "sắp 2 tuổi": a little under; "hơn 4 tuổi", "ngoài 60 tuổi": a little over
  [
    new RegExp(`(gần|gan|sắp|sap|hơn|hon|ngoài|ngoai)\\s+${NUM}\\s*${YEAR}${END}`, 'iu'),
    (m) => {
      const w = m[1].toLowerCase();
      const n = num(m[2]);
      const under = ['gần', 'gan', 'sắp', 'sap'].includes(w);
      const word = under ? (w.startsWith('s') ? 'sắp' : 'gần') : w.startsWith('ng') ? 'ngoài' : 'hơn';
      return under
        ? { text: `${word} ${fmt(n)} tuổi`, years: n - 0.1, min: n - 0.5, max: n - 0.001 }
        : { text: `${word} ${fmt(n)} tuổi`, years: n + 0.1, min: n + 0.001, max: n + 0.5 };
    },
  ],
  // "dưới 2 tuổi", "chưa đầy 2 tuổi", "trên 12 tuổi", "từ 65 tuổi": a range, not an age
  [
    new RegExp(`(dưới|duoi|chưa đầy|chua day|chưa tròn|chua tron|trên|tren|từ|tu)\\s+${NUM}\\s*${YEAR}${END}`, 'iu'),
    (m) => {
      const w = m[1].toLowerCase();
      const n = num(m[2]);
      const below = /^(dưới|duoi|chưa|chua)/.test(w);
      const word = below
        ? w.startsWith('d')
          ? 'dưới'
          : 'chưa đầy'
        : w.startsWith('t') && w.length > 2
          ? 'trên'
          : 'từ';
      return below
        ? { text: `${word} ${fmt(n)} tuổi`, years: null, min: 0, max: n - 0.001 }
        : { text: `${word} ${fmt(n)} tuổi`, years: null, min: n, max: 120 };
    },
  ],
  // "tuổi rưỡi" alone is a year and a half
  [new RegExp(`(?<!\\d\\s*)${YEAR}\\s*${HALF}${END}`, 'iu'), () => exact('tuổi rưỡi', 1.5)],
  [
    new RegExp(`${NOT_AFTER}${NUM}\\s*${MONTH}(\\s*${YEAR})?${END}`, 'iu'),
    // echoed as said: "5 tháng tuổi" stays "5 tháng tuổi"
    (m) => exact(`${fmt(num(m[1]))} tháng${m[2] ? ' tuổi' : ''}`, num(m[1]) / 12),
  ],
  [
    new RegExp(`${NOT_AFTER}${NUM}\\s*${WEEK}\\s*${YEAR}${END}`, 'iu'),
    (m) => exact(`${fmt(num(m[1]))} tuần tuổi`, num(m[1]) / 52),
  ],
  [
    new RegExp(`${NOT_AFTER}${NUM}\\s*${DAY}\\s*${YEAR}${END}`, 'iu'),
    (m) => exact(`${fmt(num(m[1]))} ngày tuổi`, num(m[1]) / 365),
  ],
  [new RegExp(`${NOT_AFTER}${NUM}\\s*${YEAR}${END}`, 'iu'), (m) => exact(`${fmt(num(m[1]))} tuổi`, num(m[1]))],
  // weeks and days count as an age without "tuổi" only after a baby's words ("bé 3 tuần")
  [
    new RegExp(`(?:bé|be|trẻ|tre|con|sơ sinh|so sinh|cháu|chau)\\s+${NUM}\\s*${WEEK}(\\s*${YEAR})?${END}`, 'iu'),
    (m) => exact(`${fmt(num(m[1]))} tuần${m[2] ? ' tuổi' : ''}`, num(m[1]) / 52),
  ],
  [
    new RegExp(`(?:bé|be|trẻ|tre|con|sơ sinh|so sinh|cháu|chau)\\s+${NUM}\\s*${DAY}(\\s*${YEAR})?${END}`, 'iu'),
    (m) => exact(`${fmt(num(m[1]))} ngày${m[2] ? ' tuổi' : ''}`, num(m[1]) / 365),
  ],
];

const DIGIT: Record<string, number> = {
  một: 1,
  mốt: 1,
  hai: 2,
  ba: 3,
  bốn: 4,
  tư: 4,
  năm: 5,
  lăm: 5,
  sáu: 6,
  bảy: 7,
  bẩy: 7,
  tám: 8,
  chín: 9,
};
const DIGIT_WORD = '(một|mốt|hai|ba|bốn|tư|năm|lăm|sáu|bảy|bẩy|tám|chín)';
const SPELLED = new RegExp(
  `(?<![\\p{L}])(?:${DIGIT_WORD}\\s+mươi|(mười))(?:\\s+${DIGIT_WORD})?(?=\\s+(?:tuổi|tháng|tuần|ngày|ký|kg|cân)${END})|(?<![\\p{L}])${DIGIT_WORD}(?=\\s+(?:tuổi|tháng)${END})`,
  'gu',
);

/** Ages and weights spelled out, as typed with their marks: "tám mươi hai tuổi" → "82 tuổi", "mười lăm tháng" → "15 tháng". */
export function spelledNumbers(text: string): string {
  return text.replace(SPELLED, (_m, tens?: string, ten?: string, unit?: string, alone?: string) => {
    if (alone) return String(DIGIT[alone]);
    const t = ten ? 1 : DIGIT[tens!];
    return String(t * 10 + (unit ? DIGIT[unit] : 0));
  });
}

/** Pregnancy weeks ("thai 20 tuần", "mang thai 20 tuần", "bầu 5 tháng") are not the patient's age. */
const GESTATION = new RegExp(
  `(?:thai|bầu|bau)(?:\\s+(?:được|duoc|dc|đc|khoảng|khoang))?\\s+${NUM}\\s*(?:${WEEK}|${MONTH})`,
  'giu',
);

/**
 * "đang cho bé bú, bé đc 4 tháng": beside a breastfeeding said, the age of the baby named ("bé", "con", "cháu") is the
 * nursed child's, not the patient's (the mother's).
 */
const NURSED_CHILD_AGE = new RegExp(
  `(?:bé|be|con|cháu|chau|em bé|em be)\\s+(?:nhà\\s+\\S+\\s+|nha\\s+\\S+\\s+)?(?:mới\\s+|moi\\s+)?(?:được|duoc|dc|đc)?\\s*${NUM}\\s*(?:${WEEK}|${MONTH}|${DAY})`,
  'giu',
);
const NURSING = /(?:cho\s+(?:con\s+|bé\s+|be\s+)?bú|cho\s+(?:con\s+|be\s+)?bu|đang\s+bú|nuôi con bằng sữa mẹ)/iu;

/** A baby's age after its birth or its feeding ("sinh bé được 7 tuần", "đang cho con bú 5 tháng") is not the patient's (the mother's). */
const POSTPARTUM = new RegExp(
  `(?:(?:cho con bú|cho con bu|cho bé bú|cho be bu|cho bú|cho bu)\\s+(?:bé\\s+|be\\s+)?(?:được\\s+|duoc\\s+|dc\\s+|đc\\s+)?${NUM}\\s*(?:${WEEK}|${MONTH}|${DAY}))|(?<!(?:sơ|so|bé|be|trai|gái|gai|cháu|chau|con|nó|no)\\s+)(?:sinh|đẻ|de)(?:\\s+(?:bé|be|con|cháu|chau|em bé|em be))?(?:\\s+(?:được|duoc|dc|đc))?\\s+${NUM}\\s*(?:${WEEK}|${MONTH}|${DAY})`,
  'giu',
);

/**
 * A pregnancy told as past beside a birth or breastfeeding ("sau sinh 6 tuần, … lúc bầu chích insulin"):
 * she was pregnant, she is not now. Only with the birth said, since "khi mang thai dùng được không" asks
 * about pregnancy itself.
 */
export function pregnancyIsPast(ws: Word[]): boolean {
  const hits = PREGNANCY_CUES.find(ws);
  if (!hits.length) return false;
  const born = LACTATION_CUES.has(ws) || ws.some((w, i) => says(w, 'sau') && ws[i + 1] && says(ws[i + 1], 'sinh'));
  // "lúc bầu", "hồi mang thai", "(từ) trước khi mang thai", "khi mang thai" — with the birth said, all past
  const past = (h: PhraseHit) => h.start > 0 && ['lúc', 'hồi', 'trước', 'khi'].some((p) => says(ws[h.start - 1], p));
  return born && hits.every(past);
}

const DENIAL = new Set(['không', 'ko', 'k', 'hông', 'chưa', 'khong', 'chua'].map(fold));
const DENIAL_FILLER = new Set(['có', 'phải', 'đang', 'bị', 'là'].map(fold));

/**
 * "ko có thai", "chưa có bầu", "không phải đang mang thai", "test thai âm tính": every pregnancy the words
 * name is denied — the patient is not pregnant.
 */
export function pregnancyDenied(ws: Word[]): boolean {
  const hits = PREGNANCY_CUES.find(ws);
  const denied = (h: PhraseHit) => {
    const after = ws[h.start + h.length];
    if (after && ['âm', 'am'].includes(after.folded) && ws[h.start + h.length + 1]?.folded === 'tinh') return true;
    for (let i = h.start - 1; i >= 0 && i >= h.start - 3; i--) {
      if (DENIAL.has(ws[i].folded)) return true;
      if (!DENIAL_FILLER.has(ws[i].folded)) return false;
    }
    return false;
  };
  return hits.length > 0 && hits.every(denied);
}

/** Do the words say the patient is pregnant now: a pregnancy named, not denied and not past? */
export function pregnancyStated(ws: Word[]): boolean {
  return PREGNANCY_CUES.has(ws) && !pregnancyDenied(ws) && !pregnancyIsPast(ws);
}

/** How long something has lasted ("ngứa 2 tháng nay", "ho 3 tuần qua", "2 thang tro lai day"): no age. */
const DURATION =
  /\d+(?:[.,]\d+)?\s*(?:tháng|thang|tuần|tuan|ngày|ngay|năm|nam)\s+(?:nay|qua|trở lại đây|tro lai day|liên tục|lien tuc|liền|lien)(?![\p{L}])/giu;

/** The patient's age as written in the text, or null. */
export function parseAge(text: string): Age | null {
  let t = spelledNumbers(normalize(text)).replace(GESTATION, ' ').replace(POSTPARTUM, ' ').replace(DURATION, ' ');
  if (NURSING.test(t)) t = t.replace(NURSED_CHILD_AGE, ' ');
  let best: { at: number; age: Age } | null = null;
  for (const [re, make] of AGE_PATTERNS) {
    const m = re.exec(t);
    if (m && (!best || m.index < best.at)) best = { at: m.index, age: make(m) };
  }
  return best?.age ?? null;
}

/** The age a frame's age text stands for ("5 tuổi", "2 tuổi 3 tháng", "18 tháng", "6 tuần"); null when unreadable. */
export function ageOf(ageText: string | null): Age | null {
  if (!ageText) return null;
  const t = normalize(ageText);
  const m = new RegExp(`^${NUM}\\s*(tuần|ngày)$`, 'u').exec(t);
  if (m) return exact(t, m[2] === 'tuần' ? num(m[1]) / 52 : num(m[1]) / 365);
  return parseAge(t) ?? (/^\\d+([.,]\\d+)?$/.test(t) ? parseAge(`${t} tuổi`) : null);
}

// the unit may be followed by the decimals ("10kg5", "4 ký 2": 10,5 and 4,2 kg), read after the match
const WEIGHT = new RegExp(`${NUM}\\s*(?:kg|kgs|ký|kí|ky|ki|cân|kilogram|kilogam|kilo)(?![\\p{L}])`, 'iu');
/** Decimals said after the unit ("4 ký 2"), unless the number is something else's ("18 kg 5 tuổi", "14kg 3 lần"). */
const AFTER_UNIT =
  /^\s*(\d{1,3})(?![\p{L}\p{N}]|[.,]\d)(?!\s*(?:tuổi|tuoi|t|tháng|thang|th|tuần|tuan|ngày|ngay|năm|nam|%|mg|ml|g|lần|lan|viên|vien|gói|goi|giờ|gio|h)(?![\p{L}]))/u;
const WEIGHT_AFTER_NANG = new RegExp(
  `(?:nặng|nang|cân nặng|can nang|cn)\\s*:?\\s*${NUM}${END}(?![.,]\\d)(?!\\s*(?:tuổi|tuoi|tháng|thang|tuần|tuan|ngày|ngay|%|mg|ml|kg|kgs|ký|kí|ky|ki|cân|kilo)(?![\\p{L}]))`,
  'iu',
);

/** Every weight in kg the text states ("18 kg", "nặng 18", "3,5 ký"), in order. */
export function parseWeights(text: string): number[] {
  const t = spelledNumbers(normalize(text));
  const out: { at: number; kg: number }[] = [];
  for (const re of [WEIGHT, WEIGHT_AFTER_NANG])
    for (const m of t.matchAll(new RegExp(re.source, 'giu'))) {
      // "9 ký rưỡi": and a half
      const rest = t.slice(m.index! + m[0].length);
      const half = /^\s*(?:kg|ký|kí|ky|ki|cân)?\s*(?:rưỡi|ruoi)(?![\p{L}])/u.test(rest);
      const decimals = re === WEIGHT && !m[1].includes(',') && !m[1].includes('.') ? AFTER_UNIT.exec(rest) : null;
      // "10kg5t": a number run into the unit that is not its decimals leaves the weight unread
      if (re === WEIGHT && !decimals && /^\p{N}/u.test(rest)) continue;
      const kg = num(m[1]) + (half ? 0.5 : 0) + (decimals ? Number(decimals[1]) / 10 ** decimals[1].length : 0);
      if (kg > 0 && kg <= 500 && !out.some((o) => o.kg === kg)) out.push({ at: m.index!, kg });
    }
  return out.sort((a, b) => a.at - b.at).map((o) => o.kg);
}

/** The patient's weight in kg (the first stated), or null. */
export function parseWeightKg(text: string): number | null {
  return parseWeights(text)[0] ?? null;
}

/** A kidney fact: the words to keep and, when given, the clearance in ml/phút. */
export interface RenalFact {
  text: string;
  clearance: number | null;
}

const CLEARANCE = new RegExp(
  `(clcr|crcl|egfr|gfr|mlct|độ thanh thải creatinin|do thanh thai creatinin|thanh thải creatinin|thanh thai creatinin|mức lọc cầu thận(?: ước tính)?|muc loc cau than(?: uoc tinh)?)\\s*(?:là|la|khoảng|khoang|~|:|=|≈)?\\s*(<|>|dưới|duoi|trên|tren)?\\s*${NUM}(?:\\s*(?:ml\\s*\\/\\s*(?:phút|phut|ph|p|min)(?:\\s*\\/\\s*1[.,]73\\s*m2|\\s*\\/\\s*1[.,]73\\s*m²)?))?`,
  'iu',
);
const RENAL_WORDS = new PhraseSet([
  'suy thận',
  'suy thận mạn',
  'suy thận cấp',
  'bệnh thận',
  'bệnh thận mạn',
  'chức năng thận',
  'lọc máu',
  'chạy thận',
  'thẩm phân',
  'thẩm tách máu',
  'creatinin',
  'egfr',
  'clcr',
  'crcl',
  'gfr',
]);

/** Words after an organ's test or function that say it is normal ("chức năng thận bình thường", "creatinin bt"). */
const NORMAL_AFTER = new PhraseSet([
  'bình thường',
  'trong giới hạn',
  'trong giới hạn bình thường',
  'ổn',
  'tốt',
  'còn tốt',
  'chưa suy',
  'không suy',
  'không sao',
]);
const ENZYMES = new Set(['men gan', 'ast', 'alt', 'transaminase'].map(normalize));
const TESTS = new Set(
  ['chức năng thận', 'creatinin', 'egfr', 'clcr', 'crcl', 'gfr', 'chức năng gan', ...ENZYMES].map(normalize),
);
/** Words before an organ's disease that deny it ("không suy thận", "chưa có bệnh gan"). */
const DENIED_BEFORE = new PhraseSet([
  'không',
  'chưa',
  'không có',
  'chưa có',
  'không bị',
  'chưa bị',
  'chẳng',
  'ko',
  'ko có',
  'ko bị',
  'k có',
  'k bị',
]);

/**
 * The user says the organ is fine, not that it is diseased: a disease word denied right before it
 * ("không suy thận", "chưa bị xơ gan") or a function or test said to be normal within the next
 * three words ("CN thận, gan bt", "creatinin bình thường", "chức năng thận còn tốt").
 */
function statedNormal(ws: Word[], hit: PhraseHit): boolean {
  for (let back = 1; back <= 2; back++) {
    const d = DENIED_BEFORE.at(ws, hit.start - back);
    if (d && d.start + d.length === hit.start) return true;
  }
  // only a function or a test can be said to be normal: "suy thận, tốt nhất dùng gì" still has the disease
  if (!TESTS.has(hit.phrase)) return false;
  const end = hit.start + hit.length;
  for (let i = end; i < Math.min(ws.length, end + 3); i++) {
    const n = NORMAL_AFTER.at(ws, i);
    // "ổn định" (stable) says nothing about normal
    if (n && !(n.phrase === normalize('ổn') && ws[i + 1]?.folded === 'dinh')) return true;
  }
  return false;
}

/** Kidney facts as stated ("ClCr 25 ml/phút", "suy thận"), or null. */
export function parseRenal(text: string): RenalFact | null {
  const m = CLEARANCE.exec(normalize(text));
  if (m) {
    const label = /^(?:clcr|crcl)$/i.test(m[1])
      ? 'ClCr'
      : /^(?:e?gfr|mlct|mức lọc|muc loc)/i.test(m[1])
        ? 'eGFR'
        : 'độ thanh thải creatinin';
    // "ClCr <10": a bound, not a value — kept as said, so "dưới 10 ml/phút" is read against it, and no band is
    // picked by a number the user did not give
    const bound = m[2] ? (/^(?:<|dưới|duoi)$/iu.test(m[2]) ? '<' : '>') : null;
    return bound
      ? { text: `${label} ${bound} ${fmt(num(m[3]))} ml/phút`, clearance: null }
      : { text: `${label} ${fmt(num(m[3]))} ml/phút`, clearance: num(m[3]) };
  }
  const ws = words(text);
  // unmarked "benh than" beside an exposure ("phoi nhiem benh than qua duong ho hap") is anthrax, not the kidney
  const anthrax = ws.some((w, i) => w.folded === 'anthracis' || (w.folded === 'phoi' && ws[i + 1]?.folded === 'nhiem'));
  const hit = RENAL_WORDS.find(ws).find(
    (h) => !statedNormal(ws, h) && !(anthrax && h.phrase === 'bệnh thận' && ws[h.start + 1]?.plain),
  );
  if (!hit) return null;
  return {
    text: hit.phrase === 'creatinin' ? 'creatinin bất thường' : normalizeRenalPhrase(hit.phrase),
    clearance: null,
  };
}

function normalizeRenalPhrase(p: string): string {
  return ['lọc máu', 'chạy thận', 'thẩm phân', 'thẩm tách máu'].includes(p) ? 'lọc máu' : 'suy thận';
}

/** Clearance in ml/phút from a frame's renal text ("ClCr 25 ml/phút"), or null. */
export function renalClearance(renal: string | null): number | null {
  return renal ? (parseRenal(renal)?.clearance ?? null) : null;
}

const HEPATIC_WORDS = new PhraseSet([
  // the liver enzymes ("AST, ALT tăng gấp 4 lần"): a liver fact unless said to be normal
  'ast',
  'alt',
  'transaminase',
  'suy gan',
  'xơ gan',
  'bệnh gan',
  'chức năng gan',
  'viêm gan',
  'men gan',
  'child pugh',
  'child-pugh',
]);

/** Liver facts as stated ("xơ gan", "suy gan"), or null. */
export function parseHepatic(text: string): string | null {
  const ws = words(text);
  const hit = HEPATIC_WORDS.find(ws).find((h) => !statedNormal(ws, h));
  if (!hit) return null;
  if (ENZYMES.has(hit.phrase)) return 'men gan tăng';
  return hit.phrase === 'xơ gan' ? 'xơ gan' : hit.phrase === 'viêm gan' ? 'viêm gan' : 'suy gan';
}

/**
 * An organ's function said in short, one organ or both ("CN gan thận bt", "gan thận bình thường", "thận bt"), never an
 * organ a disease word stands before ("suy thận, gan bt": only the liver is normal).
 */
const ORGANS_NORMAL = new RegExp(
  `(?:^|[^\\p{L}])((?:(?:chức năng|chuc nang|cn) )?(?<!(?:suy|xơ|xo|bệnh|benh|viêm|viem) )(?:gan|thận|than)(?:(?: ?[\\/-] ?| (?:và |va )?)(?:gan|thận|than))?) (?:đều |deu |vẫn |van )?(?:bình thường|binh thuong|bt|trong giới hạn|trong gioi han|còn tốt|con tot|tốt|tot)(?![\\p{L}])`,
  'gu',
);

/** "ko có bệnh thận gan gì", "không bệnh gan thận": a disease of both organs denied at once. */
const ORGANS_DENIED = new RegExp(
  `(?:^|[^\\p{L}])(?:không|khong|ko|k|chưa|chua)(?: (?:có|co|bị|bi))? (?:bệnh |benh )?((?:gan|thận|than)(?:(?: ?[\\/-] ?| (?:và |va )?)(?:gan|thận|than))?)(?![\\p{L}])`,
  'gu',
);

/**
 * The organs the user says work normally ("CN gan thận bt", "chức năng thận bình thường", "không suy gan"): an entry for
 * their impairment is not this patient's. Read from the user's own words, as typed (a marked "gân" is no liver).
 */
export function organsStatedNormal(text: string): { renal: boolean; hepatic: boolean } {
  const t = normalize(text);
  const said = [...t.matchAll(ORGANS_NORMAL), ...t.matchAll(ORGANS_DENIED)].map((m) => m[1]);
  const ws = words(text);
  const denied = (set: PhraseSet) => set.find(ws).some((h) => statedNormal(ws, h));
  return {
    renal: said.some((m) => /(?:^|[ /-])(?:thận|than)(?:[ /-]|$)/u.test(m)) || denied(RENAL_WORDS),
    hepatic: said.some((m) => /(?:^|[ /-])gan(?:[ /-]|$)/u.test(m)) || denied(HEPATIC_WORDS),
  };
}

export const POPULATION_CUES: Record<Population, PhraseSet> = {
  pediatric: new PhraseSet([
    'trẻ em',
    'trẻ',
    'trẻ nhỏ',
    'trẻ sơ sinh',
    'sơ sinh',
    'nhũ nhi',
    'em bé',
    'bé',
    'bé trai',
    'bé gái',
    'cháu bé',
    'con tôi',
    'con em',
    'con mình',
    'con trai tôi',
    'con gái tôi',
    'bệnh nhi',
    'nhi',
    // "cháu ngoại tôi còn nhỏ": a child, whose age and weight are then asked
    'còn nhỏ',
  ]),
  elderly: new PhraseSet([
    'người cao tuổi',
    'người già',
    'cao tuổi',
    'lớn tuổi',
    'người lớn tuổi',
    'cụ ông',
    'cụ bà',
    'ông cụ',
    'bà cụ',
  ]),
  adult: new PhraseSet(['người lớn', 'người trưởng thành', 'trưởng thành']),
};

/** The population the words name (elderly before adult before child, as "người lớn tuổi" is elderly), or null. */
export function populationCue(ws: Word[]): Population | null {
  if (POPULATION_CUES.elderly.has(ws)) return 'elderly';
  if (POPULATION_CUES.adult.has(ws)) return 'adult';
  // "cho bé bú", "đang cho con bú bé 2 tháng", "cho con bú (bé 3 tháng)": the child is the one
  // breastfed, not the patient — inside the cue, or right after it with the infant's age
  if (childHits(ws).length) return 'pediatric';
  return null;
}

/**
 * The words that make the patient a child: not the one breastfed ("cho bé bú", "cho con bú bé 2
 * tháng") and not the one just born ("sinh bé được 7 tuần": the mother is the patient).
 */
function childHits(ws: Word[]): PhraseHit[] {
  const lactation = LACTATION_CUES.find(ws);
  const nursed = (h: PhraseHit) =>
    lactation.some(
      (l) =>
        (h.start >= l.start && h.start < l.start + l.length) ||
        (h.start === l.start + l.length && /^\d/.test(ws[h.start + h.length]?.text ?? '')) ||
        // "bé vẫn ti mẹ hoàn toàn": the child who feeds, just before the cue
        (h.start < l.start && l.start - (h.start + h.length) <= 2),
    ) ||
    // "Mình đang cho bé bú, bé đc 4 tháng …, có ảnh hưởng sữa với bé ko": beside a breastfeeding, the child told by
    // its age in weeks or months, or as the one a drug may affect, is the nursed child
    (lactation.length > 0 && (infantAgeAfter(ws, h.start + h.length) || affectedChild(ws, h)));
  const born = (h: PhraseHit) => h.start > 0 && BIRTH.has(ws[h.start - 1].folded) && ws[h.start - 2]?.folded !== 'so';
  // "viem than be than" typed without marks: "bể thận" (the renal pelvis), an organ, not a child
  // and "rung nhi" / "tam nhi" / "nhi that": "nhĩ" (the atrium), not "nhi" (children)
  const organ = (h: PhraseHit) =>
    h.length === 1 &&
    ws[h.start].plain &&
    ((ws[h.start].folded === 'be' && ws[h.start + 1]?.folded === 'than') ||
      (ws[h.start].folded === 'nhi' &&
        (ATRIUM_BEFORE.has(ws[h.start - 1]?.folded ?? '') || ws[h.start + 1]?.folded === 'that')));
  return POPULATION_CUES.pediatric.find(ws).filter((h) => !nursed(h) && !born(h) && !unbornAt(ws, h) && !organ(h));
}
const BIRTH = new Set(['sinh', 'de']);
const ATRIUM_BEFORE = new Set(['rung', 'cuong', 'tam']);

/** "(được) 4 tháng", "đc 6 tuần" from word i: an infant's age. */
function infantAgeAfter(ws: Word[], i: number): boolean {
  // "bé nhà mình được 5 tháng"
  if (ws[i]?.folded === 'nha' && ws[i + 1]) i += 2;
  const k = ['duoc', 'dc', 'moi'].includes(ws[i]?.folded ?? '') ? i + 1 : i;
  return /^\d+$/.test(ws[k]?.text ?? '') && ['tuan', 'thang', 'ngay'].includes(ws[k + 1]?.folded ?? '');
}

/** "có ảnh hưởng sữa với bé ko": the child after "với/đến/tới" in a turn that asks an effect on the child. */
function affectedChild(ws: Word[], h: PhraseHit): boolean {
  return h.start > 0 && ['voi', 'den', 'toi'].includes(ws[h.start - 1].folded) && CHILD_EFFECT.has(ws);
}

/** Words that ask what a drug does to the unborn or nursed child: "có ảnh hưởng gì em bé", "hại thai", "dị tật". */
export const CHILD_EFFECT = new PhraseSet([
  'ảnh hưởng',
  'có hại',
  'hại cho',
  'hại thai',
  'hại con',
  'hại bé',
  'dị tật',
  'sảy thai',
  'giữ thai',
  'bỏ thai',
  'giữ bé',
  'bỏ bé',
]);

/** "có ảnh hưởng gì em bé không" beside a pregnancy: the child asked about is the unborn one, not the patient. */
function unbornAt(ws: Word[], h: PhraseHit): boolean {
  if (!PREGNANCY_CUES.has(ws)) return false;
  return CHILD_EFFECT.find(ws).some((e) => e.start + e.length <= h.start && h.start - (e.start + e.length) <= 3);
}
// "sinh" after "sơ" is the newborn itself ("trẻ sơ sinh 3 tuần"), not a birth

/** The words and the age name different patients that neither settles ("mẹ 30 tuổi cho bé uống"). */
export function populationInDoubt(ws: Word[], age: Age | null): boolean {
  return (
    populationCue(ws) !== null && age !== null && populationOfAge(age) !== null && patientPopulation(ws, age) === null
  );
}

/**
 * Who the patient is, from the words and the age together. A stated age settles a child's word
 * typed without marks ("bn nữ 45t viem than be than": "be" is "bể", "bn 80t … be doi": "bẻ đôi",
 * "nhi" may be "nhĩ");
 * a child's word typed as such beside an adult's age ("mẹ 30 tuổi cho bé uống") leaves the patient
 * unknown, so the state machine asks — never an adult's dose for a child or the reverse.
 */
export function patientPopulation(ws: Word[], age: Age | null): Population | null {
  const cue = populationCue(ws);
  const byAge = age ? populationOfAge(age) : null;
  if (cue === null || byAge === null || cue === byAge) return cue ?? byAge;
  if (cue !== 'pediatric' && byAge !== 'pediatric') return cue;
  if (
    cue === 'pediatric' &&
    childHits(ws).every((h) => h.length === 1 && ws[h.start].plain && ['be', 'nhi'].includes(ws[h.start].folded))
  )
    return byAge;
  return null;
}

/** The population an age belongs to, when all the ages it allows agree. */
export function populationOfAge(age: Age): Population | null {
  if (age.min >= 65) return 'elderly';
  if (age.min >= 18 && age.max < 65) return 'adult';
  if (age.max < 18) return 'pediatric';
  return null;
}

/**
 * Pregnancy cues, plus a gestational age ("thai 6 tuần", "thai được 20 tuần", "siêu âm thai 8w"):
 * a pregnancy stated by how far along it is, as ward notes and mothers write it.
 */
class PregnancyCues extends PhraseSet {
  override at(ws: Word[], i: number): PhraseHit | null {
    return super.at(ws, i) ?? gestationAt(ws, i);
  }
}

const GESTATION_UNITS = ['tuần', 'tháng', 'w'];

/** "thai [được|khoảng] N tuần|tháng" starting at word i. */
function gestationAt(ws: Word[], i: number): PhraseHit | null {
  if (!ws[i] || !says(ws[i], 'thai')) return null;
  let k = i + 1;
  while (ws[k] && ['được', 'khoảng', 'tầm', 'gần', 'hơn'].some((f) => says(ws[k], f)) && k < i + 3) k++;
  const n = ws[k];
  if (n && /^\d+w$/.test(n.text)) return { start: i, length: k + 1 - i, phrase: 'thai' };
  if (!n || !/^\d+$/.test(n.text)) return null;
  const unit = ws[k + 1];
  if (!unit || !GESTATION_UNITS.some((u) => says(unit, u))) return null;
  return { start: i, length: k + 2 - i, phrase: 'thai' };
}

export const PREGNANCY_CUES: PhraseSet = new PregnancyCues([
  // "bà bầu" expands to "phụ nữ mang thai": the woman is the patient, never a "phụ" (phù) symptom
  'phụ nữ mang thai',
  'phụ nữ đang mang thai',
  'phụ nữ mang bầu',
  // a positive test: "test thai (+)", "thử que 2 vạch"
  'test thai',
  'thử thai',
  'que 2 vạch',
  'que lên 2 vạch',
  'que hai vạch',
  'que lên hai vạch',
  'thử que lên 2 vạch',
  'có thai',
  'mang thai',
  'có bầu',
  'bà bầu',
  'mẹ bầu',
  'mang bầu',
  'bầu',
  'thai phụ',
  'thai kỳ',
  'siêu âm thai',
  'hcg dương tính',
  // "kq beta hCG (+)": the test result is the pregnancy told ("beta hCG âm tính" is denied like any cue)
  'beta hcg',
  'kết quả beta hcg',
  'kq beta hcg',
  'thai nhi',
  'đang mang thai',
  'phụ nữ có thai',
]);
export const LACTATION_CUES = new PhraseSet([
  'phụ nữ cho con bú',
  'phụ nữ đang cho con bú',
  'cho con bú',
  'đang cho bú',
  'cho bú',
  'nuôi con bằng sữa mẹ',
  'nuôi con bú',
  'đang cho con bú',
  'cho bé bú',
  'cho trẻ bú',
  // "bé vẫn ti mẹ hoàn toàn", "đang cho bé ti": the mother breastfeeds
  'bú mẹ',
  'ti mẹ',
  'cho ti',
  'cho bé ti',
  'sữa mẹ',
]);

/** Route phrases, longest first; "tĩnh mạch" alone allows either intravenous route. */
const ROUTE_PHRASES: [string, Route[]][] = [
  ['đặt trực tràng', ['dat_truc_trang']],
  ['đặt hậu môn', ['dat_truc_trang']],
  ['nhét hậu môn', ['dat_truc_trang']],
  // "nhét viên đạn paracetamol": a suppository is put in
  ['nhét', ['dat_truc_trang']],
  ['viên đạn', ['dat_truc_trang']],
  ['trực tràng', ['dat_truc_trang']],
  ['hậu môn', ['dat_truc_trang']],
  // "dùng thuốc đó đường thụt", "ống thụt 5mg": an enema is given into the rectum
  ['đường thụt', ['dat_truc_trang']],
  ['ống thụt', ['dat_truc_trang']],
  ['thụt', ['dat_truc_trang']],
  ['tiêm tĩnh mạch', ['tiem_tinh_mach']],
  ['tiêm tĩnh mạch chậm', ['tiem_tinh_mach']],
  // "TMC liều đầu": a slow push is an injection, never an infusion
  ['tĩnh mạch chậm', ['tiem_tinh_mach']],
  ['tiêm mạch', ['tiem_tinh_mach']],
  ['bơm tĩnh mạch', ['tiem_tinh_mach']],
  // an intravenous push, as wards say it
  ['đẩy thẳng', ['tiem_tinh_mach']],
  ['tiêm thẳng', ['tiem_tinh_mach']],
  ['bolus', ['tiem_tinh_mach']],
  ['truyền tĩnh mạch', ['truyen_tinh_mach']],
  ['truyền', ['truyen_tinh_mach']],
  ['tĩnh mạch', ['tiem_tinh_mach', 'truyen_tinh_mach']],
  ['tiêm bắp', ['tiem_bap']],
  ['tiêm dưới da', ['tiem_duoi_da']],
  // "tiêm" alone, replying "which route?" or asking the injected dose: any injection — the drug's injected entries
  ['tiêm', ['tiem_tinh_mach', 'truyen_tinh_mach', 'tiem_bap', 'tiem_duoi_da']],
  ['chích', ['tiem_tinh_mach', 'truyen_tinh_mach', 'tiem_bap', 'tiem_duoi_da']],
  ['dưới da', ['tiem_duoi_da']],
  ['ngậm dưới lưỡi', ['ngam_duoi_luoi']],
  ['dưới lưỡi', ['ngam_duoi_luoi']],
  // "y lệnh ngậm ISDN 5mg khi lên cơn đau": a tablet held in the mouth is the sublingual one
  ['ngậm', ['ngam_duoi_luoi']],
  ['nhỏ mắt', ['nho_mat']],
  ['bôi ngoài da', ['bo_ngoai_da']],
  ['bôi', ['bo_ngoai_da']],
  ['khí dung', ['hit']],
  ['xịt', ['hit']],
  ['hít', ['hit']],
  ['đường uống', ['uong']],
  ['uống', ['uong']],
  // a form taken by mouth, or given down a feeding tube ("viên nang … nghiền ra bơm qua sonde")
  // tablets counted are taken by mouth ("MTX viên 2,5mg, kê mấy viên/ngày")
  ['mấy viên', ['uong']],
  ['bao nhiêu viên', ['uong']],
  ['viên nang', ['uong']],
  ['viên nén', ['uong']],
  ['viên sủi', ['uong']],
  ['siro', ['uong']],
  ['qua sonde', ['uong']],
  ['sonde dạ dày', ['uong']],
  ['ống thông dạ dày', ['uong']],
];
const ROUTE_SET = new PhraseSet(ROUTE_PHRASES.map(([p]) => p));
/**
 * Words that name a route loosely: an injection without saying which, tablets counted ("nhét viên đạn … nhét mấy
 * viên": the suppository named says the route, not the count) — they count when no other route is named.
 */
const GENERIC_ROUTES = new Set(['tiêm', 'chích', 'mấy viên', 'bao nhiêu viên'].map(normalize));
/** Route words as typed without marks. */
const UNMARKED_ROUTE_WORDS = new Set(['uong', 'tiem', 'truyen', 'bap']);
const ROUTE_OF = new Map(ROUTE_PHRASES.map(([p, r]) => [normalize(p), r]));

/** "không uống được", "không nuốt được", "nhịn ăn uống": the oral route is out. */
const NOT_ORAL = new PhraseSet([
  // "uống gì cũng ói ra", "uống vào là nôn": nothing stays down by mouth
  'uống gì cũng ói',
  'uống gì cũng nôn',
  'uống vào là ói',
  'uống vào là nôn',
  'uống vô là ói',
  'uống gì vào cũng nôn',
  'uống gì vào cũng ói',
  'uống vào cũng nôn',
  'uống vào cũng ói',
  // "uống thuốc vào là nôn hết", "uống thuốc vô thì ói"
  ...['vào', 'vô'].flatMap((into) =>
    ['là', 'thì', 'cũng'].flatMap((then) =>
      ['nôn', 'ói'].flatMap((vomit) => [`uống thuốc ${into} ${then} ${vomit}`, `uống ${into} ${then} ${vomit}`]),
    ),
  ),
  // "không/ko/k uống|nuốt được/đc/dc/nổi", "không thể uống|nuốt", "uống|nuốt không được"
  ...['không', 'ko', 'k', 'hông'].flatMap((no) =>
    ['uống', 'nuốt'].flatMap((verb) => ['được', 'đc', 'dc', 'nổi'].map((able) => `${no} ${verb} ${able}`)),
  ),
  ...['uống', 'nuốt'].flatMap((verb) => [
    `không thể ${verb}`,
    `${verb} không được`,
    `${verb} ko được`,
    `${verb} ko đc`,
  ]),
  'nhịn ăn uống',
  'nhịn ăn',
  // "NPO hoàn toàn" (nil per os): nothing by mouth
  'npo',
  'không dùng đường uống',
  'không dùng được đường uống',
]);

/**
 * Diseases named by the body part a route is named by: "huyết khối tĩnh mạch sâu" (HKTMS),
 * "nhiễm khuẩn da và mô dưới da", "trĩ, nứt hậu môn", "bệnh lây truyền" say what the disease is,
 * not how to give the drug.
 */
const DISEASE_SITES = new PhraseSet([
  'truyền nhiễm',
  'lây truyền',
  'huyết khối tĩnh mạch',
  'tĩnh mạch sâu',
  'viêm tĩnh mạch',
  'viêm tắc tĩnh mạch',
  'tắc tĩnh mạch',
  'nghẽn tĩnh mạch',
  'giãn tĩnh mạch',
  'suy tĩnh mạch',
  'mô dưới da',
  'áp xe dưới da',
  'tụ máu dưới da',
  'xuất huyết dưới da',
  'nứt hậu môn',
  'rò hậu môn',
  'ngứa hậu môn',
  'ung thư trực tràng',
  'viêm trực tràng',
  'ung thư đại trực tràng',
  // another treatment the patient is on, not the drug's route ("đang truyền hóa chất")
  'truyền hóa chất',
  'truyền hoá chất',
  'truyền dịch',
  'truyền máu',
  'tiêm phòng',
  'tiêm vắc xin',
]);

/** The route the words ask for, and the routes they allow (empty: any). */
export interface RouteFacts {
  route: Route | null;
  allowed: Route[];
}

/** "chưa lấy được ven", "không có đường truyền": no intravenous access. */
const NO_VEIN = new PhraseSet([
  'chưa lấy được ven',
  'không lấy được ven',
  'ko lấy được ven',
  'khó lấy ven',
  'chưa có ven',
  'không có ven',
  'mất ven',
  'chưa có đường truyền',
  'không có đường truyền',
  'không đặt được đường truyền',
]);
const INTRAVENOUS: Route[] = ['tiem_tinh_mach', 'truyen_tinh_mach'];
/** Words that say a route cannot be used, with an ability word: "không dùng được đường hít", "tiêm bắp không được". */
const NEGATION = new Set(['không', 'ko', 'k', 'khong', 'hông', 'chẳng', 'chưa'].map(fold));
const ABILITY = new Set(['được', 'đc', 'dc', 'nổi', 'thể'].map(fold));
const NEGATION_FILLER = new Set(['dùng', 'sử', 'dụng', 'cho', 'qua', 'đường', 'bằng', ...ABILITY].map(fold));

/**
 * Is the route named at `hit` said to be impossible? A negation before it with only filler words
 * between ("ko dùng được đường hít"), or after it ("hít không được") — with an ability word
 * ("được", "thể", "nổi"): "không uống thuốc gì" says what was not done, not what cannot be. `all`: every
 * route named, so a negation right after another route is that route's.
 */
function negatedAt(ws: Word[], hit: PhraseHit, all: PhraseHit[]): boolean {
  let able = false;
  for (let i = hit.start - 1; i >= 0 && i >= hit.start - 5; i--) {
    const w = ws[i].folded;
    if (ABILITY.has(w)) able = true;
    if (NEGATION.has(w)) {
      // "tiêm bắp không được, tiêm dưới da thì sao": the negation belongs to the route right before it
      if (all.some((h) => h.start + h.length === i)) break;
      const after = ws[hit.start + hit.length]?.folded ?? '';
      if (able || ABILITY.has(after)) return true;
      break;
    }
    if (!NEGATION_FILLER.has(w)) break;
  }
  const next = ws[hit.start + hit.length]?.folded ?? '';
  const then = ws[hit.start + hit.length + 1]?.folded ?? '';
  return NEGATION.has(next) && ABILITY.has(then);
}

export function parseRoute(typed: Word[]): RouteFacts {
  // "bn nam 70t VTBT, ClCr 25, cipro uong lieu ntn": a route's word typed without its marks is that route's even where
  // the turn reads as typed with marks (the shorthand's expansion wrote most of them) — none of them names anything
  // else a prescriber would type unmarked here
  const ws = typed.map((w) => (UNMARKED_ROUTE_WORDS.has(w.text) ? { ...w, plain: true } : w));
  const notOral = NOT_ORAL.find(ws);
  // the words of a negated route are not a route, nor is a vein or the skin named inside a disease
  const sites = DISEASE_SITES.mask(ws);
  const masked = NOT_ORAL.mask(sites);
  // "tiền sử co thắt PQ sau uống ibuprofen": a route told of a past event ("sau (khi) uống …") is not the route asked
  // … or of a dose given before ("12h sau liều TM thì ondansetron uống bao nhiêu": the oral dose is asked)
  const afterEvent = (h: PhraseHit) => {
    let i = h.start - 1;
    while (i >= 0 && i >= h.start - 3 && ['khi', 'lieu', 'mui', 'tiem', 'truyen'].includes(masked[i]?.folded ?? ''))
      i--;
    return i >= 0 && masked[i]?.folded === 'sau';
  };
  const found = ROUTE_SET.find(masked).filter((h) => !afterEvent(h));
  // a route said to be impossible anywhere ("ko dùng được đường hít (cả bình xịt lẫn khí dung)") is out everywhere
  const negated = new Set<Route>([
    ...(notOral.length ? (['uong'] as Route[]) : []),
    ...(NO_VEIN.find(ws).length ? INTRAVENOUS : []),
    ...found.filter((h) => negatedAt(masked, h, found)).flatMap((h) => ROUTE_OF.get(h.phrase)!),
  ]);
  // "tiêm" alone says only "an injection": it counts when no other route is named ("tiêm sao cho đúng, tiêm bắp dc
  // ko" asks about the intramuscular route; "hôm qua được tiêm …, nay uống mấy viên" the oral one)
  const named = found.filter((h) => !GENERIC_ROUTES.has(h.phrase));
  const hits = (named.length ? named : found)
    .filter((h) => !negatedAt(masked, h, found))
    .map((h) => ROUTE_OF.get(h.phrase)!.filter((r) => !negated.has(r)))
    .filter((r) => r.length > 0);
  const exacts = [...new Set(hits.filter((r) => r.length === 1).map((r) => r[0]))];
  const exact = exacts.length === 1 ? exacts[0] : null;
  // "nuốt không được, mở nang ra hòa nước cho uống": swallowing a capsule whole is out, the mouth is not —
  // an oral route named beside it is the route asked about
  // — after it: an oral route named before it is what the patient was on ("đang uống 1g/ngày, … ko nuốt đc")
  const swallowEnd = Math.max(...notOral.map((h) => h.start + h.length));
  if (
    notOral.length &&
    notOral.every((h) => h.phrase.includes('nuốt')) &&
    negated.size === 1 &&
    ROUTE_SET.find(masked).some((h) => h.start >= swallowEnd && ROUTE_OF.get(h.phrase)!.includes('uong'))
  )
    return { route: 'uong', allowed: [] };
  if (negated.size) {
    const allowed = ROUTES.filter((r) => !negated.has(r));
    if (exacts.length > 1) return { route: null, allowed: allowed.filter((r) => exacts.includes(r)) };
    return { route: exact, allowed: exact ? [] : allowed };
  }
  // Several routes named ("đã khí dung xong, … uống mấy viên", "TM đẩy thẳng hay phải truyền"): no one of
  // them is the route — each named route is allowed, and the dose is given only where one of them has it
  // (several with regimens of their own is still a question to ask).
  if (exact && hits.every((r) => r.includes(exact))) return { route: exact, allowed: [] };
  if (exacts.length) return { route: null, allowed: [...new Set(hits.flat())] };
  const loose = hits.find((r) => r.length > 1);
  return { route: null, allowed: loose ?? [] };
}

/** Words that make a sentence a question. */
const QUESTION_CUES = new PhraseSet(['mấy', 'bao nhiêu', 'sao', 'thế nào', 'nào', 'gì', 'không', 'ko', 'chưa']);

/** Words that switch the route: what follows is the route asked. */
const SWITCH_TO = new PhraseSet(['chuyển sang', 'chuyển qua', 'đổi sang', 'đổi qua']);

/** Words that put a sentence in the past. */
const PAST_CUES = new PhraseSet(['hôm qua', 'đã', 'lúc nãy', 'hôm trước', 'tuần trước', 'trước đó', 'xong']);

/**
 * The route of a turn's question: when the sentences that ask name a route and earlier sentences name
 * another ("hôm qua bé được tiêm chống nôn ở viện, nay cho về nhà uống tiếp … Mỗi lần bé uống mấy viên?"),
 * what was given before is history and the question's route is the one asked. Otherwise as `parseRoute`.
 */
export function parseQuestionRoute(text: string): RouteFacts {
  const all = parseRoute(words(text));
  if (all.route !== null || all.allowed.length < 2) return all;
  // "đang truyền TM omeprazol, nay chuyển sang uống thì liều bn": the route switched to is the one asked
  const ws = words(text);
  const to = SWITCH_TO.find(ws).pop();
  if (to) {
    const after = parseRoute(ws.slice(to.start + to.length));
    if (after.route !== null) return after;
  }
  const sentences = text.split(/(?<=[.!?\n])\s*/u).filter((x) => x.trim());
  const asking = sentences.filter((x) => x.includes('?') || QUESTION_CUES.has(words(x)));
  if (!asking.length || asking.length === sentences.length) return all;
  // only what was given before is history ("hôm qua … được tiêm", "đã truyền"): an order standing now
  // ("y lệnh heparin … TDD. … tiêm bắp dc ko?") is still a route of the question
  const told = sentences.filter((x) => !asking.includes(x));
  if (!told.every((x) => PAST_CUES.has(words(x)))) return all;
  const asked = parseRoute(words(asking.join(' ')));
  return asked.route !== null && all.allowed.includes(asked.route) ? asked : all;
}

/** Does the text say the route? (a model's route is kept only when the user's words name it) */
export function saysRoute(ws: Word[], route: Route): boolean {
  const facts = parseRoute(ws);
  return facts.route === route || facts.allowed.includes(route);
}

/**
 * Words that ask about two drugs taken together ("2 thuốc này uống chung có sao ko", "uống thêm X cùng
 * lúc được không"): with one drug named now and another earlier in the conversation, it is the pair.
 */
/**
 * "thôi cái đó tí hỏi sau", "thoi de sau", "bỏ qua câu đó": the user sets the question the system asked aside — the
 * turn asks something new (the conversation's drug still pointed at), it does not answer or blur the pending one.
 */
export const SETS_ASIDE = new PhraseSet([
  'để sau',
  'hỏi sau',
  'tí hỏi',
  'lát hỏi',
  'bỏ qua câu',
  'bỏ qua cái',
  'thôi cái đó',
  'thôi khỏi',
  'khỏi cần',
  'không cần nữa',
]);

export const TAKEN_TOGETHER = new PhraseSet([
  'uống chung',
  'dùng chung',
  'xài chung',
  'uống cùng',
  'dùng cùng',
  'cùng lúc',
  'cùng với',
  'chung với',
  'phối hợp',
  'kết hợp',
  'uống kèm',
  'dùng kèm',
  'hai thuốc',
  '2 thuốc',
  'hai loại',
  '2 loại',
]);

/** "giữ hay đổi", "có phải ngưng": whether to keep a drug the patient is on. */
const KEEP_OR_SWITCH = new PhraseSet([
  'giữ hay đổi',
  'giữ hay ngưng',
  'giữ hay ngừng',
  'có phải đổi',
  'có cần đổi',
  'có phải ngưng',
  'có cần ngưng',
  'có phải ngừng',
  'đổi thuốc khác',
]);

/**
 * "bn đang uống omeprazol 20mg/ngày, giữ hay đổi?": a drug the patient is on now, asked whether to keep it — with
 * another drug earlier in the conversation, it is the pair (like TAKEN_TOGETHER).
 */
export function keepOrSwitchAsked(text: string): boolean {
  return KEEP_OR_SWITCH.has(words(text)) && / dang (?:uong|dung|xai|tiem) /.test(` ${syllables(text).join(' ')} `);
}

/** An accidental or excess intake: an overdose question, not a dose question (the section router reads them too). */
export const INTAKE_PHRASES: readonly string[] = [
  'lỡ uống',
  'lỡ cho uống',
  'lỡ tay',
  'uống nhầm',
  'uống lộn',
  'cho uống nhầm',
  'nuốt nhầm',
  'nuốt phải',
  'uống phải',
  'uống quá liều',
  'quá liều',
  'uống quá nhiều',
  // "uống dư" alone: unmarked "uong du phong" is "uống dự phòng", so the excess names what was taken in excess
  'uống dư thuốc',
  'uống dư liều',
  'uống dư viên',
  'uống dư mấy',
  'uống dư một',
  'uống dư 1',
  'uống dư 2',
  'uống dư hai',
  'uống cả vỉ',
  'uống hết vỉ',
  'uống hết cả vỉ',
  'uống cả lọ',
  'uống hết lọ',
  'ngộ độc',
  'tiêm nhầm',
  'tiêm quá liều',
  // a child who got at the pack: "bé bóc vỉ … uống mất 3 viên", "nuốt mất", "ăn mất mấy viên"
  'uống mất',
  'nuốt mất',
  'ăn mất',
  'bóc vỉ',
  'uống trộm',
  'nghịch uống',
  'tự lấy uống',
  // "tự mở tủ uống hết gần nửa chai siro": a whole or half pack taken at once
  'mở tủ',
  'uống hết nửa',
  'uống hết gần',
  'uống gần hết',
  'uống hết chai',
  'uống hết cả chai',
  'uống cả chai',
  'uống nguyên chai',
  'uống nguyên vỉ',
  'uống nguyên lọ',
];
/**
 * "cách đây 2 tiếng uống một lúc khoảng 20 viên paracetamol 500 mg": many units taken at once — an overdose question,
 * whatever else the turn asks ("uống một lúc 2 viên được không" asks a dose: fewer than four units is no excess).
 */
export function takenAtOnce(ws: Word[], i: number): PhraseHit | null {
  const w = (k: number) => ws[i + k];
  if (!w(0) || !says(w(0), 'uống')) return null;
  const once =
    (w(1) && (says(w(1), 'một') || w(1).text === '1') && w(2) && says(w(2), 'lúc')) ||
    (w(1) && says(w(1), 'cùng') && w(2) && says(w(2), 'lúc'));
  if (!once) return null;
  for (let k = 3; k <= 6 && w(k); k++) {
    const n = Number(w(k).text.replace(',', '.'));
    if (Number.isFinite(n) && n >= 4 && w(k + 1) && UNIT_WORDS.has(w(k + 1).folded))
      return { start: i, length: 3, phrase: 'uống một lúc' };
  }
  return null;
}
const UNIT_WORDS = new Set(['vien', 'vi', 'goi', 'ong', 'chai', 'lo']);

/** An intake cue: a phrase of INTAKE_PHRASES, or many units taken at once (takenAtOnce). */
class IntakePhrases extends PhraseSet {
  override at(ws: Word[], i: number): PhraseHit | null {
    return super.at(ws, i) ?? takenAtOnce(ws, i);
  }
}

export const INTAKE_CUES = new IntakePhrases(INTAKE_PHRASES);

/** Words that say what a drug was taken with ("với sữa", "cùng rượu", "chung với …"). */
/** Words saying what a drug was taken with; typed with marks, only these words ("chứng" of "triệu chứng" is no "chung"). */
const ALONGSIDE = new Map([
  ['voi', 'với'],
  ['cung', 'cùng'],
  ['chung', 'chung'],
  ['kem', 'kèm'],
  // "lỡ uống luôn viên canxi": another product taken too
  ['luon', 'luôn'],
]);
/** A count of dosage units ("12 viên", "cả vỉ" is a cue of its own): an excess, whatever else was taken with it. */
const UNIT_COUNT = /\d+\s*(?:viên|vien|vỉ|gói|goi|lọ|chai|ống|ong|ml)(?![\p{L}])/iu;

/**
 * "sáng nay lỡ uống thuốc với sữa", "lỡ uống chung với rượu": every intake cue says what the drug was taken with,
 * and no count of units is said — the question is the pairing (spacing, interaction), not an overdose.
 */
export function intakeAlongside(text: string): boolean {
  const ws = words(text);
  const hits = INTAKE_CUES.find(ws);
  if (!hits.length || UNIT_COUNT.test(text)) return false;
  return hits.every((h) =>
    ws
      .slice(h.start + h.length, h.start + h.length + 4)
      .some((w) => ALONGSIDE.has(w.folded) && (w.plain || w.text.toLowerCase() === ALONGSIDE.get(w.folded))),
  );
}

/** A dose asked as a count of dosage units: "mấy viên", "bao nhiêu ml", "xịt mấy nhát". */
/**
 * Phrases that ask a count ("mấy lần", "mấy viên") — never after "sau" ("sau mấy lần đặt thuốc thì nổi mẩn": after using
 * it a few times, no count asked).
 */
export class CountPhrases extends PhraseSet {
  override at(ws: Word[], i: number): PhraseHit | null {
    const hit = super.at(ws, i);
    if (hit && says(ws[i], 'mấy') && !!ws[i - 1] && says(ws[i - 1], 'sau')) return null;
    return hit;
  }
}

export const UNIT_COUNT_CUES = new CountPhrases(
  [
    'viên',
    'gói',
    'ống',
    'giọt',
    'ml',
    'nhát',
    'thìa',
    'muỗng',
    'cữ',
    'liều',
    'lọ',
    'ống tiêm',
    'nhát xịt',
    'lần xịt',
    'lần',
  ].flatMap((u) => [`mấy ${u}`, `bao nhiêu ${u}`, `bn ${u}`]),
);

/** Questions about a drug that are not clinical: price, purchase, insurance, law, brands. */
/**
 * "mua bình xịt salbutamol ở đâu gần quận 3", "mua thuốc này chỗ nào": where to buy a product, with its name between
 * (normalised; "múa" typed with its marks is no "mua").
 */
const WHERE_TO_BUY =
  /(?:^|[^\p{L}])mua(?: [\p{L}\d%.,-]+){0,6}? (?:ở đâu|o dau|đâu|dau|chỗ nào|cho nao|nơi nào|noi nao)(?![\p{L}])/u;

export function whereToBuy(text: string): boolean {
  return WHERE_TO_BUY.test(normalize(text));
}

export const NON_CLINICAL_CUES = new PhraseSet([
  // a product's expiry ("hộp … hết hạn 2 tháng rồi, uống tiếp được không"): the product, as its storage is
  'hết hạn',
  'quá hạn',
  'hạn sử dụng',
  'hsd',
  'hết date',
  'quá date',
  // a pharmacy's or a ward's hours ("nhà thuốc có mở cửa thứ bảy không", "mấy giờ giao ban")
  'mở cửa',
  'đóng cửa',
  'giờ làm việc',
  // booking a test or a visit ("phòng CT nhận bn từ mấy giờ, đặt lịch qua HIS hay gọi điện")
  'đặt lịch',
  'lịch hẹn',
  'hẹn lịch',
  'gọi điện',
  'nhận bn từ mấy giờ',
  'nhận bệnh nhân từ mấy giờ',
  'giao ban',
  'lịch trực',
  'ai trực',
  'số nội bộ',
  // stock and paperwork of a ward ("tháng sau dự trù bn ống", "sổ xuất nhập tủ trực lãnh ở phòng nào")
  'dự trù',
  'xếp kệ',
  'sổ xuất nhập',
  'nộp báo cáo',
  'mẫu số',
  'giá bao nhiêu',
  'giá thuốc',
  'giá bán',
  'giá tiền',
  'giá cả',
  'bao nhiêu tiền',
  'mấy tiền',
  'hết bao nhiêu tiền',
  'mua ở đâu',
  'mua đâu',
  'mua ở',
  'chỗ nào bán',
  'nơi nào bán',
  'ở đâu bán',
  'bán ở đâu',
  'nhà thuốc nào',
  'có bán không',
  // "clarityne voi loratadin thuong loai nao re hon": which costs less
  'rẻ hơn',
  'đắt hơn',
  'loại nào rẻ',
  // "nhà thuốc bv có bán lẻ theo vỉ ko": how it is sold
  'bán lẻ',
  'bán theo vỉ',
  'bán theo hộp',
  'bảo hiểm',
  'bảo hiểm y tế',
  'bhyt',
  'bảo hiểm chi trả',
  'bảo hiểm thanh toán',
  'được thanh toán',
  'thanh toán bảo hiểm',
  'hãng nào',
  'công ty nào',
  'biệt dược nào',
  'tên thương mại',
  'nhập khẩu',
  'xuất xứ',
  'sản xuất ở đâu',
  'nước nào sản xuất',
  'đấu thầu',
  'thông tư',
  'quy định pháp luật',
  'luật dược',
  'có cần đơn',
  'cần đơn không',
  'không cần đơn',
  'kê đơn hay không',
  'thuốc kê đơn không',
  'có phải thuốc kê đơn',
  'mua không cần đơn',
  'cổ phiếu',
  // paperwork of controlled drugs and of the ward: forms, books, records
  'phiếu lĩnh',
  'lĩnh thuốc',
  // "thủ tục lĩnh morphin …: dùng mẫu đơn gì, ai ký, có phải trả lại vỏ ống ko"
  'thủ tục',
  'mẫu đơn',
  'ai ký',
  'trả lại vỏ',
  'trả vỏ',
  'sổ theo dõi',
  'mẫu phiếu',
  'biểu mẫu',
  'lưu mấy năm',
  'lưu trữ',
  'hủy thuốc',
  'kiểm kê',
  // price and purchase as people ask them
  'hết bao nhiêu',
  'tốn bao nhiêu',
  'một hộp bao nhiêu',
  'một vỉ bao nhiêu',
  'hộp giá',
  'có đắt không',
  'chi phí',
  'mua online',
  'nhà thuốc online',
  'thuốc online',
  'giao nhanh',
  'giao trong ngày',
  'đặt mua',
  'hàng xách tay',
  // brands compared by origin and price, delivery: "hàng ngoại với hàng nội cái nào tốt", "có ship cod ko"
  'hàng ngoại',
  'hàng nội',
  'giá chênh',
  'chênh giá',
  'chênh lệch giá',
  'ship',
  'cod',
  'giao hàng',
  'bao nhiêu 1 hộp',
  'bao nhiêu một hộp',
  '1 hộp bao nhiêu',
  // how a pack is made up ("1 hộp mấy gói", "vỉ mấy viên") is the product, not a dose
  '1 hộp mấy',
  'một hộp mấy',
  'hộp mấy gói',
  'hộp mấy viên',
  'hộp có mấy',
  'vỉ mấy viên',
  '1 vỉ mấy',
  'một vỉ mấy',
  'xách tay',
  'mua lẻ',
  'tồn kho',
  // insurance and registration
  'bhxh',
  'đồng chi trả',
  'thẻ bảo hiểm',
  'tỷ lệ thanh toán',
  'số đăng ký',
  'giấy phép lưu hành',
  'cấp phép',
  'biệt dược',
  // brand against generic, and which to buy: "loại generic của Ấn Độ … nên mua loại nào"
  'generic',
  'nên mua',
  'mua loại nào',
  'nhà sản xuất',
  'hãng sản xuất',
  'công ty sản xuất',
  // the hospital, not a drug: where, when, who to call
  'số điện thoại',
  'thang máy',
  'tầng mấy',
  'lịch họp',
  'giao ban',
  'giờ làm việc',
  'lịch trực',
  'mật khẩu',
  'đăng nhập',
  'máy in',
  'phần mềm',
  'cấu hình',
  'báo lỗi',
  'máy lẻ',
  'phòng it',
  // law: fines and selling without a prescription, which list a drug is scheduled in
  'danh mục thuốc gây nghiện',
  'danh mục thuốc hướng thần',
  'gây nghiện hay hướng thần',
  'quy định kê đơn',
  'quy chế kê đơn',
  'bị phạt',
  'mức phạt',
  'xử phạt',
  'bán không cần đơn',
  'bán không có đơn',
  // the hospital's rules and travel paperwork: "mang thuốc ở nhà vào … có đúng quy chế BV ko", "mang thuốc lên máy
  // bay có cần giấy tờ gì, có bị giữ lại ở sân bay không"
  'quy chế bv',
  'quy chế bệnh viện',
  'đúng quy chế',
  'quy định của bệnh viện',
  'quy định bệnh viện',
  'sân bay',
  'hải quan',
  'cần giấy tờ',
  'giấy tờ gì',
  'lên máy bay',
  // advertising: "viết giùm bài đăng fb quảng cáo …"
  'quảng cáo',
  'bài đăng',
  'đăng fb',
  'đăng facebook',
  'viết bài',
  'đông khách',
  // the rules of prescribing: "được kê tối đa mấy ngày theo quy định bộ y tế"
  'bộ y tế',
  'được kê tối đa',
  // how the product is stored ("bảo quản ở nhiệt độ bao nhiêu"): no section of a monograph says it (how long a
  // solution made up keeps is asked of the drug's use, and the monograph's silence says so)
  'bảo quản',
]);

/**
 * The hospital's stock: "khoa hết ceftriaxon, kho dược bh nhập về", "bv còn … ko hay phải tự mua ngoài".
 * Out of scope only when no clinical question stands beside them ("khoa hết esomeprazol, thế omeprazol
 * truyền TM liều sao" asks the dose).
 */
export const SUPPLY_CUES = new PhraseSet([
  'nhập về',
  'kho dược',
  'khoa dược còn',
  'mua ngoài',
  'tự mua',
  'bv còn',
  'bv mình còn',
  'bệnh viện còn',
  'viện còn',
  'khoa hết',
  'hết thuốc chưa',
  'bao giờ có',
  // "KD ơi còn ceftriaxon 1g ko, khoa nội 2 hết từ sáng, cần gấp 10 lọ": a ward asking the pharmacy for stock
  'kd ơi',
  'khoa dược ơi',
  'hết từ sáng',
  'hết từ hôm qua',
  'dự trù',
  // "kho khoa còn heparin … ko, hết thì gọi dược cấp thêm"
  'kho khoa',
  'dược cấp',
  'cấp thêm',
  'xuất kho',
  'tồn kho',
]);

/** "đánh giá" (assess), "giá trị" (a value): the word "giá" there is no price. */
class CommerceWords extends PhraseSet {
  override at(ws: Word[], i: number): PhraseHit | null {
    const hit = super.at(ws, i);
    if (hit?.phrase === 'giá' && (ws[i - 1]?.folded === 'danh' || ws[i + 1]?.folded === 'tri')) return null;
    return hit;
  }
}

/** Non-clinical words that are other words without their marks ("gia" is also "già"): only as typed with marks. */
export const NON_CLINICAL_MARKED = new CommerceWords(
  ['giá', 'mua', 'bán', 'còn hàng', 'hết hàng', 'nhập hàng', 'đặt hàng'],
  true,
);

/**
 * States a lab value says ("K máu 6.1 mmol/L" → tăng kali máu, "Na 128" → hạ natri máu), by the usual reference
 * ranges (potassium 3.5 - 5.0, sodium 135 - 145 mmol/l): the patient's state, as if the words had named it.
 */
export function labStates(text: string): string[] {
  const t = fold(normalize(text));
  const out: string[] = [];
  const value = (re: RegExp) => {
    const m = re.exec(t);
    return m ? Number(m[1].replace(',', '.')) : null;
  };
  const k = value(
    /(?:^|[^a-z])(?:k|kali)(?:\s*(?:mau|huyet thanh|cua|bn|benh nhan|la|=|:))*\s*(\d(?:[.,]\d+)?)(?!\d)(?:\s*mmol)?/u,
  );
  if (k !== null && k > 0 && k < 10) {
    if (k > 5.0) out.push('tăng kali máu');
    if (k < 3.5) out.push('hạ kali máu');
  }
  const na = value(/(?:^|[^a-z])(?:na|natri)(?:\s*(?:mau|huyet thanh|=|:))*\s*(\d{3})(?!\d)/u);
  if (na !== null && na > 90 && na < 200) {
    if (na < 135) out.push('hạ natri máu');
    if (na > 145) out.push('tăng natri máu');
  }
  // "ECG QTc 520ms": a corrected QT of 470 ms or more is prolonged whatever the sex (the lower limit for women)
  const qtc = value(/(?:^|[^a-z])qtc?(?:\s*(?:=|:|la|khoang))*\s*(\d{3})(?!\d)\s*(?:ms|mili giay)?/u);
  if (qtc !== null && qtc >= 470 && qtc < 800) out.push('kéo dài khoảng QTc');
  return out;
}

/**
 * Everyday words that begin with a condition's word but name no condition: "KS nào phù hợp" (suitable) is no
 * oedema, "sốt ruột" (anxious) no fever. A condition found at the start of one of them is not read.
 */
export const NOT_A_CONDITION = new PhraseSet([
  'phù hợp',
  'phù hộ',
  'sốt ruột',
  'sốt sắng',
  'đau lòng',
  'ho he',
  // "kham phu khoa", "phu nu": unmarked, "phụ" folds to the oedema's "phù"
  'phụ khoa',
  'phụ nữ',
  'phụ sản',
  'phụ huynh',
  'phụ thuộc',
]);

/** Words that name another person than the patient so far: a relative of the patient's, the next bed. */
const ANOTHER_PATIENT = new PhraseSet([
  'vợ bệnh nhân',
  'chồng bệnh nhân',
  'con bệnh nhân',
  'mẹ bệnh nhân',
  'bố bệnh nhân',
  'giường bên',
  'bệnh nhân khác',
  'người bệnh khác',
  'ca khác',
]);

/** A bed told by its number: "giường 12", "giuong so 7". */
const BED = /(?:^|[^\p{L}\p{N}])(?:giường|giuong)\s*(?:số\s*|so\s*)?(\d{1,3})(?!\d)/giu;
/** "còn bệnh nhân giường 12", "còn giường 7" — the next patient introduced by "còn" (what about …). */
const ANOTHER_BED =
  /(?:^|[^\p{L}])(?:còn|con)\s+(?:(?:bệnh nhân|bn|người bệnh|ca|bé|cụ)\s+)?(?:ở\s+|o\s+)?(?:giường|giuong)\s*(?:số\s*|so\s*)?\d/iu;

const bedsOf = (text: string) => [...text.matchAll(BED)].map((m) => Number(m[1]));

/**
 * Does the turn speak of another person than the conversation's patient ("vợ bn 30t cũng (+) Chlamydia")?
 * A bed by its number is another patient when the bed told last before it is a different one, or when the turn
 * brings it in with "còn" after earlier turns ("còn bn giường 12: nữ 26t …"); the same bed told again is not.
 * `text` and `earlier`: the turns with ward shorthand expanded ("bn" → "bệnh nhân").
 */
export function anotherPatient(text: string, earlier: string[] = []): boolean {
  if (ANOTHER_PATIENT.has(words(text))) return true;
  const beds = bedsOf(text);
  if (beds.length === 0 || earlier.length === 0) return false;
  const told = earlier.flatMap(bedsOf).at(-1);
  if (told !== undefined) return !beds.includes(told);
  return ANOTHER_BED.test(text);
}

/** The first bed a turn tells by its number, if any. */
export function bedOf(text: string): number | null {
  return bedsOf(text)[0] ?? null;
}

/** Does the turn ask about price, purchase, stock, brands, insurance or law (the words of a non-clinical question)? */
export function nonClinicalAside(text: string): boolean {
  const ws = words(text);
  return NON_CLINICAL_CUES.has(ws) || SUPPLY_CUES.has(ws) || NON_CLINICAL_MARKED.has(ws);
}

/** Allergy wording: "dị ứng penicilin", "tiền sử dị ứng với nhóm penicillin", "quá mẫn với aspirin". */
const ALLERGY =
  /(?:dị ứng|di ung|dị ưng|quá mẫn|qua man|mẫn cảm|man cam)\s+(?:với\s+|voi\s+)?(?:thuốc\s+|thuoc\s+)?(?:nhóm\s+|nhom\s+|họ\s+|ho\s+)?([\p{L}\p{N}-]+(?:\s+[\p{L}\p{N}-]+){0,4})/giu;

/**
 * A drug followed by a reaction: "uống ibuprofen bị nổi mề đay", "dùng amoxicillin thì bị dị ứng", a name of
 * several words ("uống losartan kali bị nổi mề đay") — not what it was taken for ("uống cetirizin trị mày đay").
 */
const REACTION =
  /(?:uống|uong|dùng|dung|tiêm|tiem)\s+([\p{L}\p{N}-]+(?:\s+(?!(?:trị|tri|chữa|chua|điều|dieu|để|de|vì|vi|cho)\s)[\p{L}\p{N}-]+){0,4}?)\s+(?:thì\s+|thi\s+|xong\s+)?(?:(?:bị|bi)\s+)?(?:lên cơn khò khè|len con kho khe|lên cơn hen|len con hen|lên cơn khó thở|len con kho tho|khò khè|kho khe|co thắt phế quản|co that phe quan|nổi mẩn ngứa|noi man ngua|nổi mẩn|noi man|mẩn ngứa|man ngua|nổi ban|noi ban|nổi mề đay|noi me day|nổi mày đay|mề đay|mày đay|dị ứng|di ung|phát ban|phat ban|sốc phản vệ|phản vệ|sốc|soc|khó thở|phù môi|phu moi|phù mặt|phu mat|phù mạch|phu mach|sưng phù môi|sung phu moi|sưng môi|sung moi|sưng mặt|sung mat)/giu;
/**
 * A reaction followed by the drug that caused it: "lên cơn hen sau uống aspirin", "phản vệ sau khi tiêm
 * ceftriaxon", "sốc phản vệ khi tiêm penicillin", "mề đay do amoxicillin", "nổi mẩn ngứa sau 3 ngày uống amoxicillin".
 */
const REACTION_AFTER =
  /(?:lên cơn hen|len con hen|cơn hen|con hen|hen suyễn|hen suyen|hen|co thắt phế quản|co that phe quan|khó thở|kho tho|nổi mề đay|noi me day|nổi mày đay|mề đay|me day|mày đay|phát ban|phat ban|dị ứng|di ung|sốc phản vệ|soc phan ve|phản vệ|phan ve|phù mạch|phu mach|phù mặt|phu mat|nổi mẩn ngứa|noi man ngua|nổi mẩn|noi man|mẩn ngứa|man ngua|nổi ban|noi ban)(?:\s+toàn thân|\s+toan than)?\s+(?:ngay\s+)?(?:(?:sau|sau khi|khi|lúc|luc)\s+(?:khi\s+)?(?:\d+\s+(?:ngày|ngay|hôm|hom|giờ|gio|tuần|tuan)\s+)?(?:uống|uong|dùng|dung|tiêm|tiem|truyền|truyen)\s+|(?:do|với|voi)\s+(?:(?:uống|uong|dùng|dung|tiêm|tiem|truyền|truyen)\s+)?)(?:thuốc\s+|thuoc\s+)?([\p{L}\p{N}-]+(?:\s+(?!(?:và|va|nên|nen|thì|thi|nhưng|nhung|mà|ma)\s)[\p{L}\p{N}-]+){0,3})/giu;
/** Both ways of telling a reaction to a drug: the drug is the patient's history, not the question's drug. */
export const REACTIONS: readonly RegExp[] = [REACTION, REACTION_AFTER];

/** The drug or class words of each reaction told in the text ("sốc phản vệ khi tiêm penicillin" → "penicillin"). */
export function reactionMentions(text: string): string[] {
  return REACTIONS.flatMap((re) => [...normalize(text).matchAll(re)].map((m) => m[1]));
}

/** The words after an allergy cue, as candidates for a drug or class name (checked by the caller). */
export function allergyMentions(text: string): string[] {
  const out: string[] = [];
  for (const m of normalize(text).matchAll(ALLERGY)) out.push(m[1]);
  return out;
}
