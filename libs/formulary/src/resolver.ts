import type { CorpusDrug } from './corpus';
import { fold, looksForeign, syllables } from './normalize';

export interface Resolution {
  drug_id: string;
  confidence: number;
  via: 'exact' | 'folded' | 'fuzzy';
  /** The name or alias that matched. */
  matched: string;
}

export interface Mention {
  /** The words as the user wrote them. */
  text: string;
  resolution: Resolution | null;
}

/**
 * Optimal string alignment distance (Damerau-Levenshtein with adjacent transpositions).
 * Stops early, returning max + 1, once every cell of a row exceeds `max`.
 */
export function editDistance(a: string, b: string, max = Infinity): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  // three rolling rows: i - 2 (for transpositions), i - 1 and i
  let older = new Array<number>(b.length + 1).fill(0);
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  let cur = new Array<number>(b.length + 1).fill(0);
  let prevMin = 0;
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, older[j - 2] + 1);
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

/** Typos tolerated by name length: short names must match closely. */
function maxTypos(len: number): number {
  if (len < 5) return 0;
  if (len < 8) return 1;
  return 2;
}

/** Fuzzy resolutions remembered per resolver (the cache is emptied when full). */
const FUZZY_CACHE_SIZE = 10_000;

/** Below this a fuzzy match is reported as unknown, never as the nearest drug. */
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

/**
 * Resolves user mentions to formulary drug ids: exact name/alias, diacritics-folded,
 * then fuzzy (typos) with a confidence. A low-confidence match is unknown.
 */
export class DrugResolver {
  /** folded name/alias -> drug id */
  private readonly names = new Map<string, { drug_id: string; name: string }>();
  private readonly exact = new Map<string, string>();
  private readonly maxWords: number;
  /** folded mention -> its fuzzy resolution: the scan over every name is the expensive part */
  private readonly fuzzy = new Map<string, Resolution | null>();

  constructor(drugs: CorpusDrug[]) {
    let maxWords = 1;
    for (const d of drugs) {
      for (const n of [d.name, ...d.aliases, d.drug_id.replace(/_/g, ' ')]) {
        const f = syllables(n).join(' ');
        if (!f) continue;
        this.names.set(f, { drug_id: d.drug_id, name: n });
        this.exact.set(n.normalize('NFC').toLowerCase().trim(), d.drug_id);
        maxWords = Math.max(maxWords, f.split(' ').length);
      }
    }
    this.maxWords = maxWords;
  }

  resolve(mention: string): Resolution | null {
    const accented = mention.normalize('NFC').toLowerCase().trim();
    const ex = this.exact.get(accented);
    if (ex) return { drug_id: ex, confidence: 1, via: 'exact', matched: mention };
    const f = syllables(mention).join(' ');
    if (!f) return null;
    const hit = this.names.get(f);
    if (hit) return { drug_id: hit.drug_id, confidence: 0.98, via: 'folded', matched: hit.name };
    if (this.fuzzy.has(f)) return this.copy(this.fuzzy.get(f)!);
    const found = this.nearest(f);
    if (this.fuzzy.size >= FUZZY_CACHE_SIZE) this.fuzzy.clear();
    this.fuzzy.set(f, found);
    return this.copy(found);
  }

  private copy(r: Resolution | null): Resolution | null {
    return r && { ...r };
  }

  private nearest(f: string): Resolution | null {
    let best: Resolution | null = null;
    for (const [name, { drug_id, name: display }] of this.names) {
      const limit = maxTypos(name.length);
      if (limit === 0) continue;
      const dist = editDistance(f, name, limit);
      if (dist > limit) continue;
      const confidence = 1 - dist / Math.max(name.length, f.length);
      if (!best || confidence > best.confidence) best = { drug_id, confidence, via: 'fuzzy', matched: display };
    }
    return best && best.confidence >= MIN_CONFIDENCE ? best : null;
  }

  /**
   * Finds drug mentions in free text: the longest known name at each position, typo'd
   * names among foreign-looking words, and foreign-looking words that resolve to
   * nothing (reported back as unknown mentions).
   */
  findMentions(text: string): Mention[] {
    const original = text.normalize('NFC').match(/[\p{L}\p{N}]+(?:[.,'-][\p{L}\p{N}]+)*/gu) ?? [];
    const words = original.map((w) => fold(w));
    const out: Mention[] = [];
    for (let i = 0; i < words.length;) {
      let matched = 0;
      for (let n = Math.min(this.maxWords, words.length - i); n >= 1 && !matched; n--) {
        const phrase = words.slice(i, i + n).join(' ');
        const hit = this.names.get(phrase);
        if (hit) {
          out.push({
            text: original.slice(i, i + n).join(' '),
            resolution: { drug_id: hit.drug_id, confidence: 1, via: 'exact', matched: hit.name },
          });
          matched = n;
        }
      }
      if (matched) {
        i += matched;
        continue;
      }
      const w = words[i];
      if (w.length >= 4 && looksForeign(w) && !NOT_DRUGS.has(w)) {
        out.push({ text: original[i], resolution: this.resolve(original[i]) });
      }
      i += 1;
    }
    return out;
  }
}
