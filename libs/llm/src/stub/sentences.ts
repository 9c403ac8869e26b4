import { syllables } from '@app/formulary';

/** Splits a part into sentences/clauses, verbatim (joined back they give the text). */
export function splitSentences(text: string): string[] {
  return text
    .split(/(?<=[.;])\s+(?=[\p{Lu}\d(])|(?<=\):)\s+/u)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Age bands written in a sentence, in years: "4 - 5 tuổi", "3 - 5 tháng", "trên 12 tuổi", "dưới 3 tháng tuổi". */
export function ageBands(sentence: string): { min: number; max: number }[] {
  const s = sentence.normalize('NFC');
  const bands: { min: number; max: number }[] = [];
  const unit = (u: string) => (u.startsWith('tháng') ? 1 / 12 : 1);
  const U = '(tuổi|tháng)';
  for (const m of s.matchAll(new RegExp(`(\\d+)\\s*(?:-|–|đến)\\s*(\\d+)\\s*${U}`, 'gu')))
    bands.push({ min: Number(m[1]) * unit(m[3]), max: (Number(m[2]) + (m[3] === 'tháng' ? 1 : 0.999)) * unit(m[3]) });
  for (const m of s.matchAll(new RegExp(`(?:trên|từ|≥|>)\\s*(\\d+)\\s*${U}`, 'gu')))
    bands.push({ min: Number(m[1]) * unit(m[2]), max: 200 });
  for (const m of s.matchAll(new RegExp(`(?:dưới|<)\\s*(\\d+)\\s*${U}`, 'gu')))
    bands.push({ min: 0, max: Number(m[1]) * unit(m[2]) - 0.001 });
  return bands;
}

/** Years from an age text ("5 tuổi" → 5, "18 tháng" → 1.5). */
export function ageYears(ageText: string | null): number | null {
  if (!ageText) return null;
  const m = /(\d+(?:[.,]\d+)?)\s*(tuổi|tháng)/u.exec(ageText);
  if (!m) return null;
  const n = Number(m[1].replace(',', '.'));
  return m[2] === 'tháng' ? n / 12 : n;
}

export function tokenSet(text: string): Set<string> {
  return new Set(syllables(text));
}
