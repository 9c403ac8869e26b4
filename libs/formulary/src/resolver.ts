import type { CorpusDrug } from './corpus';
import { DRUG_LEXICON, type Substance } from './lexicon';
import { fold, looksForeign, syllables } from './normalize';
import { LAB_TERMS } from './shorthand';

/** A formulary drug a mention resolved to. */
export interface Resolution {
  drug_id: string;
  confidence: number;
  via: 'exact' | 'folded' | 'fuzzy';
  /** The name or alias that matched. */
  matched: string;
}

/**
 * How a typed name reads against every drug we know (the formulary and the lexicon of real
 * drugs beyond it). A name that is itself a known drug is that drug — never a look-alike.
 */
export type Reading =
  | { kind: 'formulary'; resolution: Resolution }
  /** A real drug that is not in the formulary ("levocetirizin"), named as the lexicon spells it. */
  | { kind: 'outside'; name: string; via: 'exact' | 'folded' | 'fuzzy' }
  /** Too close to more than one drug to call: the reply asks "Ý bạn là …?". */
  | { kind: 'ambiguous'; candidates: string[] }
  /** A foreign-looking word that is no drug we know. */
  | { kind: 'unknown' };

export interface Mention {
  /** The words as the user wrote them. */
  text: string;
  /** The formulary drug, when the mention reads as one. */
  resolution: Resolution | null;
  reading: Reading;
}

/** Rows reused by editDistance (it is called thousands of times per unknown word). */
let rows = [new Int32Array(64), new Int32Array(64), new Int32Array(64)];

/**
 * Optimal string alignment distance (Damerau-Levenshtein with adjacent transpositions).
 * Stops early, returning max + 1, once every cell of a row exceeds `max`.
 */
export function editDistance(a: string, b: string, max = Infinity): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  if (rows[0].length < b.length + 1) rows = [0, 1, 2].map(() => new Int32Array(b.length + 1));
  // three rolling rows: i - 2 (for transpositions), i - 1 and i
  let [older, prev, cur] = rows;
  for (let j = 0; j <= b.length; j++) prev[j] = j;
  let prevMin = 0;
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    let rowMin = i;
    const ai = a.charCodeAt(i - 1);
    for (let j = 1; j <= b.length; j++) {
      const bj = b.charCodeAt(j - 1);
      const cost = ai === bj ? 0 : 1;
      let v = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && ai === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === bj) v = Math.min(v, older[j - 2] + 1);
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    // a row's minimum is at least min(the previous row's, the one before's + 1): once two
    // consecutive rows are past the limit, every later row is too
    if (rowMin > max && prevMin > max) return max + 1;
    prevMin = rowMin;
    [older, prev, cur] = [prev, cur, older];
  }
  return prev[b.length];
}

/** Letter counts of a folded word (a-z, digits together): the cheap lower bound on the edit distance. */
function letters(s: string): Uint8Array {
  const c = new Uint8Array(27);
  for (let i = 0; i < s.length; i++) {
    const k = s.charCodeAt(i) - 97;
    c[k >= 0 && k < 26 ? k : 26]++;
  }
  return c;
}

/** Each edit changes at most two letter counts by one: half the count difference bounds the distance from below. */
function lettersApart(a: Uint8Array, b: Uint8Array): number {
  let d = 0;
  for (let i = 0; i < 27; i++) d += Math.abs(a[i] - b[i]);
  return Math.ceil(d / 2);
}

/** Typos tolerated by name length: short names must match closely. */
function maxTypos(len: number): number {
  if (len < 5) return 0;
  if (len < 8) return 1;
  return 2;
}

/** Readings remembered per resolver (the cache is emptied when full). */
const READING_CACHE_SIZE = 10_000;

/** A name cut shorter than this is read as no drug ("clo", "met"). */
const MIN_CLIPPED = 4;

/** Below this a typo correction is not made, whatever the distances. */
export const MIN_CONFIDENCE = 0.75;

/** Words that look foreign but are units, abbreviations or common loanwords, never drugs. */
const NOT_DRUGS = new Set([
  'mg',
  'kg',
  'ml',
  'mcg',
  'ug',
  'iu',
  'inr',
  'egfr',
  'gfr',
  'adr',
  'atc',
  'pdf',
  'ok',
  'okay',
  'hi',
  'hello',
  'bye',
  'test',
  'thanks',
  // Greek letters of tests and receptors ("beta hCG", "chẹn beta"): the start of many drugs' names, never one
  'beta',
  'alpha',
  'gamma',
  'delta',
  'hcg',
  'thank',
  'you',
  'please',
  'sorry',
  'copd',
  'hiv',
  'covid',
  'the',
  'and',
  'or',
  'of',
  'for',
  'is',
  'what',
  'dose',
  'ibs',
  'ck',
  'alt',
  'ast',
  'ecg',
  'qt',
  'bmi',
  'nsaid',
  'nsaids',
  'ppi',
  'ace',
  'ain',
  'system',
  'prompt',
  'ignore',
  'instructions',
  'previous',
  'json',
  'sql',
  'select',
  'drop',
  'table',
  'admin',
  'gout',
  'stop',
  'clcr',
  'crcl',
  'hba1c',
  // "tiểu đường type 2", "typ 1": the type of a disease
  'type',
  'typ',
  'zalo',
  'online',
  'shop',
  'website',
  // germs a culture names ("cấy nước tiểu ra E.coli", "HP (+)"): never a drug, however close to one ("coli": colistin)
  'coli',
  'klebsiella',
  'pneumoniae',
  'pseudomonas',
  'aeruginosa',
  'staphylococcus',
  'streptococcus',
  'enterococcus',
  'aureus',
  'salmonella',
  'typhi',
  'shigella',
  'helicobacter',
  'pylori',
  'chlamydia',
  'mycoplasma',
  'acinetobacter',
  'proteus',
  'mrsa',
  'esbl',
  // drug classes (an allergy to "penicilin" names the class, not one drug)
  'penicilin',
  'penicillin',
  'penicillins',
  'cephalosporin',
  'cefalosporin',
  'cephalosporins',
  'sulfamid',
  'sulfonamid',
  'sulfonamide',
  'macrolid',
  'macrolide',
  'quinolon',
  'fluoroquinolon',
  'betalactam',
  'opioid',
  'opioids',
  // "đã tiêm benzo 2 lần": the benzodiazepine class, as wards say it
  'benzo',
  'benzodiazepin',
  'benzodiazepine',
  'benzodiazepines',
  'opiat',
  'statin',
  'statins',
  // dosage forms (loanwords a user types for "the syrup", "the gel"), never a drug's name
  'siro',
  'sirop',
  'syrup',
  'gel',
  'spray',
  'cream',
  'tablet',
  'tablets',
  'capsule',
  'capsules',
  'ampoule',
  'ampul',
  'suppository',
]);

/** One known spelling: of a formulary drug (drugId set) or of a substance outside the formulary. */
interface Name {
  drugId: string | null;
  /** How the reply names the drug: the formulary drug's name, or the lexicon's Vietnamese INN. */
  display: string;
  /** The spelling itself, as written in the corpus or the lexicon. */
  spelling: string;
  /** A single-word name that looks Vietnamese is not matched in free text (it may be an ordinary word). */
  freeText: boolean;
  /** The folded spelling and its letter counts (for the typo scan). */
  key: string;
  letters: Uint8Array;
}

/**
 * Resolves what users type to drugs: exact names and aliases, diacritics folded, then typos —
 * against the formulary AND a lexicon of real drugs beyond it. A name that is itself a known
 * drug never resolves to a different one (levocetirizin stays levocetirizin, outside the
 * formulary); a typo resolves only when exactly one formulary drug is closest and no other
 * known drug is as close; anything closer to two drugs is ambiguous ("Ý bạn là …?").
 */
export class DrugResolver {
  /** folded spelling -> name */
  private readonly names = new Map<string, Name>();
  /** accented, lower-cased spelling -> name */
  private readonly exact = new Map<string, Name>();
  private readonly maxWords: number;
  private readonly readings = new Map<string, Reading>();
  private readonly displayOf = new Map<string, string>();
  /** ATC code by display name (formulary and lexicon), where known. */
  private readonly atcByName = new Map<string, string>();

  constructor(drugs: CorpusDrug[], lexicon: Substance[] = DRUG_LEXICON) {
    for (const d of drugs) {
      this.displayOf.set(d.drug_id, d.name);
      if (d.atc) this.atcByName.set(d.name, d.atc);
      for (const n of [d.name, ...d.aliases, d.drug_id.replace(/_/g, ' ')]) this.add(n, d.drug_id, d.name);
    }
    for (const s of lexicon) {
      if (s.atc && !this.atcByName.has(s.name)) this.atcByName.set(s.name, s.atc);
      // a lexicon substance that is a formulary drug under one of its spellings is that drug under all of them
      const formulary = s.names.map((n) => this.names.get(key(n))?.drugId).find((id) => !!id) ?? null;
      for (const n of s.names)
        if (!this.names.has(key(n))) this.add(n, formulary, formulary ? this.displayOf.get(formulary)! : s.name);
    }
    this.maxWords = Math.max(1, ...[...this.names.keys()].map((k) => k.split(' ').length));
  }

  private add(spelling: string, drugId: string | null, display: string): void {
    const k = key(spelling);
    if (!k || this.names.has(k)) return;
    const single = !k.includes(' ');
    const name: Name = {
      drugId,
      display,
      spelling,
      freeText: drugId !== null || !single || looksForeign(k),
      key: k,
      letters: letters(k),
    };
    this.names.set(k, name);
    const accented = spelling.normalize('NFC').toLowerCase().trim();
    if (!this.exact.has(accented)) this.exact.set(accented, name);
  }

  /** The formulary drug a name stands for, or null (outside the formulary, ambiguous or unknown). */
  resolve(mention: string): Resolution | null {
    const r = this.read(mention);
    return r.kind === 'formulary' ? { ...r.resolution } : null;
  }

  /**
   * Is the token a drug name we know (formulary or lexicon), as typed — or a misspelling read as one formulary drug
   * ("furosemit TM": the shorthand beside it reads as it would beside "furosemid")?
   */
  isDrugName(token: string): boolean {
    return this.names.has(key(token)) || this.read(token).kind === 'formulary';
  }

  /**
   * Of these formulary drugs, those a spelling of which starts with the typed letters ("cefa": Cefalexin) — how a
   * name cut too short to read alone is matched against the drugs a conversation already holds.
   */
  startingWith(typed: string, drugIds: Iterable<string>): string[] {
    const k = key(typed);
    if (k.length < MIN_CLIPPED || k.includes(' ')) return [];
    const among = new Set(drugIds);
    const hits = new Set<string>();
    for (const n of this.names.values()) if (n.drugId && among.has(n.drugId) && n.key.startsWith(k)) hits.add(n.drugId);
    return [...hits];
  }

  /** The ATC code of a drug by the name a reading displays ("Loratadin", "Lorazepam"), or null when unknown. */
  atcOf(display: string): string | null {
    return this.atcByName.get(display) ?? null;
  }

  /** The display name of a formulary drug. */
  nameOf(drugId: string): string | null {
    return this.displayOf.get(drugId) ?? null;
  }

  read(mention: string): Reading {
    const accented = mention.normalize('NFC').toLowerCase().trim();
    const ex = this.exact.get(accented);
    if (ex) return this.readingOf(ex, 'exact', mention);
    const f = key(mention);
    if (!f) return { kind: 'unknown' };
    const hit = this.names.get(f);
    if (hit) return this.readingOf(hit, 'folded', mention);
    const cached = this.readings.get(f);
    if (cached) return copy(cached);
    const found = this.nearest(f);
    if (this.readings.size >= READING_CACHE_SIZE) this.readings.clear();
    this.readings.set(f, found);
    return copy(found);
  }

  private readingOf(n: Name, via: 'exact' | 'folded', typed: string): Reading {
    return n.drugId
      ? {
          kind: 'formulary',
          resolution: {
            drug_id: n.drugId,
            confidence: via === 'exact' ? 1 : 0.98,
            via,
            matched: via === 'exact' ? typed : n.spelling,
          },
        }
      : { kind: 'outside', name: n.display, via };
  }

  /**
   * A typo: the closest known spellings. A formulary drug wins only alone at the smallest
   * distance, with every drug outside the formulary strictly farther; an outside drug closest
   * alone is that drug; a tie between different drugs is ambiguous.
   */
  private nearest(f: string): Reading {
    let bestF = Infinity;
    let bestO = Infinity;
    const atF = new Map<string, Name>();
    const atO = new Map<string, Name>();
    const typed = letters(f);
    for (const n of this.names.values()) {
      const spelling = n.key;
      const limit = maxTypos(spelling.length);
      if (limit === 0 || Math.abs(spelling.length - f.length) > limit || lettersApart(typed, n.letters) > limit)
        continue;
      const dist = editDistance(f, spelling, limit);
      if (dist > limit) continue;
      const id = n.drugId ?? `outside:${n.display}`;
      if (n.drugId) {
        if (dist < bestF) {
          bestF = dist;
          atF.clear();
        }
        if (dist === bestF) atF.set(id, n);
      } else {
        if (dist < bestO) {
          bestO = dist;
          atO.clear();
        }
        if (dist === bestO) atO.set(id, n);
      }
    }
    if (bestF === Infinity && bestO === Infinity) return this.clipped(f);
    const display = (m: Map<string, Name>) => [...new Set([...m.values()].map((n) => n.display))];
    if (bestF < bestO && atF.size === 1) {
      const [[drugId, n]] = [...atF];
      const confidence = 1 - bestF / Math.max(f.length, n.key.length);
      if (confidence >= MIN_CONFIDENCE)
        return { kind: 'formulary', resolution: { drug_id: drugId, confidence, via: 'fuzzy', matched: n.display } };
      return { kind: 'ambiguous', candidates: display(atF) };
    }
    if (bestO < bestF && atO.size === 1) return { kind: 'outside', name: [...atO.values()][0].display, via: 'fuzzy' };
    const tied = bestF === bestO ? [...display(atF), ...display(atO)] : bestF < bestO ? display(atF) : display(atO);
    return tied.length > 1 ? { kind: 'ambiguous', candidates: tied.slice(0, 5) } : { kind: 'unknown' };
  }

  /**
   * A name cut short as wards write it ("simva", "atorva", "allo"): the one drug every known spelling that starts
   * with it names — formulary or outside. Four letters at least, and no word that is a unit or an abbreviation;
   * two to four drugs that start with it are asked between ("Ý bạn là …?"), never guessed; more or none leave it
   * unknown; a whole first word of a longer name is no clip. Read as a typo is (`via: 'fuzzy'`), so the reply says
   * what it understood.
   */
  private clipped(f: string): Reading {
    if (f.length < MIN_CLIPPED || f.includes(' ') || NOT_DRUGS.has(f)) return { kind: 'unknown' };
    const ids = new Map<string, Name>();
    for (const n of this.names.values())
      // cut inside a word: a whole first word of a longer name ("hormon" of "hormon tăng trưởng") is that word
      if (n.key.length > f.length + 1 && n.key.startsWith(f) && n.key[f.length] !== ' ')
        ids.set(n.drugId ?? `outside:${n.display}`, n);
    // the start of two to four drugs ("lora": loratadin, lorazepam): asked which, never guessed
    if (ids.size >= 2 && ids.size <= 4)
      return { kind: 'ambiguous', candidates: [...new Set([...ids.values()].map((x) => x.display))] };
    // "levo", "cefa": the start of many drugs, one to three of them in the formulary — asked which, the formulary's
    // first; never "not in the formulary", which would deny a drug it holds
    const ours = [...ids.values()].filter((x) => x.drugId);
    if (ids.size > 4 && ours.length >= 1 && ours.length <= 3) {
      const others = [...ids.values()].filter((x) => !x.drugId).sort((a, b) => a.key.length - b.key.length);
      return { kind: 'ambiguous', candidates: [...new Set([...ours, ...others].map((x) => x.display))].slice(0, 4) };
    }
    if (ids.size !== 1) return { kind: 'unknown' };
    const [[id, n]] = [...ids];
    return n.drugId
      ? {
          kind: 'formulary',
          resolution: { drug_id: id, confidence: f.length / n.key.length, via: 'fuzzy', matched: n.display },
        }
      : { kind: 'outside', name: n.display, via: 'fuzzy' };
  }

  /**
   * Finds drug mentions in free text: the longest known name at each position (formulary or
   * lexicon), then typos among foreign-looking words, and foreign-looking words that read as
   * no drug (reported back as unknown mentions).
   */
  findMentions(text: string): Mention[] {
    // tokens as the names are keyed: "Omega-3" and "L-thyroxin" are two words each, decimals stay whole
    const original = text.normalize('NFC').match(/[\p{L}\p{N}]+(?:[.,]\p{N}+)*/gu) ?? [];
    const words = original.map((w) => fold(w));
    const out: Mention[] = [];
    for (let i = 0; i < words.length;) {
      let matched = 0;
      for (let n = Math.min(this.maxWords, words.length - i); n >= 1 && !matched; n--) {
        const hit = this.names.get(words.slice(i, i + n).join(' '));
        if (hit && hit.freeText) {
          const typed = original.slice(i, i + n).join(' ');
          const reading = this.readingOf(hit, 'exact', typed);
          out.push({
            text: typed,
            resolution: reading.kind === 'formulary' ? { ...reading.resolution, confidence: 1 } : null,
            reading,
          });
          matched = n;
        }
      }
      if (matched) {
        i += matched;
        continue;
      }
      const w = words[i];
      if (w.length >= 4 && looksForeign(w) && !NOT_DRUGS.has(w) && !LAB_TERMS.has(w)) {
        const reading = this.read(original[i]);
        out.push({ text: original[i], resolution: reading.kind === 'formulary' ? reading.resolution : null, reading });
      }
      i += 1;
    }
    return out;
  }
}

/** A spelling's lookup key: folded syllables ("Amoxicilin + acid clavulanic" → "amoxicilin acid clavulanic"). */
function key(s: string): string {
  return syllables(s).join(' ');
}

function copy(r: Reading): Reading {
  return r.kind === 'formulary'
    ? { kind: 'formulary', resolution: { ...r.resolution } }
    : r.kind === 'ambiguous'
      ? { kind: 'ambiguous', candidates: [...r.candidates] }
      : { ...r };
}
