import type {
  CoMedicationNote,
  ContraFinding,
  EvidencePart,
  PatientContext,
  PatientSeverity,
  QueryFrame,
  SectionKey,
} from '@app/contracts';
import { contraindicationsFor } from './contraindication';
import { saidAllergens } from './against-patient';
import { mentionsText } from './decide';
import { containsPhrase, fold } from './normalize';
import type { Mention } from './resolver';
import { nameDenied } from './turn-asks';

/** What the check reads: the interaction sections, the drugs' names, and the mentions in free text. */
export interface CoMedicationSource {
  section(drugId: string, section: SectionKey): EvidencePart[];
  namesOf(drugId: string): string[];
  findMentions(text: string): Mention[];
}

/** A sentence's lead — what it speaks of, before a colon near its start ("Clarithromycin: …") — or null. */
const leadOf = (sentence: string) => {
  const colon = sentence.indexOf(':');
  return colon > 0 && colon <= 80 ? sentence.slice(0, colon) : null;
};

const sentencesOf = (text: string) =>
  text
    .split(/(?<=[.!?;])\s+(?=\p{Lu})/u)
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * "bn đang amlodipin …, simvastatin liều tối đa bn?": a dose (or any section) of a drug asked for a patient whose
 * words name another formulary drug is held against the interaction sections of both — each sentence that names
 * the pair is quoted beside the answer (amlodipin's "không dùng simvastatin quá 20 mg/ngày" caps the dose asked).
 * A drug told only as an allergy, or named as the one it is not ("ko phải levothyrox"), is no drug the patient
 * takes. Parts already among the answer's evidence (`cited`) are not repeated. Unverified tables are never quoted.
 */
export function coMedicationNotes(
  frame: QueryFrame,
  source: CoMedicationSource,
  said: string,
  cited: Set<string> = new Set(),
): CoMedicationNote[] {
  if (frame.attribute === 'tuong_tac_thuoc' || frame.non_human || !frame.drugs.length) return [];
  return pairNotes(frame.drugs, source, said, cited);
}

/**
 * What the interaction sections say of each drug in `drugs` beside every other formulary drug the user's words
 * name as the patient's (not as an allergy, not denied): one note per part, its pair sentences verbatim. Shared by
 * a single drug's answer and a condition → drug list (each listed drug against the drugs the patient takes).
 */
export function pairNotes(
  drugs: string[],
  source: CoMedicationSource,
  said: string,
  cited: Set<string> = new Set(),
): CoMedicationNote[] {
  const allergens = saidAllergens(said).map(fold);
  const taken = new Set<string>();
  for (const m of source.findMentions(said)) {
    const id = m.resolution?.drug_id;
    if (!id || drugs.includes(id)) continue;
    if (allergens.some((a) => a === fold(m.text)) || nameDenied(said, m.text)) continue;
    taken.add(id);
  }
  const out: CoMedicationNote[] = [];
  for (const drug of drugs)
    for (const other of taken)
      for (const [owner, named] of [
        [drug, other],
        [other, drug],
      ])
        for (const p of source.section(owner, 'tuong_tac_thuoc')) {
          if (p.quarantined_page !== null || cited.has(p.doc_id)) continue;
          const all = sentencesOf(p.text);
          // "Clarithromycin: ức chế mạnh CYP3A4 … xoắn đỉnh. Chống chỉ định phối hợp.": after a lead that names the other
          // drug, the sentences speak of the pair without naming it again — until a sentence opens a lead of its own
          // ("Miconazol …: chống chỉ định phối hợp" is miconazol's)
          let underLead = false;
          const at = all.flatMap((s, i) => {
            const lead = leadOf(s);
            if (lead !== null) underLead = mentionsText(lead, named, source);
            return underLead || mentionsText(s, named, source) ? [i] : [];
          });
          // verbatim: sentences that do not follow one another are joined by an ellipsis, never run together
          const keep = at.map((i, k) => (k > 0 && at[k - 1] !== i - 1 ? `… ${all[i]}` : all[i]));
          // a sentence written on the owner's own section names the owner by context: only the other drug is needed
          if (keep.length && !out.some((o) => o.doc_id === p.doc_id))
            out.push({ drug_id: drug, other, owner, doc_id: p.doc_id, quote: keep.join(' ') });
        }
  return out;
}

/** An interaction sentence that forbids a pair ("Chống chỉ định phối hợp", "không được dùng đồng thời"). */
const PAIR_FORBIDDEN =
  /(?:chống chỉ định (?:phối hợp|dùng đồng thời|dùng cùng|dùng chung)|không được (?:phối hợp|dùng đồng thời|dùng cùng|dùng chung))(?:\s+(?:với|voi)\s+([^;,.()]+))?([^;.]*)/giu;
/** A forbidding phrase scoped to some patients ("… ở người suy gan hoặc suy thận", "… khi …"). */
const SCOPED = /^\s*(?:ở|khi|nếu|trong|cho)\s/u;

/**
 * "Thuốc hạ lipid máu nào … có thể dùng cùng?" beside clarithromycin the patient takes: a listed drug whose pair with
 * a drug the patient takes an interaction section forbids (simvastatin: "Chống chỉ định phối hợp") is kept off the
 * list like a contraindication, the note quoted. A forbidding phrase that names its drug ("tránh phối hợp (chống chỉ
 * định phối hợp với domperidon)" on amiodaron's section) forbids that drug's pair only — not clarithromycin's, which
 * the same sentence names among the drugs to avoid. One scoped to some patients ("Chống chỉ định phối hợp ở người suy
 * gan hoặc suy thận") forbids it only as far as `holds` finds the scope in this patient (a contraindication's own
 * check): `yes`, `maybe` (kept off, said as may), or null.
 */
export function forbiddenPairs(
  notes: CoMedicationNote[],
  namesOf: (drugId: string) => string[],
  holds: (scope: string, note: CoMedicationNote) => 'yes' | 'maybe' | null,
): ContraFinding[] {
  const out: ContraFinding[] = [];
  for (const n of notes) {
    if (out.some((f) => f.drug_id === n.drug_id)) continue;
    // the drug of the pair the owner's section speaks of
    const partner = n.owner === n.drug_id ? n.other : n.drug_id;
    let applies: 'yes' | 'maybe' | null = null;
    for (const m of n.quote.matchAll(PAIR_FORBIDDEN)) {
      if (m[1] && !namesOf(partner).some((name) => containsPhrase(m[1], name))) continue;
      const verdict = SCOPED.test(m[2] ?? '') ? holds(m[2].trim(), n) : 'yes';
      if (verdict === 'yes' || (verdict === 'maybe' && applies === null)) applies = verdict;
    }
    if (applies)
      out.push({
        drug_id: n.drug_id,
        doc_id: n.doc_id,
        section: 'tuong_tac_thuoc',
        quote: n.quote,
        applies,
        routes: null,
      });
  }
  return out;
}

/**
 * How a forbid's scope ("ở người suy gan hoặc suy thận") holds for this patient: read as a contraindication clause of
 * the note's own part — `yes`, `maybe` or null (contraindicationsFor). The `holds` of forbiddenPairs.
 */
export function scopeHolds(
  source: Pick<CoMedicationSource, 'section'>,
  patient: PatientContext,
  severity: PatientSeverity,
  condition: string | null,
  said: string,
): (scope: string, note: CoMedicationNote) => 'yes' | 'maybe' | null {
  return (scope, note) => {
    const part = source.section(note.owner, 'tuong_tac_thuoc').find((p) => p.doc_id === note.doc_id);
    if (!part) return null;
    const clause: EvidencePart = { ...part, section: 'chong_chi_dinh', text: scope };
    return contraindicationsFor([clause], patient, severity, condition, said)[0]?.applies ?? null;
  };
}
