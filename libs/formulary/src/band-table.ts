import { normalize } from './normalize';

/**
 * Band tables: a dosing part that gives one value per age, weight or kidney band —
 * "Trẻ em, uống (…): Trẻ em 3 - 5 tháng: 60 mg; Trẻ em 4 - 5 tuổi: 240 mg; …", "15 - 25 kg:
 * 200 mg; …", "độ thanh thải creatinin 10 - 30 ml/phút: …". Parsed once, here, for the stub
 * generator (quote the patient's row), the band check (a number from a row stands with that
 * row's label and the row holds the patient) and the invariants that test both.
 */

export type BandKind = 'age' | 'weight' | 'renal';

/** A closed-open or closed interval in years (age), kg (weight) or ml/phút (kidney clearance). */
export interface Band {
  kind: BandKind;
  min: number;
  max: number;
  /** max is exclusive ("dưới 2 tuổi", "4 - 5 tuổi" ends before the 6th birthday). */
  maxExclusive: boolean;
  minExclusive: boolean;
}

export interface BandRow {
  /** The row's label as written ("Trẻ em 4 - 5 tuổi", "15 - 25 kg", "dưới 10 ml/phút"). */
  label: string;
  bands: Band[];
  /** The row's value as written ("240 mg"). */
  value: string;
  /** "label: value", verbatim from the part. */
  text: string;
  /**
   * A row without bands of its own ("nhiễm khuẩn nặng, viêm màng não: 80 - 100 mg/kg" after "trẻ từ 15 ngày tuổi đến
   * 12 tuổi: …") goes with the banded row above it: that row's bands ([] for a banded row, or none above).
   */
  inherits: Band[];
}

/** A label that names a group of patients ("Người bệnh thẩm phân máu", "Trẻ sơ sinh"), not an indication. */
const PATIENT_GROUP = /^(?:người|bệnh nhân|trẻ|sơ sinh|phụ nữ|thiếu niên)/iu;

/** The bands a row is held against: its own, else those of the banded row above it. */
export function rowScope(row: BandRow): BandRow {
  return row.bands.length || !row.inherits.length ? row : { ...row, bands: row.inherits };
}

export interface BandNote {
  text: string;
  /** Indexes of the rows the note applies to. */
  rows: number[];
}

export interface BandTable {
  /** Everything before the first row ("Trẻ em, uống (liều theo lứa tuổi, …)"); applies to every row. */
  heading: string;
  rows: BandRow[];
  /** Text between or after rows that is not a row: applies to the rows it follows (after the last row: every row). */
  notes: BandNote[];
}

const N = '(\\d+(?:,\\d+)?)';
const AGE_UNIT = '(tuổi|tháng(?:\\s+tuổi)?|tuần(?:\\s+tuổi)?|ngày(?:\\s+tuổi)?)';
/** Units per year: a value in months is divided by 12 (the same arithmetic as the patient's age, so 15 ngày meets 15 ngày). */
const PER_YEAR: Record<string, number> = { tuổi: 1, tháng: 12, tuần: 52, ngày: 365 };
const num = (s: string) => Number(s.replace(',', '.'));
const unitOf = (u: string): number => PER_YEAR[u.split(/\s+/)[0]];
const unitKind = (u: string): BandKind => (/kg/.test(u) ? 'weight' : /ml/.test(u) ? 'renal' : 'age');

function band(kind: BandKind, min: number, max: number, minExclusive = false, maxExclusive = false): Band {
  return { kind, min, max, minExclusive, maxExclusive };
}

/** One step of the unit: an age band "4 - 5 tuổi" runs to the 6th birthday; weight and clearance are read as written. */
function stepOf(kind: BandKind): number {
  return kind === 'age' ? 1 : 0;
}

/**
 * The upper end of "A - B unit": "4 - 5 tuổi" runs to the 6th birthday; whole-number weights and
 * clearances are read as whole numbers too ("15 - 25 kg" then "26 - 35 kg" leaves no gap for 25,5 kg);
 * "A - dưới B" stops before B.
 */
function upper(b: number, per: number, kind: BandKind, below: boolean): [number, boolean] {
  if (below) return [b / per, true];
  if (kind === 'age') return [(b + stepOf(kind)) / per, true];
  return Number.isInteger(b) ? [b + 1, true] : [b, false];
}

const UNIT = `(?:${AGE_UNIT}|(kg)|(ml\\s*\\/\\s*phút(?:\\s*\\/\\s*1,73\\s*m²)?))`;

/** The bands a row label states ("Trẻ em 3 - 5 tháng (nặng từ 5 kg)" → an age and a weight band). */
export function labelBands(label: string): Band[] {
  let s = normalize(label);
  const out: Band[] = [];
  const take = (re: RegExp, make: (m: RegExpExecArray) => Band | null) => {
    for (let m = re.exec(s); m; m = re.exec(s)) {
      const b = make(m);
      if (b) out.push(b);
      s = s.slice(0, m.index) + ' '.repeat(m[0].length) + s.slice(m.index + m[0].length);
    }
  };
  const unitParts = (m: RegExpExecArray, at: number): { kind: BandKind; per: number } => {
    const age = m[at];
    const u = age ?? m[at + 1] ?? m[at + 2];
    const kind = age ? 'age' : unitKind(u);
    return { kind, per: age ? unitOf(age) : 1 };
  };
  // mixed units: "1 tháng - 11 tuổi", "6 tháng - dưới 2 tuổi", "trên 5 tuổi đến 11 tuổi"
  take(new RegExp(`(trên\\s+|từ\\s+)?${N}\\s*${UNIT}\\s*(?:-|–|đến|tới)\\s*(dưới\\s+)?${N}\\s*${UNIT}`, 'u'), (m) => {
    const a = unitParts(m, 3);
    const b = unitParts(m, 8);
    if (a.kind !== b.kind) return null;
    const lo = (num(m[2]) + (m[1]?.startsWith('trên') ? stepOf(a.kind) : 0)) / a.per;
    const below = !!m[6];
    const [hi, exclusive] = upper(num(m[7]), b.per, b.kind, below);
    return band(a.kind, lo, hi, false, exclusive);
  });
  // "A - B unit", "A - dưới B unit", "A đến B unit"
  take(new RegExp(`${N}\\s*(?:-|–|đến|tới)\\s*(dưới\\s+)?${N}\\s*${UNIT}`, 'u'), (m) => {
    const { kind, per } = unitParts(m, 4);
    const [hi, exclusive] = upper(num(m[3]), per, kind, !!m[2]);
    return band(kind, num(m[1]) / per, hi, false, exclusive);
  });
  // "trên A", "> A", "từ A … trở lên", "≥ A"
  take(new RegExp(`(trên|>|từ|≥)\\s*${N}\\s*${UNIT}(\\s*trở\\s+(?:lên|xuống))?`, 'u'), (m) => {
    const { kind, per } = unitParts(m, 3);
    const a = num(m[2]) / per;
    if (m[6] && /xuống/.test(m[6])) return band(kind, 0, a);
    if (m[1] === 'trên' || m[1] === '>')
      return band(kind, (num(m[2]) + stepOf(kind)) / per, Infinity, kind !== 'age', false);
    return band(kind, a, Infinity);
  });
  // "dưới A", "< A", "đến A", "tới A", "không quá A", "≤ A"
  take(new RegExp(`(dưới|<|đến|tới|không quá|≤)\\s*${N}\\s*${UNIT}`, 'u'), (m) => {
    const { kind, per } = unitParts(m, 3);
    return m[1] === 'dưới' || m[1] === '<'
      ? band(kind, 0, num(m[2]) / per, false, true)
      : band(kind, 0, (num(m[2]) + stepOf(kind)) / per, false, kind === 'age');
  });
  // "A unit trở lên / trở xuống"
  take(new RegExp(`${N}\\s*${UNIT}\\s*trở\\s+(lên|xuống)`, 'u'), (m) => {
    const { kind, per } = unitParts(m, 2);
    const a = num(m[1]) / per;
    return m[5] === 'lên' ? band(kind, a, Infinity) : band(kind, 0, a);
  });
  // "Trẻ sơ sinh" with no age of its own: the first month of life (a 5-month-old is no neonate)
  if (!out.some((b) => b.kind === 'age') && /(?<![\p{L}])(sơ sinh|so sinh)(?![\p{L}])/u.test(normalize(label)))
    out.push(band('age', 0, 1 / 12, false, true));
  return out;
}

/** Does the band hold the value (years, kg or ml/phút)? */
export function bandHolds(b: Band, value: number): boolean {
  const aboveMin = b.minExclusive ? value > b.min : value >= b.min;
  const belowMax = b.maxExclusive ? value < b.max : value <= b.max;
  return aboveMin && belowMax;
}

/** Does the band overlap a range of values (an age given as "gần 2 tuổi")? */
export function bandOverlaps(b: Band, min: number, max: number): boolean {
  return max >= b.min && (b.maxExclusive ? min < b.max : min <= b.max);
}

const ROUTE_WORDS =
  /(?<!\p{L})(uống|tiêm|truyền|đặt|hít|khí dung|xịt|ngậm|bôi|nhỏ|theo tuổi|theo cân nặng|theo lứa tuổi|theo nhóm)(?!\p{L})/iu;

interface Piece {
  text: string;
  start: number;
  /** Index of the delimiter (or the text's length). */
  stop: number;
  /** The delimiter that ends the piece: ':' ';' '.' or '' at the end. */
  end: ':' | ';' | '.' | '';
}

/** The text cut at ':', ';' and '. ' outside parentheses, each piece with its delimiter. */
function pieces(text: string): Piece[] {
  const out: Piece[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '(') depth++;
    else if (c === ')') depth = Math.max(0, depth - 1);
    else if (
      depth === 0 &&
      (c === ':' || c === ';' || (c === '.' && (i + 1 === text.length || /\s/.test(text[i + 1]))))
    ) {
      out.push({ text: text.slice(start, i).trim(), start, stop: i, end: c as Piece['end'] });
      start = i + 1;
    }
  }
  if (text.slice(start).trim()) out.push({ text: text.slice(start).trim(), start, stop: text.length, end: '' });
  return out;
}

/** A label that names a band (age, weight or clearance) and not a route or a heading. */
function isBandLabel(label: string): boolean {
  return label.length <= 80 && !ROUTE_WORDS.test(label) && labelBands(label).length > 0;
}

/** A short label without numbers after the first row ("Người bệnh thẩm phân máu"): a category row. */
function isCategoryLabel(label: string): boolean {
  return label.split(/\s+/).length <= 6 && !/\d/.test(label) && !ROUTE_WORDS.test(label);
}

/** The band table of a part, or null when the part is not one (fewer than two banded rows). */
export function parseBandTable(text: string): BandTable | null {
  const ps = pieces(text);
  const rows: BandRow[] = [];
  const notes: BandNote[] = [];
  let heading = '';
  let sinceNote: number[] = [];
  for (let i = 0; i < ps.length; i++) {
    const p = ps[i];
    const label = p.text;
    const banded = p.end === ':' && isBandLabel(label);
    const category = !banded && rows.length > 0 && p.end === ':' && isCategoryLabel(label);
    if (banded || category) {
      // the value runs to the next ';' or '. ', or to the next row's label
      let j = i + 1;
      const valueParts: string[] = [];
      while (j < ps.length) {
        const q = ps[j];
        if (q.end === ':' && (isBandLabel(q.text) || isCategoryLabel(q.text)) && valueParts.length) break;
        valueParts.push(q.text);
        j++;
        if (q.end === ';' || q.end === '.' || q.end === '') break;
      }
      const rowText = text.slice(p.start, ps[j - 1].stop).trim();
      const above = [...rows].reverse().find((r) => r.bands.length)?.bands ?? [];
      rows.push({
        label,
        bands: banded ? labelBands(label) : [],
        value: valueParts.join(': '),
        text: rowText,
        // … a row that names a group of patients of its own ("Người bệnh thẩm phân máu") is no sub-row
        inherits: banded || PATIENT_GROUP.test(label) ? [] : above,
      });
      sinceNote.push(rows.length - 1);
      i = j - 1;
      continue;
    }
    if (!rows.length) {
      heading = heading ? `${heading}${prevDelimiter(ps, i)} ${label}` : label;
      continue;
    }
    notes.push({ text: label, rows: sinceNote.length ? [...sinceNote] : [] });
    sinceNote = [];
  }
  if (rows.filter((r) => r.bands.length).length < 2) return null;
  // a note after the last row applies to every row; a note between rows to the rows since the previous note
  const lastRowNote = notes.findIndex((n) => n.rows.includes(rows.length - 1));
  for (const [k, n] of notes.entries()) if (lastRowNote >= 0 && k >= lastRowNote) n.rows = rows.map((_, r) => r);
  return { heading, rows, notes };
}

function prevDelimiter(ps: Piece[], i: number): string {
  return i > 0 && ps[i - 1].end ? ps[i - 1].end : '';
}

/** What a row is checked against: the patient's age (years, or a range), weight and clearance. */
export interface PatientValues {
  ageMin: number | null;
  ageMax: number | null;
  weightKg: number | null;
  clearance: number | null;
}

/** Does the row hold the patient? Every band whose kind the patient has a value for must hold it. */
export function rowHolds(row: BandRow, p: PatientValues): boolean {
  return row.bands.every((b) => {
    if (b.kind === 'age')
      return p.ageMin === null || p.ageMax === null
        ? true
        : p.ageMin === p.ageMax
          ? bandHolds(b, p.ageMin)
          : bandOverlaps(b, p.ageMin, p.ageMax);
    if (b.kind === 'weight') return p.weightKg === null || bandHolds(b, p.weightKg);
    return p.clearance === null || bandHolds(b, p.clearance);
  });
}

/** Does the patient have a value that the row's bands speak about? */
export function rowConcerns(row: BandRow, p: PatientValues): boolean {
  return row.bands.some(
    (b) =>
      (b.kind === 'age' && p.ageMin !== null) ||
      (b.kind === 'weight' && p.weightKg !== null) ||
      (b.kind === 'renal' && p.clearance !== null),
  );
}

/**
 * The bands a part's lead phrase states ("Người lớn và trẻ từ 45 kg, uống: …", "Trẻ em từ 6 tuổi:
 * …"): the part is for those patients only. Empty when the part has no short lead phrase.
 */
export function leadBands(text: string): Band[] {
  const lead = pieces(text)[0];
  if (!lead || lead.end !== ':' || lead.text.length > 100) return [];
  return labelBands(lead.text);
}
