import type { AnswerSentence, EvidencePart, QueryFrame } from '@app/contracts';
import {
  ageOf,
  labelBands,
  leadBands,
  normalize,
  parseBandTable,
  renalClearance,
  rowConcerns,
  rowHolds,
  rowScope,
  type Band,
  type BandTable,
  type PatientValues,
} from '@app/formulary';
import { extractNumbers } from './numeric-guard';
import type { GuardResult } from './numeric-guard';

/** The patient values a frame holds, as the band rows read them. */
export function patientValues(frame: QueryFrame | null): PatientValues {
  const age = ageOf(frame?.age_text ?? null);
  return {
    ageMin: age ? age.min : null,
    ageMax: age ? age.max : null,
    weightKg: frame?.weight_kg ?? null,
    clearance: renalClearance(frame?.patient.renal ?? null),
  };
}

const sameBand = (a: Band, b: Band) =>
  a.kind === b.kind && Math.abs(a.min - b.min) < 1e-6 && (a.max === b.max || Math.abs(a.max - b.max) < 1e-6);

/**
 * The band check, in code, on every answer whoever wrote it: a number drawn from a row of
 * an age, weight or kidney band table must stand with that row's label (the band written
 * in the same sentence), and — unless the whole section was asked for — the row must hold
 * the patient's age, weight or clearance from the frame; so must any whole row quoted. A
 * 5-year-old answered from the 8–9-year row, or a row's dose with its label dropped, fails closed.
 */
export function checkBands(
  sentences: AnswerSentence[],
  evidence: EvidencePart[],
  frame: QueryFrame | null,
): GuardResult {
  const byId = new Map(evidence.map((p) => [p.doc_id, p]));
  const tables = new Map<string, BandTable | null>();
  const tableOf = (p: EvidencePart) => {
    if (!tables.has(p.doc_id))
      tables.set(p.doc_id, p.section === 'lieu_luong_cach_dung' ? parseBandTable(p.text) : null);
    return tables.get(p.doc_id)!;
  };
  const patient = patientValues(frame);
  const overview = frame?.is_section_overview ?? false;
  const failures: string[] = [];

  sentences.forEach((s, i) => {
    const cited = s.doc_ids.map((id) => byId.get(id)).filter((p): p is EvidencePart => !!p);
    // a cited dosing part whose lead phrase names other patients cannot answer for this one
    if (!overview)
      for (const p of cited) {
        const lead = {
          label: '',
          bands: p.section === 'lieu_luong_cach_dung' ? leadBands(p.text) : [],
          value: '',
          text: '',
          inherits: [],
        };
        if (
          lead.bands.length &&
          extractNumbers(s.text).length &&
          rowConcerns(lead, patient) &&
          !rowHolds(lead, patient)
        )
          failures.push(`sentence ${i + 1}: ${p.doc_id} is for other patients than this one (${describe(frame)})`);
      }
    const banded = cited.map(tableOf).filter((t): t is BandTable => t !== null);
    if (!banded.length) return;
    const said = normalize(s.text);
    const saidBands = labelBands(s.text);
    // numbers inside a label the sentence quotes are the label's, not a dose
    let rest = said;
    for (const t of banded)
      for (const r of [...t.rows].sort((a, b) => b.label.length - a.label.length)) {
        const l = normalize(r.label);
        if (l && rest.includes(l)) rest = rest.split(l).join(' ');
      }
    // numbers or not ("dưới 10 ml/phút: chống chỉ định"): a whole row quoted must be the patient's,
    // and a row's value outside the rows quoted whole stands with its label
    let unquoted = said;
    for (const t of banded)
      for (const r of [...t.rows].map(rowScope).sort((a, b) => b.text.length - a.text.length)) {
        const whole = normalize(r.text);
        if (!r.bands.length || !unquoted.includes(whole)) continue;
        unquoted = unquoted.split(whole).join(' | ');
        if (!overview && rowConcerns(r, patient) && !rowHolds(r, patient))
          failures.push(`sentence ${i + 1}: the row "${r.label}" does not hold this patient (${describe(frame)})`);
      }
    for (const t of banded)
      for (const r of t.rows) {
        const value = normalize(r.value);
        if (!r.bands.length || value.split(' ').length < 2 || !unquoted.includes(value)) continue;
        const labelled = r.bands.every((b) => saidBands.some((sb) => sameBand(sb, b)));
        const elsewhere =
          normalize(t.heading).includes(value) || t.notes.some((n) => normalize(n.text).includes(value));
        if (!labelled && !elsewhere)
          failures.push(`sentence ${i + 1}: "${r.value}" from the row "${r.label}" is quoted without its label`);
      }
    for (const n of extractNumbers(rest)) {
      for (const t of banded) {
        const same = (text: string) =>
          extractNumbers(text).some((e) => e.value === n.value && (n.unit === null || e.unit === n.unit));
        const rows = t.rows.filter((r) => same(r.value));
        if (!rows.length || same(t.heading) || t.notes.some((note) => same(note.text))) continue;
        const labelled = rows.filter(
          (r) =>
            said.includes(normalize(r.label)) ||
            (r.bands.length > 0 && r.bands.every((b) => saidBands.some((sb) => sameBand(sb, b)))),
        );
        if (!labelled.length) {
          failures.push(`sentence ${i + 1}: "${n.raw}" from the row "${rows[0].label}" is quoted without its label`);
          continue;
        }
        // a row without bands of its own is held against the banded row above it ("viêm màng não: 80 - 100 mg/kg")
        const scoped = labelled.map(rowScope);
        if (overview || !scoped.some((r) => rowConcerns(r, patient))) continue;
        if (!scoped.some((r) => rowHolds(r, patient)))
          failures.push(
            `sentence ${i + 1}: the row "${labelled[0].label}" does not hold this patient (${describe(frame)})`,
          );
      }
    }
  });
  return { ok: failures.length === 0, failures: [...new Set(failures)] };
}

function describe(frame: QueryFrame | null): string {
  if (!frame) return 'no patient';
  return [frame.age_text, frame.weight_kg !== null ? `${frame.weight_kg} kg` : null, frame.patient.renal]
    .filter(Boolean)
    .join(', ');
}
