import lexicon from '../../../data/lexicon/ward-shorthand.json';
import { escapeRegExp, normalize } from './normalize';

/**
 * Ward shorthand as data: `data/lexicon/ward-shorthand.json` (reviewed; see its .md) maps
 * "bn", "68t", "ks", "TM", "THA", "ĐTĐ", "ClCr", "ml/p", "PCM" … to canonical Vietnamese
 * before a turn is understood, so the parser, the grounding of a model's frame and the
 * checks all read "bệnh nhân 68 tuổi tăng huyết áp, độ thanh thải creatinin 25 ml/phút".
 * An entry with another common meaning expands only when a neighbouring word is one of its
 * context words; two entries for one abbreviation are chosen by how many sides match.
 */

interface Entry {
  abbr: string;
  expansion: string;
  kind: string;
  case: 'any' | 'upper';
  context?: { prev: string[]; next: string[] };
  /** "both": expands only when the words on both sides are in its context. */
  require?: 'both';
}

const ENTRIES = (lexicon as { entries: Entry[] }).entries;

/** Laboratory terms the lexicon expands to ("bili" → "bilirubin", "Cr" → "creatinin"): words, never drugs. */
export const LAB_TERMS: ReadonlySet<string> = new Set(
  ENTRIES.filter((e) => e.kind === 'lab').flatMap((e) => normalize(e.expansion).split(' ')),
);
/** Shorthand of several words always typed together ("bà bầu", "có bầu"): replaced as phrases, first. */
const PHRASES = ENTRIES.filter((e) => e.abbr.includes(' ')).map((e) => ({
  re: new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(e.abbr)}(?![\\p{L}\\p{N}])`, 'giu'),
  expansion: e.expansion,
}));
const BY_KEY = new Map<string, Entry[]>();
for (const e of ENTRIES.filter((x) => !x.abbr.includes(' '))) {
  const key = e.case === 'upper' ? e.abbr.normalize('NFC') : e.abbr.normalize('NFC').toLowerCase();
  BY_KEY.set(key, [...(BY_KEY.get(key) ?? []), e]);
}
/** Drug abbreviations of the lexicon count as drug names in a context ("ceftriaxon TM", "PCM TM"). */
const DRUG_ABBRS = new Set(ENTRIES.filter((e) => e.kind === 'drug').map((e) => e.abbr.toLowerCase()));

/** Numbers glued to a unit ("68t", "14kg", "20w", "3th", "2v", "25ml/p"): the unit becomes its own token. */
const GLUED =
  /(?<![\p{L}\d.,])(\d+(?:[.,]\d+)?)(t|th|w|v|ng|h|kg|kgs|ký|kí|ky|ml\/p|ml\/ph|ml\/phút|ml|mg|mcg|tuổi|tuoi|tháng|thang|tuần|tuan|ngày|ngay)(?![\p{L}])/gu;
const PUNCT = /^([("'[]*)(.*?)([)"'\].,;:!?]*)$/su;
/** "VHọng", "VPhổi": a capital V glued to a capitalised word of lower-case letters (never all capitals: "VIP"). */
const INFLAMED_ORGAN = /(?<![\p{L}\d])V(\p{Lu}\p{Ll}+)(?![\p{L}\d])/gu;
/**
 * A bed by its number, typed "G12" ("G12 bn nam 50t", "còn G14 bé gái 4t", "bé G7 16 cân"): only beside a word for
 * the patient, so "G5" is never read for glucose 5% (typed "G5%", its own entry).
 */
const PERSON = '(?:bn|bệnh nhân|bé|be|cụ|cu|ông|ong|bà|ba|nam|nữ|nu|trẻ|tre|ca|cháu|chau)';
const BED_BEFORE_PERSON = new RegExp(`(?<![\\p{L}\\p{N}])G(\\d{1,3})(?=\\s*[:,.]?\\s*${PERSON}(?![\\p{L}]))`, 'giu');
const BED_AFTER_PERSON = new RegExp(
  `(?<=(?:^|\\s)(?:${PERSON.slice(3, -1)}|còn|con|lại|lai)\\s+)G(\\d{1,3})(?![\\p{L}\\p{N}%])`,
  'giu',
);

function entriesFor(core: string): Entry[] {
  const found = lookUp(core);
  if (found.length) return found;
  // an abbreviation typed in capitals with vowel marks the lexicon writes without ("VMDƯ" for VMDU): read as its
  // unmarked form — never "Đ" for "D" ("ĐVT", đơn vị tính, is not DVT)
  const unmarked = core.normalize('NFD').replace(/\p{M}/gu, '');
  return unmarked !== core && /^[A-Z0-9]{2,}$/.test(unmarked) && core === core.toUpperCase() ? lookUp(unmarked) : [];
}

function lookUp(core: string): Entry[] {
  const exact = BY_KEY.get(core.normalize('NFC')) ?? [];
  const any = (BY_KEY.get(core.normalize('NFC').toLowerCase()) ?? []).filter((e) => e.case === 'any');
  return [...new Set([...exact.filter((e) => e.case === 'upper'), ...any])];
}

/**
 * Does a neighbouring token satisfy a context word ("#NUM": a number; "#DRUG": a drug name; "#END", as a
 * next word: the clause ends there — the turn's last word, or one closed by punctuation)?
 */
function matches(token: string | undefined, words: string[], isDrug: (w: string) => boolean, end = false): boolean {
  if (end && words.includes('#END')) return true;
  if (token === undefined) return false;
  const t = token.toLowerCase();
  return words.some((w) =>
    w === '#NUM' ? /^\d/.test(t) : w === '#DRUG' ? DRUG_ABBRS.has(t) || isDrug(token) : w.toLowerCase() === t,
  );
}

/**
 * The turn with its ward shorthand expanded. `isDrug` says whether a token is a drug name
 * (the resolver's), for entries that expand next to one. Text that is not shorthand, and
 * ambiguous shorthand outside its contexts, is left exactly as typed.
 */
export function expandShorthand(text: string, isDrug: (token: string) => boolean = () => false): string {
  let spaced = normalize(text).length ? text.normalize('NFC').replace(GLUED, '$1 $2') : text;
  // "VHọng", "VPhổi": "viêm" written as its capital glued to the organ's capitalised name
  spaced = spaced.replace(INFLAMED_ORGAN, (_m, organ: string) => `viêm ${organ.toLowerCase()}`);
  const bed = (m: string, n: string) => (m.startsWith('G') ? `giường ${n}` : m);
  spaced = spaced.replace(BED_BEFORE_PERSON, bed).replace(BED_AFTER_PERSON, bed);
  for (const p of PHRASES) spaced = spaced.replace(p.re, p.expansion);
  // "max bnhiu/ngày": shorthand glued to a "per" unit is read apart from it ("bao nhiêu /ngày") — unless the whole is
  // shorthand of its own ("gt/p")
  spaced = spaced.replace(/(?<=^|\s)(\p{L}+)(\/\p{L}+)(?=$|\s|[,.;?!])/gu, (m, word: string, per: string) =>
    entriesFor(word).length && !entriesFor(m).length ? `${word} ${per}` : m,
  );
  const tokens = spaced.split(/(\s+)/);
  const cores = tokens.map((t) => (/\s/.test(t) ? null : (PUNCT.exec(t)?.[2] ?? t)));
  const words = cores.map((c, i) => ({ c, i })).filter((w): w is { c: string; i: number } => !!w.c);
  for (const [k, w] of words.entries()) {
    const candidates = entriesFor(w.c);
    if (!candidates.length) continue;
    const prev = words[k - 1]?.c;
    const next = words[k + 1]?.c;
    const atEnd = next === undefined || CLAUSE_END.test(tokens[w.i]);
    // "TB nhé, khoa chưa lấy được ven", "TM ạ": a clause that is only a route's letters answers "which route?"
    // — and "NL", "TE" alone answer "người lớn, trẻ em hay người cao tuổi?"
    const route = candidates
      .filter((e) => e.kind === 'route' || POPULATION_ANSWERS.has(e.expansion))
      .sort((a, b) => b.expansion.length - a.expansion.length)[0];
    if (route && clauseAlone(tokens, words, k)) {
      const m = PUNCT.exec(tokens[w.i])!;
      tokens[w.i] = `${m[1]}${route.expansion}${m[3]}`;
      continue;
    }
    let best: Entry | null = null;
    let bestScore = 0;
    let tie = false;
    for (const e of candidates) {
      const score = e.context
        ? (matches(prev, e.context.prev, isDrug) ? 1 : 0) + (matches(next, e.context.next, isDrug, atEnd) ? 1 : 0)
        : 0.5; // an unambiguous entry always applies, but yields to a context match of another meaning
      if (e.context && (score === 0 || (e.require === 'both' && score < 2))) continue;
      if (score > bestScore) {
        best = e;
        bestScore = score;
        tie = false;
      } else if (score === bestScore) tie = true;
    }
    if (!best || tie) continue;
    const m = PUNCT.exec(tokens[w.i])!;
    tokens[w.i] = `${m[1]}${best.expansion}${m[3]}`;
  }
  return tokens.join('');
}

/** Who a dose is for, as the population question offers it: letters alone in a clause answer it ("NL ạ"). */
const POPULATION_ANSWERS = new Set(['người lớn', 'trẻ em', 'người cao tuổi', 'sơ sinh']);

/** Courtesy words that may close a one-word reply ("TB nhé", "TM ạ"). */
const PARTICLES = new Set(['nhé', 'nhe', 'nha', 'ạ', 'a', 'ah', 'à', 'đi', 'thôi', 'luôn']);
const CLAUSE_END = /[.,;:!?]$/u;
/** Words that acknowledge before answering ("ok TM", "dạ TB"). */
const ACKNOWLEDGEMENTS = new Set(['ok', 'oke', 'okay', 'ừ', 'uh', 'dạ', 'da', 'vâng', 'vang', 'rồi', 'roi']);

/** Is word k a clause of its own: the turn's start or a punctuation mark before it, only particles after it? */
function clauseAlone(tokens: string[], words: { c: string; i: number }[], k: number): boolean {
  // "ok TM, liều nạp?", "dạ TM ạ": an acknowledgement before the letters still leaves them a clause of their own
  let from = k;
  while (
    from > 0 &&
    ACKNOWLEDGEMENTS.has(words[from - 1].c.toLowerCase()) &&
    !CLAUSE_END.test(tokens[words[from - 1].i])
  )
    from--;
  if (from > 0 && !CLAUSE_END.test(tokens[words[from - 1].i])) return false;
  for (let j = k; j < words.length; j++) {
    if (j > k && !PARTICLES.has(words[j].c.toLowerCase())) return false;
    if (CLAUSE_END.test(tokens[words[j].i])) return true;
  }
  return true;
}
