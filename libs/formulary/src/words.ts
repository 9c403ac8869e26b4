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
  return (normalize(text).match(WORD) ?? []).map((w) => {
    const folded = fold(w);
    return { text: w, folded, plain: !written && folded === w };
  });
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

  constructor(phrases: readonly string[]) {
    this.phrases = [...new Set(phrases.map((p) => normalize(p)))]
      .map((p) => p.split(' '))
      .sort((a, b) => b.length - a.length);
  }

  /** The longest phrase starting at word i, or null. */
  at(ws: Word[], i: number): PhraseHit | null {
    for (const p of this.phrases)
      if (p.every((pw, k) => ws[i + k] !== undefined && says(ws[i + k], pw)))
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

  has(ws: Word[]): boolean {
    return ws.some((_, i) => this.at(ws, i) !== null);
  }
}

/** Convenience: does the text say any of the phrases? */
export function saysAny(text: string | Word[], phrases: PhraseSet): boolean {
  return phrases.has(typeof text === 'string' ? words(text) : text);
}
