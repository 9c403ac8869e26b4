import { fold, normalize } from './normalize';

/** One word of a user's turn, as typed and folded. */
export interface Word {
  /** NFC, lower case: the word with the diacritics the user typed. */
  text: string;
  /** Diacritics folded (đ → d). */
  folded: string;
  /** Typed without any diacritics: only then may it be read as any accented word that folds to it. */
  plain: boolean;
}

const WORD = /[\p{L}\p{N}]+(?:[.,][\p{N}]+)*/gu;

/**
 * The words of a text, each knowing whether the user typed its diacritics. `written`: the text
 * is properly written (the formulary, a model's answer), so a word without marks is that word
 * ("dung dịch" is not "đừng") — only a user's typing is read as possibly unaccented.
 */
export function words(text: string, written = false): Word[] {
  const ws = normalize(text).match(WORD) ?? [];
  // a turn typed with its marks is read as written: "sinh ba" there is "ba", not an unaccented "bà"
  const asWritten = written || typedWithMarks(ws);
  return ws.map((w) => {
    const folded = fold(w);
    return { text: w, folded, plain: !asWritten && folded === w };
  });
}

/**
 * Share of a turn's words typed with diacritics from which its unmarked words are taken as written.
 * Above half: expanded shorthand ("dc" → "được") adds marked words to an unaccented turn, and many
 * correct words carry no marks (cho, suy, sang, ba), so a lower share misreads both kinds of turn.
 */
const MARKED_SHARE = 0.5;

/** Did the user type this turn with its diacritics (most of its letter words carry marks)? */
function typedWithMarks(ws: string[]): boolean {
  const letters = ws.filter((w) => /\p{L}/u.test(w) && !/\d/.test(w));
  if (letters.length < 3) return false;
  const marked = letters.filter((w) => fold(w) !== w).length;
  return marked / letters.length > MARKED_SHARE;
}

/**
 * Does a typed word say this (accented) phrase word? A word typed with its diacritics
 * says only itself — "bể" is not "bé", "sót" is not "sốt", "dầu" is not "đau" — while a
 * word typed without any may be any word that folds to it ("be" may be "bé").
 */
export function says(word: Word, phraseWord: string): boolean {
  return word.plain ? word.folded === fold(phraseWord) : word.text === phraseWord;
}

/** Where a phrase occurs in a word list. */
export interface PhraseHit {
  start: number;
  length: number;
  phrase: string;
}

/**
 * A set of accented phrases matched diacritics-aware (see `says`), longest first.
 * Phrases are written with their marks ("trẻ em", "tiêm tĩnh mạch"); ASCII phrases
 * ("egfr", "clcr") match however they are typed.
 */
export class PhraseSet {
  private readonly phrases: string[][];

  /**
   * `markedOnly`: the phrases are ordinary words when typed without their marks ("gia" is "già",
   * old, as often as "giá", price), so only a word typed with the marks says them.
   */
  constructor(
    phrases: readonly string[],
    private readonly markedOnly = false,
  ) {
    this.phrases = [...new Set(phrases.map((p) => normalize(p)))]
      .map((p) => p.split(' '))
      .sort((a, b) => b.length - a.length);
  }

  /** The longest phrase starting at word i, or null. */
  at(ws: Word[], i: number): PhraseHit | null {
    for (const p of this.phrases)
      if (p.every((pw, k) => ws[i + k] !== undefined && (!this.markedOnly || !ws[i + k].plain) && says(ws[i + k], pw)))
        return { start: i, length: p.length, phrase: p.join(' ') };
    return null;
  }

  /** Every non-overlapping occurrence, left to right, longest phrase first at each position. */
  find(ws: Word[]): PhraseHit[] {
    const out: PhraseHit[] = [];
    for (let i = 0; i < ws.length;) {
      const hit = this.at(ws, i);
      if (hit) {
        out.push(hit);
        i += hit.length;
      } else i += 1;
    }
    return out;
  }

  /** The words with every hit blanked out: what they say is no longer there for other phrases to read. */
  mask(ws: Word[]): Word[] {
    const hits = this.find(ws);
    return ws.map((w, i) =>
      hits.some((h) => i >= h.start && i < h.start + h.length) ? { ...w, text: '#', folded: '#' } : w,
    );
  }

  has(ws: Word[]): boolean {
    return ws.some((_, i) => this.at(ws, i) !== null);
  }
}
