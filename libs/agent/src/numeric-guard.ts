import type { AnswerSentence, EvidencePart } from '@app/contracts';

/** A number as written, its canonical value, and the unit that follows it (normalised), if any. */
export interface NumberMention {
  raw: string;
  value: string;
  unit: string | null;
}

// Longest first: "mg/kg/ngày" before "mg/kg" before "mg".
const UNITS: [RegExp, string][] = [
  [/^mg\s*\/\s*kg\s*\/\s*(ngày|ngay|24\s*giờ)/iu, 'mg/kg/ngày'],
  [/^mg\s*\/\s*kg\s*\/\s*(giờ|gio|h)/iu, 'mg/kg/giờ'],
  [/^mg\s*\/\s*kg/iu, 'mg/kg'],
  [/^(microgam|mcg|µg|μg)\s*\/\s*kg/iu, 'mcg/kg'],
  [/^(đơn vị|don vi|UI|IU)\s*\/\s*kg/iu, 'đơn vị/kg'],
  [/^mg\s*\/\s*(ngày|ngay)/iu, 'mg/ngày'],
  [/^g\s*\/\s*(ngày|ngay)/iu, 'g/ngày'],
  [/^mg\s*\/\s*(m2|m²)/iu, 'mg/m2'],
  [/^mg\s*\/\s*(tuần|tuan)/iu, 'mg/tuần'],
  [/^ml\s*\/\s*(phút|phut)/iu, 'ml/phút'],
  [/^mmol\s*\/\s*l/iu, 'mmol/l'],
  [/^micromol\s*\/\s*l/iu, 'micromol/l'],
  [/^lần\s*\/\s*(ngày|ngay)|^lan\s*\/\s*ngay/iu, 'lần/ngày'],
  [/^(microgam|mcg|µg|μg)/iu, 'mcg'],
  [/^(mg|miligam)(?![\p{L}])/iu, 'mg'],
  [/^(g|gam)(?![\p{L}])/iu, 'g'],
  [/^ml(?![\p{L}])/iu, 'ml'],
  [/^(đơn vị|don vi|UI|IU)(?![\p{L}])/iu, 'đơn vị'],
  [/^(giờ|gio|h)(?![\p{L}])/iu, 'giờ'],
  [/^(phút|phut)(?![\p{L}])/iu, 'phút'],
  [/^(ngày|ngay)(?![\p{L}])/iu, 'ngày'],
  [/^(tuần|tuan)(?![\p{L}])/iu, 'tuần'],
  [/^(tháng|thang)(?![\p{L}])/iu, 'tháng'],
  [/^(năm|nam)(?![\p{L}])/iu, 'năm'],
  [/^(tuổi|tuoi)(?![\p{L}])/iu, 'tuổi'],
  [/^(lần|lan)(?![\p{L}])/iu, 'lần'],
  [/^(kg|ký|ky|cân)(?![\p{L}])/iu, 'kg'],
  [/^(viên|vien)(?![\p{L}])/iu, 'viên'],
  [/^%/u, '%'],
];

/** "2,5" → "2.5"; "1.000" → "1000"; "1/2" stays a fraction. No arithmetic beyond reading the number. */
export function canonicalNumber(raw: string): string {
  if (raw.includes('/')) return raw.replace(/\s+/g, '');
  let s = raw;
  // dots followed by groups of exactly three digits are thousands separators
  if (/^\d{1,3}(\.\d{3})+(,\d+)?$/.test(s)) s = s.replace(/\./g, '');
  s = s.replace(',', '.');
  const n = Number(s);
  return Number.isFinite(n) ? String(n) : raw;
}

function readUnit(rest: string): string | null {
  const r = rest.replace(/^\s+/, '');
  for (const [re, unit] of UNITS) if (re.test(r)) return unit;
  return null;
}

// A number not glued to a preceding letter (CYP3A4, B12 are names, not quantities).
const NUMBER = /(?<![\p{L}\d.,/])(\d+(?:[.,]\d+)*(?:\s*\/\s*\d+(?![.,]\d))?)/gu;
const RANGE_JOIN = /^\s*(-|–|—|đến|den|tới|toi|~)\s*$/iu;

/** Every number in a text with its unit; a range's unit applies to both ends. */
export function extractNumbers(text: string): NumberMention[] {
  const src = text.normalize('NFC');
  const found: { raw: string; start: number; end: number; unit: string | null }[] = [];
  for (const m of src.matchAll(NUMBER)) {
    const raw = m[1];
    const start = m.index!;
    const end = start + m[0].length;
    found.push({ raw, start, end, unit: readUnit(src.slice(end, end + 24)) });
  }
  // propagate units backwards across ranges: "10 - 15 mg/kg" → both mg/kg
  for (let i = found.length - 2; i >= 0; i--) {
    const a = found[i];
    const b = found[i + 1];
    if (a.unit === null && RANGE_JOIN.test(src.slice(a.end, b.start))) a.unit = b.unit;
  }
  return found.map((f) => ({ raw: f.raw, value: canonicalNumber(f.raw), unit: f.unit }));
}

export interface GuardResult {
  ok: boolean;
  failures: string[];
}

/**
 * The numeric grounding guard: every number in a cited sentence must appear (same
 * value, same unit when the sentence gives one) in that sentence's cited parts; an
 * uncited sentence may carry only numbers the user gave. No arithmetic: a computed
 * dose is not in the evidence and is rejected.
 */
export function checkNumericGrounding(
  sentences: AnswerSentence[],
  evidence: EvidencePart[],
  userNumbers: string[],
): GuardResult {
  const byId = new Map(evidence.map((p) => [p.doc_id, p]));
  const userValues = new Set(userNumbers.map(canonicalNumber));
  const failures: string[] = [];
  sentences.forEach((s, i) => {
    const numbers = extractNumbers(s.text);
    if (!numbers.length) return;
    if (s.doc_ids.length === 0) {
      for (const n of numbers)
        if (!userValues.has(n.value)) failures.push(`sentence ${i + 1}: "${n.raw}" is neither cited nor the user's`);
      return;
    }
    const cited = s.doc_ids.map((id) => byId.get(id)).filter((p): p is EvidencePart => !!p);
    const pool = cited.flatMap((p) => extractNumbers(p.text));
    for (const n of numbers) {
      const ok = pool.some((e) => e.value === n.value && (n.unit === null || e.unit === n.unit));
      if (!ok) failures.push(`sentence ${i + 1}: "${n.raw}${n.unit ? ` ${n.unit}` : ''}" is not in its cited parts`);
    }
  });
  return { ok: failures.length === 0, failures };
}

/** Every cited doc id must be among the evidence shown: a reply never cites what it was not given. */
export function checkCitations(sentences: AnswerSentence[], evidence: EvidencePart[]): GuardResult {
  const ids = new Set(evidence.map((p) => p.doc_id));
  const failures: string[] = [];
  sentences.forEach((s, i) => {
    for (const id of s.doc_ids)
      if (!ids.has(id)) failures.push(`sentence ${i + 1}: cites ${id}, which it was not shown`);
  });
  return { ok: failures.length === 0, failures };
}

/**
 * List mode (condition → drug): every cited part must belong to a drug of the
 * candidate set the answer was generated for.
 */
export function checkCandidateCitations(
  sentences: AnswerSentence[],
  evidence: EvidencePart[],
  candidates: string[],
): GuardResult {
  const allowed = new Set(candidates);
  const drugOf = new Map(evidence.map((e) => [e.doc_id, e.drug_id]));
  const failures: string[] = [];
  sentences.forEach((s, i) => {
    for (const id of s.doc_ids) {
      const drug = drugOf.get(id);
      if (drug && !allowed.has(drug)) failures.push(`sentence ${i + 1}: cites ${id}, outside the candidate set`);
    }
  });
  return { ok: failures.length === 0, failures };
}
