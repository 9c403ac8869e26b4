import { expandShorthand } from './shorthand';
import { parseAge, patientPopulation } from './patient-facts';
import { namesCondition } from './corpus-index';
import { syllables } from './normalize';
import { words } from './words';

/** Ages in years, [min, max): who an indication is for, or a patient's age as the words allow it. */
export interface AgeSpan {
  min: number;
  max: number;
}

const ADULT: AgeSpan = { min: 18, max: Infinity };
const CHILD: AgeSpan = { min: 0, max: 18 };

/**
 * Who a piece of an indication says it is for, when it says so: "… ở người lớn" (adults), "… ở trẻ em từ 10 tuổi"
 * (children from 10), "ở người lớn và trẻ vị thành niên từ 12 tuổi" (from 12). Both groups without an age, or
 * neither, is null: it is for whoever has the condition.
 */
function piecesAges(piece: string): AgeSpan | null {
  const t = ` ${syllables(piece).join(' ')} `;
  // "… kể cả suy giáp ở trẻ em": an age group included widens the use, it never narrows it
  if (/ ke ca /.test(t)) return null;
  const adult = / nguoi lon /.test(t);
  const child = / tre (?:em|nho|so sinh|vi thanh nien) /.test(t);
  const from = / tre (?:em|nho|vi thanh nien) (?:tu|tren) (\d+) (tuoi|thang) /.exec(t);
  const min = from ? Number(from[1]) / (from[2] === 'thang' ? 12 : 1) : null;
  if (adult && child) return min !== null ? { min, max: Infinity } : null;
  if (adult) return / (?:o|cho) nguoi lon /.test(t) ? ADULT : null;
  if (child) return / (?:o|cho) tre /.test(t) ? { min: min ?? 0, max: CHILD.max } : null;
  return null;
}

/**
 * Who an indication is for, as the piece naming the condition says: its heading ("Đái tháo đường typ 2 ở trẻ em từ 10
 * tuổi: …"), the first item after a heading that names the condition ("Đái tháo đường typ 2: điều trị tăng glucose
 * huyết ở người lớn khi …"), or the item of a list that names it ("…, viêm tai giữa cấp ở trẻ em khi …" scopes only
 * that item). An age said of another item ("…, co giật do sốt cao ở trẻ em, …") is that item's. `names`: does a piece
 * name the condition.
 */
export function indicationAges(text: string, names: (piece: string) => boolean): AgeSpan | null {
  const colon = text.indexOf(':');
  const heading = colon >= 0 ? text.slice(0, colon) : '';
  const items = itemsOf(colon >= 0 ? text.slice(colon + 1) : text);
  const pieces = names(heading) ? [heading, items[0] ?? ''] : items.filter(names);
  const spans = pieces.map(piecesAges).filter((x): x is AgeSpan => x !== null);
  if (!spans.length) return null;
  return { min: Math.min(...spans.map((x) => x.min)), max: Math.max(...spans.map((x) => x.max)) };
}

/** The items of a list: split at commas and semicolons outside brackets. */
function itemsOf(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let cur = '';
  for (const ch of text) {
    if (ch === '(') depth++;
    if (ch === ')') depth = Math.max(0, depth - 1);
    if (depth === 0 && (ch === ',' || ch === ';')) {
      out.push(cur);
      cur = '';
    } else cur += ch;
  }
  return [...out, cur].map((x) => x.trim()).filter(Boolean);
}

/** The patient's age as the user's words give it (an age, or a child's or adult's word), or null. */
export function patientAges(said: string): AgeSpan | null {
  const text = expandShorthand(said);
  const age = parseAge(text);
  const population = patientPopulation(words(text), age);
  if (age && population !== null) return { min: age.min, max: age.max };
  if (population === 'pediatric') return CHILD;
  if (population === 'adult' || population === 'elderly') return ADULT;
  return null;
}

/**
 * Of a drug's indications naming the condition, those for this patient's age: one that names an age group the patient
 * is in stays; one that names none stays unless it goes on under the heading of one for another age group —
 * "Đái tháo đường typ 2: dùng phối hợp với metformin …" beside "Đái tháo đường typ 2: … ở người lớn" is that adults'
 * use combined, not one for a 13-year-old (while "Buồn nôn, nôn sau phẫu thuật: …" is its own use beside "… do xạ
 * trị ở người lớn").
 */
export function partsForAge<P extends { text: string }>(
  parts: P[],
  patient: AgeSpan | null,
  names: (piece: string) => boolean,
): P[] {
  if (!patient) return parts;
  const heading = (t: string) => syllables(t.slice(0, Math.max(0, t.indexOf(':')))).join(' ');
  const scoped = parts.map((p) => ({ p, scope: indicationAges(p.text, names) }));
  const anyFits = scoped.some((x) => x.scope !== null && overlaps(patient, x.scope));
  const outHeads = new Set(
    scoped.filter((x) => x.scope !== null && !overlaps(patient, x.scope)).map((x) => heading(x.p.text)),
  );
  return scoped
    .filter((x) => (x.scope !== null ? overlaps(patient, x.scope) : anyFits || !outHeads.has(heading(x.p.text))))
    .map((x) => x.p);
}

/**
 * Each drug's indications naming the condition, kept for the age the user's words give (`partsForAge`); a drug with
 * none left is set apart with the indication that names the other age group, to be quoted.
 */
export function splitByAge<P extends { text: string }>(
  perDrug: Map<string, P[]>,
  said: string,
  condition: string,
): { kept: Map<string, P[]>; otherAge: Map<string, string> } {
  const patient = patientAges(said);
  const names = (piece: string) => namesCondition(piece, condition);
  const kept = new Map<string, P[]>();
  const otherAge = new Map<string, string>();
  for (const [id, parts] of perDrug) {
    const fitting = partsForAge(parts, patient, names);
    if (fitting.length) kept.set(id, fitting);
    else otherAge.set(id, (parts.find((q) => indicationAges(q.text, names) !== null) ?? parts[0]).text);
  }
  return { kept, otherAge };
}

/** Do the patient's ages and the ages an indication names overlap? */
const overlaps = (patient: AgeSpan, scope: AgeSpan) => patient.min < scope.max && patient.max >= scope.min;

/** Could the indication be for this patient (their ages overlap the ages it names)? Unknown either way: yes. */
export function indicationFitsAge(text: string, patient: AgeSpan | null, names: (piece: string) => boolean): boolean {
  const scope = patient ? indicationAges(text, names) : null;
  return !scope || !patient || overlaps(patient, scope);
}
