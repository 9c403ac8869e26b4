import type { AskedClass } from '@app/contracts';
import { PhraseSet, says, words, type Word } from './words';

/**
 * Therapeutic classes a user asks a list by ("thuốc giảm đau opioid nào", "ks nào dùng đc", "kháng
 * histamin gì"), each with the ATC groups it covers and, where the class says what it treats, that
 * condition. Read by code from the user's own words, never from a model's frame: a drug outside the
 * class asked is never listed, whichever condition a model or the parser chose.
 */
const CLASSES: { phrases: string[]; atc: string[]; treats: string | null }[] = [
  { phrases: ['kháng sinh'], atc: ['J01', 'P01AB'], treats: null },
  { phrases: ['kháng histamin', 'chống dị ứng'], atc: ['R06'], treats: null },
  { phrases: ['kháng nấm', 'chống nấm'], atc: ['J02', 'D01'], treats: null },
  { phrases: ['giảm đau'], atc: ['N02', 'M01A'], treats: 'đau' },
  { phrases: ['opioid', 'opiat', 'giảm đau gây nghiện'], atc: ['N02A'], treats: 'đau' },
  {
    phrases: ['nsaid', 'nsaids', 'chống viêm không steroid', 'kháng viêm không steroid', 'kháng viêm non steroid'],
    atc: ['M01A', 'N02BA'],
    treats: null,
  },
  { phrases: ['hạ sốt'], atc: ['N02B', 'M01A'], treats: 'sốt' },
  { phrases: ['corticoid', 'corticosteroid', 'corticoide'], atc: ['H02'], treats: null },
  { phrases: ['statin'], atc: ['C10AA'], treats: 'rối loạn lipid máu' },
  { phrases: ['chống đông', 'kháng đông'], atc: ['B01AA', 'B01AB', 'B01AE', 'B01AF'], treats: null },
  { phrases: ['kháng tiểu cầu', 'chống kết tập tiểu cầu', 'chống kết tập'], atc: ['B01AC'], treats: null },
  { phrases: ['lợi tiểu'], atc: ['C03'], treats: 'phù' },
  { phrases: ['hạ áp', 'hạ huyết áp'], atc: ['C02', 'C03', 'C07', 'C08', 'C09'], treats: 'tăng huyết áp' },
  { phrases: ['chống động kinh'], atc: ['N03'], treats: 'động kinh' },
  { phrases: ['chống nôn'], atc: ['A03F', 'A04A'], treats: 'nôn' },
  { phrases: ['ức chế bơm proton'], atc: ['A02BC'], treats: null },
];

const PHRASES = new PhraseSet(CLASSES.flatMap((c) => c.phrases));
/** Words that may stand between a class and the question word ("giảm đau loại nào", "ks uống nào"). */
const BETWEEN = ['thuốc', 'loại', 'nhóm', 'dạng', 'uống', 'tiêm', 'đường', 'nào', 'gì'];
/** How far before "nào"/"gì" a class still belongs to the question. */
const WINDOW = 6;

/**
 * The classes the question asks the list by: those said right before its "nào"/"gì" ("thuốc giảm đau
 * opioid nào" names both; "đã dùng giảm đau thông thường. ks nào …" names only the antibiotic). Several
 * classes narrow each other: a drug must belong to every one.
 */
export function classesAsked(text: string): AskedClass[] {
  const ws = words(text);
  const asks = (w: Word) => says(w, 'nào') || says(w, 'gì');
  /** The class phrase that ends at word i, if any. */
  const endingAt = (i: number) => {
    for (let start = Math.max(0, i - 4); start <= i; start++) {
      const hit = PHRASES.at(ws, start);
      if (hit && start + hit.length - 1 === i) return hit;
    }
    return null;
  };
  const found = new Map<string, AskedClass>();
  const add = (phrase: string, excluded: boolean) => {
    const c = CLASSES.find((x) => x.phrases.includes(phrase))!;
    // a class both asked and ruled out is ruled out
    if (found.get(c.phrases[0])?.excluded) return;
    found.set(c.phrases[0], { label: c.phrases[0], atc: c.atc, treats: c.treats, ...(excluded ? { excluded } : {}) });
  };
  for (let q = 0; q < ws.length; q++) {
    if (!asks(ws[q])) continue;
    // walk back from the question word over classes and the few words that may join them
    // ("giảm đau ko phải opioid, loại nào": the class after a negation is ruled out, and the walk goes on past it)
    for (let i = q - 1; i >= 0 && q - i <= WINDOW + 3;) {
      const hit = endingAt(i);
      if (hit) {
        // "ngoài (nhóm) thuốc chống viêm không steroid"
        let j = hit.start - 1;
        while (j >= 0 && NEGATED_FILLERS.some((f) => says(ws[j], f))) j--;
        const neg = negationEndingAt(ws, j);
        add(hit.phrase, neg > 0);
        i = neg > 0 ? j - neg : hit.start - 1;
      } else if (BETWEEN.some((b) => says(ws[i], b))) i--;
      else break;
    }
    // "thuốc giảm đau nào mà không phải opioid": a class ruled out right after the question
    for (let i = q + 1; i < ws.length && i <= q + 3; i++) {
      const neg = NEGATIONS.at(ws, i);
      if (!neg) continue;
      let j = i + neg.length;
      while (j < ws.length && NEGATED_FILLERS.some((f) => says(ws[j], f))) j++;
      const hit = PHRASES.at(ws, j);
      if (hit) add(hit.phrase, true);
      break;
    }
  }
  return [...found.values()];
}

/** Words between a negation and the class it rules out ("ngoài nhóm thuốc NSAID"). */
const NEGATED_FILLERS = ['thuốc', 'nhóm', 'loại', 'các', 'dùng'];

/** Words that rule a class out: "không phải opioid", "trừ NSAID", "ngoài corticoid". */
const NEGATIONS = new PhraseSet([
  'không phải',
  'ko phải',
  'k phải',
  'hông phải',
  'chứ không phải',
  'không dùng',
  'ko dùng',
  'không muốn dùng',
  'trừ',
  'ngoài',
  'loại trừ',
  'tránh',
]);

/** The length of a negation that ends at word i ("ko phải" before "opioid"), 0 if none. */
function negationEndingAt(ws: Word[], i: number): number {
  for (let start = Math.max(0, i - 3); start <= i; start++) {
    const hit = NEGATIONS.at(ws, start);
    if (hit && start + hit.length - 1 === i) return hit.length;
  }
  return 0;
}

/** Names wards give a drug by what it is for, after "thuốc" ("thuốc huyết áp", "thuốc tiểu đường"): pointers only. */
const USE_POINTERS: { phrase: string; atc: string[] }[] = [
  { phrase: 'huyết áp', atc: ['C02', 'C03', 'C07', 'C08', 'C09'] },
  { phrase: 'tiểu đường', atc: ['A10'] },
  { phrase: 'đái tháo đường', atc: ['A10'] },
  { phrase: 'mỡ máu', atc: ['C10'] },
  { phrase: 'dạ dày', atc: ['A02'] },
  { phrase: 'đtđ', atc: ['A10'] },
  { phrase: 'tuyến giáp', atc: ['H03'] },
  { phrase: 'gút', atc: ['M04'] },
  { phrase: 'gout', atc: ['M04'] },
  { phrase: 'hen', atc: ['R03'] },
  { phrase: 'dị ứng', atc: ['R06'] },
];
/** Pharmacological classes a ward names a drug by ("thuốc ức chế men chuyển kia", "nhóm sartan đó"): pointers only. */
const PHARMACOLOGICAL_POINTERS: { phrase: string; atc: string[] }[] = [
  { phrase: 'ức chế men chuyển', atc: ['C09A', 'C09B'] },
  { phrase: 'ức chế enzym chuyển', atc: ['C09A', 'C09B'] },
  { phrase: 'ưcmc', atc: ['C09A', 'C09B'] },
  { phrase: 'chẹn thụ thể angiotensin', atc: ['C09C', 'C09D'] },
  { phrase: 'ức chế thụ thể angiotensin', atc: ['C09C', 'C09D'] },
  { phrase: 'sartan', atc: ['C09C', 'C09D'] },
  { phrase: 'chẹn kênh calci', atc: ['C08'] },
  { phrase: 'chẹn kênh canxi', atc: ['C08'] },
  { phrase: 'chẹn beta', atc: ['C07'] },
  { phrase: 'macrolid', atc: ['J01FA'] },
  { phrase: 'cephalosporin', atc: ['J01DB', 'J01DC', 'J01DD', 'J01DE'] },
  { phrase: 'quinolon', atc: ['J01M'] },
  { phrase: 'fluoroquinolon', atc: ['J01M'] },
  { phrase: 'sulfonylurê', atc: ['A10BB'] },
  { phrase: 'sulfonylure', atc: ['A10BB'] },
  { phrase: 'biguanid', atc: ['A10BA'] },
  { phrase: 'benzodiazepin', atc: ['N05BA', 'N05CD'] },
  { phrase: 'kháng giáp', atc: ['H03B'] },
];
const POINTER_CLASSES = [...USE_POINTERS, ...PHARMACOLOGICAL_POINTERS];
/** Every phrase a turn may point at a drug's class by, with the class it names (the classes' own names first). */
const POINTED = new Map<string, AskedClass>([
  ...POINTER_CLASSES.map((c): [string, AskedClass] => [c.phrase, { label: c.phrase, atc: c.atc, treats: null }]),
  ...CLASSES.flatMap((c) =>
    c.phrases.map((phrase): [string, AskedClass] => [phrase, { label: c.phrases[0], atc: c.atc, treats: c.treats }]),
  ),
]);
const POINTED_PHRASES = new PhraseSet([...POINTED.keys()]);
/** Words after a class that point back at one drug of it ("thuốc huyết áp kia", "thuốc mỡ máu mới đó"). */
const DEMONSTRATIVES = new PhraseSet(['kia', 'đó', 'ấy', 'này', 'lúc nãy', 'hồi nãy', 'ban nãy', 'mới đó', 'đầu tiên']);

/** Words a class name follows when it names a drug ("thuốc", "nhóm", "cái kháng sinh …", "loại chống đông …"). */
const POINTING_WORDS = ['thuốc', 'nhóm', 'cái', 'loại'];

/**
 * Class names that are names of drugs on their own, as wards say them without "thuốc" ("còn kháng sinh kia", "ks đó",
 * "statin đó"): pharmacological classes, not what a drug is for ("huyết áp kia" is the blood pressure).
 */
const DRUG_NOUNS = new Set(
  [
    'kháng sinh',
    'kháng histamin',
    'corticoid',
    'corticosteroid',
    'statin',
    'nsaid',
    'nsaids',
    'opioid',
    'chống đông',
    'kháng đông',
    ...PHARMACOLOGICAL_POINTERS.map((c) => c.phrase),
  ].map((p) =>
    words(p)
      .map((w) => w.folded)
      .join(' '),
  ),
);

/**
 * Each class named after a pointing word — or, for a class that names drugs on its own, without one (`bare`) — with
 * the index of the word after its name.
 */
function classesNamed(ws: Word[]): { named: AskedClass; end: number; bare: boolean }[] {
  const out: { named: AskedClass; end: number; bare: boolean }[] = [];
  for (let i = 0; i < ws.length; i++) {
    const pointing = i + 1 < ws.length && POINTING_WORDS.some((x) => says(ws[i], x));
    const start = pointing ? i + 1 : i;
    const hit = POINTED_PHRASES.at(ws, start);
    const named = hit ? POINTED.get(hit.phrase) : undefined;
    if (!hit || !named) continue;
    const bare = !pointing;
    if (
      bare &&
      !DRUG_NOUNS.has(
        ws
          .slice(start, start + hit.length)
          .map((w) => w.folded)
          .join(' '),
      )
    )
      continue;
    out.push({ named, end: start + hit.length, bare });
    i = start + hit.length - 1;
  }
  return out;
}

/** The distinct classes of the namings kept, in order. */
const distinctClasses = (kept: { named: AskedClass }[]) => [
  ...new Map(kept.map(({ named }) => [named.label, named])).values(),
];

/**
 * The classes a turn points at a drug by ("còn thuốc chống kết tập đang dùng thì liều duy trì bao nhiêu", "thuốc
 * huyết áp kia"): a class name right after "thuốc", "nhóm", "cái" or "loại", anywhere in the turn — with
 * `demonstrative`, only one a demonstrative follows within three words ("thuốc ĐTĐ hỏi đầu tiên", "thuốc mỡ máu mới
 * đó").
 */
export function classesPointedAt(text: string, demonstrative = false): AskedClass[] {
  const ws = words(text);
  const pointedBack = (end: number) => [0, 1, 2].some((k) => end + k < ws.length && DEMONSTRATIVES.at(ws, end + k));
  // a class said without "thuốc" points back only with a demonstrative ("kháng sinh kia"; "dị ứng kháng sinh" does not)
  return distinctClasses(classesNamed(ws).filter(({ end, bare }) => (!demonstrative && !bare) || pointedBack(end)));
}

/**
 * Is the name only words of a class name the text says ("proton" in "thuốc ức chế bơm proton đó")? Such a word is no
 * drug name, whoever read it as one: the class points back at the conversation's drug.
 */
export function partOfClassName(text: string, name: string): boolean {
  const ws = words(text);
  const said = new Set(
    POINTED_PHRASES.find(ws).flatMap((h) => ws.slice(h.start, h.start + h.length).map((w) => w.folded)),
  );
  const own = words(name);
  return own.length > 0 && own.every((w) => said.has(w.folded));
}

/**
 * The classes a turn names "another" drug of ("còn 1 thuốc ĐTĐ khác bn đang uống kèm", "thuốc huyết áp khác"): the drug
 * meant is none the conversation named of that class.
 */
export function otherOfClassPointed(text: string): AskedClass[] {
  const ws = words(text);
  return distinctClasses(classesNamed(ws).filter(({ end, bare }) => !bare && end < ws.length && says(ws[end], 'khác')));
}

/** Does a drug (by its ATC code) belong to every class asked, and to none ruled out? */
export function inClasses(atc: string, classes: AskedClass[]): boolean {
  const of = (c: AskedClass) => c.atc.some((prefix) => atc.startsWith(prefix));
  return classes.every((c) => (c.excluded ? !of(c) : of(c)));
}

/**
 * How many of the words at the end of the text are the name of a class that says nothing of what it treats
 * ("viêm tai giữa cấp kháng sinh" → 2), 0 if none. A class that names its purpose ("để hạ sốt") is the condition.
 */
export function trailingClassWords(text: string): number {
  const ws = words(text);
  for (let start = Math.max(0, ws.length - 4); start < ws.length; start++) {
    const hit = PHRASES.at(ws, start);
    if (!hit || start + hit.length !== ws.length) continue;
    return CLASSES.find((c) => c.phrases.includes(hit.phrase))?.treats ? 0 : hit.length;
  }
  return 0;
}

/** Does the (written) text start with a class name ("opioid hoặc thuốc hướng thần", "kháng sinh beta-lactam")? */
export function startsWithDrugClass(text: string): boolean {
  return PHRASES.at(words(text, true), 0) !== null;
}

/** Every class name as written ("kháng sinh", "chống nôn", "hạ huyết áp"): the classes a list may be asked by. */
export const CLASS_NAMES: readonly string[] = CLASSES.flatMap((c) => c.phrases);

/** The words of every class name, folded ("khang", "sinh", "giam", …): a class asked is no state described. */
export const CLASS_WORDS: ReadonlySet<string> = new Set(
  CLASSES.flatMap((c) => c.phrases.flatMap((p) => words(p, true).map((w) => w.folded))),
);
