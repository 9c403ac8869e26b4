import type { PatientContext, PatientSeverity } from '@app/contracts';
import { fold } from './normalize';
import { parseAge, populationCue, spelledNumbers } from './patient-facts';
import { words } from './words';
import { expandShorthand } from './shorthand';

/**
 * How far the patient's states go, read from the user's own words and the frame's grounded patient
 * facts: the trimester, the kidney function's range, the liver impairment's grade. Folded, since
 * wards type "suy than nang", "gd cuoi", "bau 7 thang"; every pattern is anchored on the organ or
 * pregnancy word, so a folded "nang" or "thang" is read only where it can mean one thing. The
 * latest statement wins ("thai 30 tuần" after "bầu 6 tháng" in an earlier turn).
 */
export function readSeverity(texts: string[], patient: PatientContext): PatientSeverity {
  const said = texts.map((t) => fold(spelledNumbers(t))).join(' \n ');
  // the latest turn that says an age says the patient's ("cháu 15 tuổi")
  const age = [...texts]
    .reverse()
    .map((t) => parseAge(expandShorthand(t)))
    .find((a) => a !== null);
  // no age said, but a child named ("bé nhà em nặng 22kg"): under 18, so "Trẻ em dưới 16 tuổi" may apply
  const population = [...texts]
    .reverse()
    .map((t) => populationCue(words(expandShorthand(t))))
    .find((p) => p !== null);
  const years: [number, number] | null = age
    ? [Math.max(0, age.min), Math.min(130, age.max)]
    : population === 'pediatric'
      ? [0, CHILD_MAX_YEARS]
      : null;
  return {
    age_years: years,
    trimester: patient.pregnant ? trimesterOf(said) : null,
    renal_range: patient.renal !== null ? renalRange(`${fold(patient.renal)} \n ${said}`) : null,
    hepatic_grade: patient.hepatic !== null ? hepaticGrade(`${fold(patient.hepatic)} \n ${said}`) : null,
  };
}

/** A child of no stated age is under 18. */
const CHILD_MAX_YEARS = 17.99;

const FILL = '(?:\\s+(?:duoc|dc|khoang|tam|gan|hon|da|roi))*';

/** Weeks or months of gestation, or a trimester named; the last one said. */
export function trimesterOf(folded: string): 1 | 2 | 3 | null {
  const found: { at: number; t: 1 | 2 | 3 | null }[] = [];
  const each = (re: RegExp, f: (m: RegExpExecArray) => 1 | 2 | 3 | null) => {
    for (const m of folded.matchAll(re)) found.push({ at: m.index, t: f(m) });
  };
  each(new RegExp(`(?:thai|bau|tuoi thai)${FILL}\\s+(\\d{1,2})\\s*(?:tuan|w)(?![a-z])`, 'g'), (m) =>
    byWeeks(Number(m[1])),
  );
  each(new RegExp(`(?:thai|bau)${FILL}\\s+(\\d)\\s*thang(?![a-z])(?!\\s+(?:dau|giua|cuoi))`, 'g'), (m) =>
    byMonths(Number(m[1])),
  );
  each(/(?:^|[^a-z0-9])(?:3|ba) thang (dau|giua|cuoi)(?![a-z])/g, (m) =>
    m[1] === 'dau' ? 1 : m[1] === 'giua' ? 2 : 3,
  );
  each(
    /(?:tam ca nguyet|tcn)\s*(?:thu\s*)?(1|2|3|i{1,3})(?![a-z0-9])/g,
    (m) => ({ '1': 1, i: 1, '2': 2, ii: 2, '3': 3, iii: 3 })[m[1]] as 1 | 2 | 3,
  );
  found.sort((a, b) => a.at - b.at);
  return found.length ? found[found.length - 1].t : null;
}

/** Third trimester from week 28; week 27 sits on the line and is not guessed. */
function byWeeks(w: number): 1 | 2 | 3 | null {
  if (w < 1 || w > 42) return null;
  return w <= 13 ? 1 : w <= 26 ? 2 : w >= 28 ? 3 : null;
}

/** "bầu 6 tháng" may be week 22 or week 27: not guessed. */
function byMonths(m: number): 1 | 2 | 3 | null {
  if (m < 1 || m > 9) return null;
  return m <= 3 ? 1 : m <= 5 ? 2 : m >= 7 ? 3 : null;
}

const KIDNEY = '(?:suy than|benh than|than man|ckd|suy chuc nang than)';
const STAGE = '(?:giai doan|gd|do)';

/**
 * The kidney function's range in ml/min: a stated clearance or eGFR ("ClCr 8", "eGFR < 15"), else a
 * stated severity or stage ("suy thận nặng" [0, 30), "gđ cuối", dialysis [0, 15)); null when the
 * words say neither.
 */
export function renalRange(folded: string): [number, number] | null {
  const value = new RegExp(
    `(?:clcr|crcl|egfr|gfr|mlct|do thanh thai(?: creatinin)?|thanh thai creatinin)\\s*[:=]?\\s*(<|duoi|~|khoang)?\\s*(\\d{1,3}(?:[.,]\\d+)?)(?![\\d])`,
  ).exec(folded);
  if (value) {
    const v = Number(value[2].replace(',', '.'));
    return value[1] === '<' || value[1] === 'duoi' ? [0, v] : [v, v];
  }
  if (
    new RegExp(
      `loc mau|chay than|(?:^|[^a-z])tnt(?![a-z])|than nhan tao|tham phan|${KIDNEY}[^.,;\\n]{0,20}?${STAGE} (?:cuoi|5|v)(?![a-z0-9])|ckd ?5|esrd`,
    ).test(folded)
  )
    return [0, 15];
  if (new RegExp(`${KIDNEY}[^.,;\\n]{0,20}?${STAGE} (?:4|iv)(?![a-z0-9])|ckd ?4`).test(folded)) return [15, 30];
  if (new RegExp(`${KIDNEY}(?: man| cap)?(?: muc do| do)? nang(?![a-z])`).test(folded)) return [0, 30];
  if (new RegExp(`${KIDNEY}[^.,;\\n]{0,20}?${STAGE} (?:3a|3b|3|iii)(?![a-z0-9])|ckd ?3`).test(folded)) return [30, 60];
  if (new RegExp(`${KIDNEY}(?: man)?(?: muc do| do)? (?:vua|trung binh)(?![a-z])`).test(folded)) return [30, 60];
  if (
    new RegExp(
      `${KIDNEY}(?: man)?(?: muc do| do)? nhe(?![a-z])|${KIDNEY}[^.,;\\n]{0,20}?${STAGE} (?:2|ii)(?![a-z0-9])`,
    ).test(folded)
  )
    return [60, 90];
  return null;
}

/** Child-Pugh class or a stated severity; null when the words say neither. */
export function hepaticGrade(folded: string): 'mild' | 'moderate' | 'severe' | null {
  const cp = /child[- ]?pugh\s*(?:class\s*|nhom\s*|do\s*)?([abc])(?![a-z])/.exec(folded);
  if (cp) return cp[1] === 'a' ? 'mild' : cp[1] === 'b' ? 'moderate' : 'severe';
  if (/suy gan(?: muc do| do)? nang(?![a-z])|xo gan mat bu|hon me gan|tien hon me gan|bien chung nao gan/.test(folded))
    return 'severe';
  if (/suy gan(?: muc do| do)? (?:vua|trung binh)(?![a-z])/.test(folded)) return 'moderate';
  if (/suy gan(?: muc do| do)? nhe(?![a-z])/.test(folded)) return 'mild';
  return null;
}
