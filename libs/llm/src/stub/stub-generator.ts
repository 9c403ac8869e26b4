import type { AnswerSentence, EvidencePart, GenerateRequest, GenerationOutput, QueryFrame } from '@app/contracts';
import {
  ageOf,
  leadBands,
  parseBandTable,
  renalClearance,
  rowConcerns,
  rowHolds,
  rowScope,
  syllables,
  type PatientValues,
} from '@app/formulary';
import type { AnswerGenerator } from '../providers';

const MAX_PARTS = 6;

/**
 * The offline generation provider: extractive. It quotes the evidence sentences that
 * answer the frame — for an age, only the matching age band of a table, never the
 * whole section — each cited to its part. It never writes a number of its own.
 */
export class StubGenerator implements AnswerGenerator {
  async generate(req: GenerateRequest): Promise<GenerationOutput> {
    const sentences = req.list_mode ? this.list(req) : this.answer(req);
    return {
      answer_sentences: sentences,
      evidence_sufficient: sentences.length > 0,
      clarifying_question: null,
      quick_replies: [],
    };
  }

  private list(req: GenerateRequest): AnswerSentence[] {
    const out: AnswerSentence[] = [];
    for (const drug of req.candidates) {
      const part = req.evidence.find((p) => p.drug_id === drug && p.section === 'chi_dinh');
      if (part) out.push({ text: `${part.drug_name}: ${part.text}`, doc_ids: [part.doc_id] });
      for (const safety of req.evidence.filter((p) => p.drug_id === drug && p.section !== 'chi_dinh'))
        out.push({ text: `${safety.drug_name}: ${safety.text}`, doc_ids: [safety.doc_id] });
    }
    return out;
  }

  private answer(req: GenerateRequest): AnswerSentence[] {
    const patient = patientOf(req.frame);
    const chosen: EvidencePart[] = [];
    for (const p of forImpairment(req)) if (chosen.length < MAX_PARTS) chosen.push(p);
    for (const o of req.omissions)
      if (o.doc_id && !chosen.some((p) => p.doc_id === o.doc_id)) {
        const p = req.evidence.find((e) => e.doc_id === o.doc_id);
        if (p) chosen.push(p);
      }
    const out: AnswerSentence[] = [];
    for (const p of chosen) {
      const text = req.frame.is_section_overview ? p.text : narrowToPatient(p, patient);
      if (text === null) continue;
      out.push({
        text: p.drug_id && !text.toLowerCase().includes(p.drug_name.toLowerCase()) ? `${p.drug_name}: ${text}` : text,
        doc_ids: [p.doc_id],
      });
    }
    return out;
  }
}

function patientOf(frame: QueryFrame): PatientValues {
  const age = ageOf(frame.age_text);
  return {
    ageMin: age ? age.min : null,
    ageMax: age ? age.max : null,
    weightKg: frame.weight_kg,
    clearance: renalClearance(frame.patient.renal),
  };
}

/**
 * A band table (age, weight or kidney bands) is quoted for the patient: its heading, the rows
 * that hold the patient — each with its label — and the notes written for those rows (a note
 * after the last row is for every row). A table none of whose rows holds the patient is not
 * this patient's: null. Anything else is quoted whole.
 */
function narrowToPatient(part: EvidencePart, patient: PatientValues): string | null {
  if (part.section !== 'lieu_luong_cach_dung') return part.text;
  // a part whose lead phrase names other patients ("Người lớn và trẻ từ 45 kg: …" for a 27 kg child) is not this one's
  const lead = { label: '', bands: leadBands(part.text), value: '', text: '', inherits: [] };
  if (lead.bands.length && rowConcerns(lead, patient) && !rowHolds(lead, patient)) return null;
  const table = parseBandTable(part.text);
  if (!table || !table.rows.some((r) => rowConcerns(r, patient))) return part.text;
  // a row without bands ("nhiễm khuẩn nặng, viêm màng não: 80 - 100 mg/kg") is held against the banded row above it
  const rows = table.rows
    .map((r, i) => ({ r: rowScope(r), i }))
    .filter(({ r }) => r.bands.length > 0 && rowHolds(r, patient));
  if (!rows.length) return null;
  const keep = new Set(rows.map(({ i }) => i));
  const notes = table.notes.filter((n) => n.rows.some((i) => keep.has(i))).map((n) => n.text);
  const body = [rows.map(({ r }) => r.text).join('; '), ...notes].join('; ');
  return `${table.heading ? `${table.heading}: ` : ''}${body}.`;
}

const ORGAN_WORDS = {
  renal: ['suy than', 'thanh thai creatinin', 'egfr', 'loc cau than'],
  hepatic: ['suy gan', 'xo gan'],
};

/** A limit on the total, and a regimen of its own (how much each time, how often). */
const CAP_ONLY = /không vượt quá|tối đa/iu;
const PER_DOSE = /mỗi lần|lần\/ngày|mỗi \d+ giờ|cách nhau|x \d+ lần|\d+ lần/iu;

/**
 * With kidney or liver facts in the frame, a dosing answer quotes the entries for that
 * impairment and the general advice, not the usual population doses they replace (a
 * creatinine clearance of 15 ml/min must not be answered with the normal 700 - 900 mg/ngày,
 * nor cirrhosis with tramadol's usual 50 - 100 mg mỗi lần). Without such an entry in the
 * evidence nothing is dropped.
 */
function forImpairment(req: GenerateRequest): EvidencePart[] {
  const words = [
    ...(req.frame.patient.renal ? ORGAN_WORDS.renal : []),
    ...(req.frame.patient.hepatic ? ORGAN_WORDS.hepatic : []),
  ];
  if (!words.length) return req.evidence;
  const names = (text: string) => words.some((w) => ` ${syllables(text).join(' ')} `.includes(` ${w} `));
  // an entry for the impairment: a regimen (population or route tagged) naming it, or a part led by it
  // ("Suy thận: …"); a general note that mentions it in passing ("Cách dùng: … Suy thận nặng: theo dõi
  // aPTT") replaces no dose, so the usual regimen stays
  const organ = new Set(
    req.evidence.filter(
      (p) =>
        p.section === 'lieu_luong_cach_dung' &&
        names(p.text) &&
        (p.population.length > 0 || p.route !== null || names(p.text.split(/[:.]/)[0])),
    ),
  );
  if (!organ.size) return req.evidence;
  // a cap on the day's total ("tổng liều không vượt quá 8 mg/ngày") limits the usual regimen, it does not replace
  // it: the usual regimens stay — but not one with a ceiling of its own, which the cap replaces
  if ([...organ].every((p) => CAP_ONLY.test(p.text) && !PER_DOSE.test(p.text)))
    return req.evidence.filter(
      (p) =>
        p.section !== 'lieu_luong_cach_dung' || organ.has(p) || p.population.length === 0 || !CAP_ONLY.test(p.text),
    );
  return req.evidence.filter((p) => p.section !== 'lieu_luong_cach_dung' || organ.has(p) || p.population.length === 0);
}
