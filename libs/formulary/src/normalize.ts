/** Vietnamese text normalisation shared by the resolver, the indexes and the stub parser. */

/**
 * The same texts (the corpus's items, a conversation's turns) are normalised and folded over and
 * over, and both functions are pure: their results are remembered, up to a bound (the memo is
 * emptied when full, so a long-running worker never grows without limit).
 */
function memo(fn: (text: string) => string, max = 50_000): (text: string) => string {
  const seen = new Map<string, string>();
  return (text) => {
    let out = seen.get(text);
    if (out === undefined) {
      if (seen.size >= max) seen.clear();
      out = fn(text);
      seen.set(text, out);
    }
    return out;
  };
}

/** NFC + lower-case + collapsed white space + one tone placement: the accented form. */
export const normalize = memo((text: string): string =>
  tonePlacement(text.normalize('NFC').toLowerCase().replace(/\s+/g, ' ').trim()),
);

/**
 * Vietnamese writes the tone of an open "oa", "oe", "uy" on either vowel: "hoá trị" and "hóa trị",
 * "thuỷ đậu" and "thủy đậu", "khoẻ" and "khỏe" are the same word, and people and the formulary use
 * both. One placement (on the first vowel) makes them one word for matching. A closed syllable
 * ("toàn", "khoán", "huyết") has one placement only and is left alone, as is "qu" + "y" ("quý").
 */
function tonePlacement(text: string): string {
  return text.replace(/(^|[^q])([ou])([áàảãạéèẻẽẹýỳỷỹỵ])(?!\p{L})/gu, (m, before: string, v: string, toned: string) => {
    const base = toned.normalize('NFD')[0];
    if ((v === 'o' && base !== 'a' && base !== 'e') || (v === 'u' && base !== 'y')) return m;
    const mark = toned.normalize('NFD').slice(1);
    return `${before}${(v + mark).normalize('NFC')}${base}`;
  });
}

const NON_ASCII = /[^\x20-\x7e\s]/;

/** Diacritics folded (đ→d): "trẻ 5 tuổi" and "tre 5 tuoi" meet here. */
export const fold = memo((text: string): string => {
  // ASCII has no diacritics and NFC/NFD leave it alone: most drug names and numbers
  if (!NON_ASCII.test(text)) return text.toLowerCase().replace(/\s+/g, ' ').trim();
  return normalize(text)
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/g, 'd')
    .normalize('NFC');
});

/** Syllable tokens of the folded form (letters and digits; decimals kept whole). */
export function syllables(text: string): string[] {
  return fold(text).match(/[a-z0-9]+(?:[.,][0-9]+)*/g) ?? [];
}

/** Syllables plus adjacent-syllable bigrams, so compounds ("tang_huyet", "huyet_ap") score as units. */
export function indexTokens(text: string): string[] {
  const s = syllables(text);
  const out = [...s];
  for (let i = 0; i + 1 < s.length; i++) out.push(`${s[i]}_${s[i + 1]}`);
  return out;
}

/** True when `needle` occurs in `haystack` on syllable boundaries, both folded. */
export function containsPhrase(haystack: string, needle: string): boolean {
  const h = ` ${syllables(haystack).join(' ')} `;
  const n = syllables(needle).join(' ');
  return n.length > 0 && h.includes(` ${n} `);
}

const VI_SYLLABLE =
  /^(ngh|ng|nh|ch|gh|gi|kh|ph|qu|th|tr|[bcdghklmnprstvx])?(uye|uya|ươ|[aeiouy]{1,3})(ng|nh|ch|[cmnpt])?$/;

/** A folded token that cannot be a Vietnamese syllable — likely a foreign word such as a drug name. */
export function looksForeign(token: string): boolean {
  if (/\d/.test(token)) return false;
  if (/[fjwz]/.test(token)) return true;
  return !VI_SYLLABLE.test(token);
}

/** The text as a literal inside a regular expression. */
export const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
