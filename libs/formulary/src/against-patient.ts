import type {
  ContraFinding,
  EvidencePart,
  PatientSeverity,
  QueryFrame,
  RetrievalResult,
  Route,
  SectionKey,
} from '@app/contracts';
import { allergenNames, allergyVerdict } from './allergy';
import type { CorpusDrug } from './corpus';
import { contraindicationsFor, REVIEWED_SECTIONS } from './contraindication';
import { containsPhrase, escapeRegExp, fold, normalize } from './normalize';
import { allergyMentions, reactionMentions } from './patient-facts';

/** What the check reads of the formulary. */
export interface PatientCheckSource {
  drug(drugId: string): CorpusDrug | undefined;
  section(drugId: string, section: SectionKey): EvidencePart[];
}

/** The words by which a contraindication speaks of an allergy to the drug ("Quá mẫn với …", "Mẫn cảm với …"). */
const HYPERSENSITIVITY = ['quá mẫn', 'mẫn cảm', 'dị ứng'];

/** The contraindications asked for by name ("chống chỉ định", "CCĐ"), folded. */
const CONTRAINDICATION_NAMED = /\b(?:chong chi dinh|ccd|cam dung)\b/u;

/** Sections an answer may be asked for that tell how to give the drug: a contraindication withholds them. */
const HOW_TO_GIVE: (SectionKey | null)[] = ['lieu_luong_cach_dung', null];

/**
 * One drug's answer held against the patient the conversation describes — whatever understood the turn, so a
 * model's frame gets the same check as the stub's. A stated allergy the drug falls under (`yes` by its name or
 * class, `maybe` when only a hypersensitivity clause names the allergen), and every contraindication that names
 * the patient's pregnancy, breastfeeding, kidney, liver, comorbidities or what the user's words say of them
 * (`contraindicationsFor`, the precautions that tell to avoid the drug included), go with the result
 * as `contraindicated`, for the reply to quote before the answer. One that surely applies (`yes`) to the route
 * answered withholds a dose or a way of giving it: the contraindication parts stand in its place (`withheld`).
 * A clause scoped to a dosage form the answer is not about ("không dùng dạng uống" beside an inhaled dose) is
 * not this answer's. A clause the answer already quotes (asked for the contraindications) is not repeated; asked
 * whether the drug may be used at all, the precautions that tell to avoid it for this patient still come first.
 * A route still to be asked (`AMBIGUOUS_ROUTE`) is not asked when a clause that holds for every route surely
 * applies: the dose is withheld instead.
 */
export function againstPatient(
  result: RetrievalResult,
  frame: QueryFrame,
  source: PatientCheckSource,
  severity: PatientSeverity,
  /** The user's own words of the conversation, ward shorthand expanded. */
  said: string,
): RetrievalResult {
  // a route still to be asked is not asked of a drug that surely cannot be given by any route
  const routeAsked = result.decision === 'AMBIGUOUS_ROUTE';
  if (result.decision !== 'ANSWERABLE' && result.decision !== 'VERIFY_PDF' && !routeAsked) return result;
  if (frame.non_human) return result;
  const cited = new Set(result.parts.map((p) => p.doc_id));
  const findings: ContraFinding[] = [];
  for (const drug of frame.drugs) {
    const parts = REVIEWED_SECTIONS.flatMap((s) => source.section(drug, s)).filter((p) => p.quarantined_page === null);
    findings.push(...allergyFindings(source.drug(drug), frame.patient.allergies, parts, said, 'any'));
    // an allergy in the user's words that the frame does not carry (a model left it out): only a sure one counts
    findings.push(...allergyFindings(source.drug(drug), saidAllergens(said), parts, said, 'yes'));
    const answered = answeredRoutes(result, frame, drug, source);
    for (const f of contraindicationsFor(parts, frame.patient, severity, frame.condition, said))
      if (f.routes === null || f.routes.some((r) => answered.includes(r))) findings.push(f);
  }
  const found = findings
    .filter((f) => !routeAsked || (f.applies === 'yes' && f.routes === null))
    .filter((f) => !cited.has(f.doc_id))
    .filter((f, i, all) => all.findIndex((g) => g.doc_id === f.doc_id && g.quote === f.quote) === i);
  if (!found.length) return result;
  // "bé này dùng được ko?" — asked whether the drug may be used for this patient, not for its contraindications by
  // name: when no contraindication names the patient but a precaution tells to avoid the drug for them, that
  // precaution is the answer (the contraindications list says nothing of this patient)
  const avoid = found.filter((f) => f.section === 'than_trong');
  if (
    frame.attribute === 'chong_chi_dinh' &&
    !routeAsked &&
    avoid.length &&
    !findings.some((f) => f.section === 'chong_chi_dinh') &&
    !CONTRAINDICATION_NAMED.test(fold(said))
  ) {
    const parts = frame.drugs
      .flatMap((d) => source.section(d, 'than_trong'))
      .filter((p) => avoid.some((f) => f.doc_id === p.doc_id));
    const rest = found.filter((f) => !avoid.includes(f));
    return { ...result, parts, answered_section: 'than_trong', ...(rest.length ? { contraindicated: rest } : {}) };
  }
  const withhold = HOW_TO_GIVE.includes(frame.attribute) && found.some((f) => f.applies === 'yes');
  if (!withhold) return routeAsked ? result : { ...result, contraindicated: found };
  const sure = found.filter((f) => f.applies === 'yes');
  const parts = frame.drugs
    .flatMap((d) => REVIEWED_SECTIONS.flatMap((s) => source.section(d, s)))
    .filter((p) => sure.some((f) => f.doc_id === p.doc_id));
  return { decision: 'ANSWERABLE', parts, routes: [], contraindicated: found, withheld: true };
}

/**
 * The allergens the user’s own words name, as candidates: the first one to five words after an allergy cue or
 * of a reaction told ("dị ứng penicilin", "uống amoxicilin nổi mẩn"), unless the words deny it ("ko dị ứng …").
 */
export function saidAllergens(said: string): string[] {
  const out = new Set<string>();
  const text = normalize(said);
  for (const m of [...allergyMentions(said), ...reactionMentions(said)]) {
    const ws = m.split(/\s+/u).filter(Boolean);
    for (let n = 1; n <= Math.min(5, ws.length); n++) {
      const gram = ws.slice(0, n).join(' ');
      if (!deniedAllergy(gram).test(text)) out.add(gram);
    }
  }
  return [...out];
}

/** "không dị ứng penicilin", "ko có dị ứng với thuốc …": an allergy the user denies. */
const deniedAllergy = (gram: string) =>
  new RegExp(
    `(?:không|ko|k|chưa|hông|khong|chua)\\s+(?:(?:có|co|bị|bi)\\s+)*(?:dị ứng|di ung|quá mẫn|qua man|mẫn cảm|man cam)\\s+(?:(?:với|voi|thuốc|thuoc|nhóm|nhom)\\s+)*${escapeRegExp(gram)}`,
    'iu',
  );

/**
 * The contraindication clause that speaks of an allergy the patient states — the one naming the allergen, else the
 * drug's own hypersensitivity clause — verbatim, or null (a list that keeps the drug off quotes it).
 */
export function allergyClause(contra: EvidencePart[], allergy: string): { doc_id: string; quote: string } | null {
  const clauses = contra
    .filter((p) => p.section === 'chong_chi_dinh' && p.quarantined_page === null)
    .flatMap((p) =>
      p.text
        .split(/(?<=[.;])\s+/u)
        .filter((c) => HYPERSENSITIVITY.some((h) => containsPhrase(c, h)))
        .map((quote) => ({ doc_id: p.doc_id, quote: quote.trim() })),
    );
  const names = allergenNames(allergy);
  return clauses.find((c) => names.some((n) => containsPhrase(c.quote, n))) ?? clauses[0] ?? null;
}

/** The clause of the drug's contraindications that an allergy the patient states falls under, as a finding. */
function allergyFindings(
  info: CorpusDrug | undefined,
  allergies: string[],
  parts: EvidencePart[],
  said: string,
  /** `yes`: only an allergy that surely rules the drug out (its name or class). */
  needed: 'any' | 'yes',
): ContraFinding[] {
  if (!info) return [];
  const contra = parts.filter((p) => p.section === 'chong_chi_dinh');
  const out: ContraFinding[] = [];
  for (const allergy of allergies) {
    const applies = allergyVerdict(
      info,
      allergy,
      contra.map((p) => p.text),
      said,
    );
    if (!applies || (needed === 'yes' && applies !== 'yes')) continue;
    const clause = allergyClause(contra, allergy);
    if (clause)
      out.push({
        drug_id: info.drug_id,
        doc_id: clause.doc_id,
        section: 'chong_chi_dinh',
        quote: clause.quote,
        applies,
        routes: null,
      });
  }
  return out;
}

/** The routes the answer is about: the one asked, else those of its dosing parts, else every route the drug has. */
function answeredRoutes(result: RetrievalResult, frame: QueryFrame, drug: string, source: PatientCheckSource): Route[] {
  if (frame.route) return [frame.route];
  const own = result.parts.filter((p) => p.drug_id === drug && p.route !== null).map((p) => p.route!);
  if (own.length) return [...new Set(own)];
  return [
    ...new Set(
      source
        .section(drug, 'lieu_luong_cach_dung')
        .map((p) => p.route)
        .filter((r): r is Route => r !== null),
    ),
  ];
}
