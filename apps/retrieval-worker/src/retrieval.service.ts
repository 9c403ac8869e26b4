import { Inject, Injectable } from '@nestjs/common';
import type { EvidencePart, HopPayload, HopResult, PatientContext, SectionKey } from '@app/contracts';
import {
  againstPatient,
  allergyClause,
  byDosageForm,
  coMedicationNotes,
  exceptedDrugs,
  forbiddenPairs,
  scopeHolds,
  pairNotes,
  deniedForWords,
  inClasses,
  pickIndicationPart,
  splitByAge,
  containsPhrase,
  REVIEWED_SECTIONS,
  contraindicationsFor,
  lastResortFindings,
  lastResortsOff,
  decide,
  withElderlyCautions,
  allergyVerdict,
  excludedByAllergy,
  routesGivenFor,
  saidAllergens,
  expandCondition,
  namesCondition,
  retrieveForFrame,
  type CoMedicationSource,
  type ContraFinding,
  type CorpusIndex,
} from '@app/formulary';
import { EMBEDDER, type Embedder } from '@app/llm';
import { CorpusService } from '@app/persistence';
import { RequestBudget } from '@app/platform';

const MAX_CANDIDATES = 15;
/** Dense fallback for indications: below this cosine a part is not the condition. */
const DENSE_MIN_SCORE = 0.45;

const SAFETY_SECTIONS: SectionKey[] = ['chong_chi_dinh', 'than_trong', 'lieu_luong_cach_dung'];
const RENAL = /(?<!\p{L})thận(?! trọng)(?!\p{L})/u;
const HEPATIC = /(?<!\p{L})gan(?!\p{L})/u;

/** Retrieval over the in-memory index: no LLM call, no database round trip. */
@Injectable()
export class RetrievalService {
  constructor(
    private readonly corpus: CorpusService,
    private readonly budget: RequestBudget,
    @Inject(EMBEDDER) private readonly embedder: Embedder | null,
  ) {}

  private get index(): CorpusIndex {
    return this.corpus.index;
  }

  /** What the co-medication notes read of the formulary. */
  private get pairSource(): CoMedicationSource {
    return {
      section: (drug, section) => this.index.section(drug, section),
      namesOf: (drug) => this.index.namesOf(drug),
      findMentions: (text) => this.index.resolver.findMentions(text),
    };
  }

  /**
   * Row 16's retrieval: the parts for the frame, decided; the elderly precautions beside an adult dose; and the
   * answer held against the patient the user's words describe (allergies, contraindications), whatever model
   * read the turn.
   */
  retrieveFramed(p: HopPayload<'retrieval', 'retrieve_framed'>): HopResult<'retrieval', 'retrieve_framed'> {
    const decided = decide(retrieveForFrame(this.index, p.frame, p.query), p.frame, this.index, [], p.query, p.context);
    const cautioned = withElderlyCautions(decided, p.frame, (drug, section) => this.index.section(drug, section));
    const held = againstPatient(cautioned, p.frame, this.index, p.severity, p.said);
    if (held.decision !== 'ANSWERABLE' && held.decision !== 'VERIFY_PDF') return held;
    // a drug the patient takes, named in their words: what the interaction sections say of the pair goes beside
    const notes = coMedicationNotes(p.frame, this.pairSource, p.said, new Set(held.parts.map((x) => x.doc_id)));
    return notes.length ? { ...held, co_medications: notes } : held;
  }

  /**
   * Condition → drug candidates. Keyword first; the dense fallback only proposes: a drug is listed
   * only when its indication part names every content word of the condition (any synonym) as a
   * term of its own — never on one generic word ("đau" is not "đau thắt ngực"). Close but not
   * matching is `weak` (the reply asks which condition); a Bedrock embedding call is a provider
   * call, so it waits for the budget like any model call.
   */
  async retrieveByIndication(
    p: HopPayload<'retrieval', 'retrieve_by_indication'>,
    turnId: string,
  ): Promise<HopResult<'retrieval', 'retrieve_by_indication'>> {
    let scored = this.index.indicationKeyword(p.condition);
    let weak = false;
    if (!scored.length && this.embedder && this.index.hasDense) {
      if (this.embedder.remote) await this.budget.require(turnId);
      const [vector] = await this.embedder.embed([p.condition]);
      const near = this.index.searchDense(vector, { sections: ['chi_dinh'] }, 8, DENSE_MIN_SCORE);
      scored = near.filter((s) => namesCondition(s.part.text, p.condition));
      // a condition the formulary speaks of elsewhere ("cường giáp") is precise: no indication treats it, no clarify
      weak = near.length > 0 && scored.length === 0 && !this.index.namesAnywhere(p.condition);
    }
    // one part per drug (the best), the drug read off matched_doc_id: {drug_id}__chi_dinh__{n}; a drug
    // outside a class the question names ("thuốc giảm đau opioid nào") is never a candidate
    const perDrug = new Map<string, EvidencePart[]>();
    const offClass = new Set<string>();
    // "ngoài para và NSAID thì còn thuốc giảm đau nào": the drugs the question sets aside are not listed
    const excepted = new Set(exceptedDrugs(p.context, this.index.resolver.findMentions(p.context)));
    const setAside = new Set<string>();
    const notFor = new Map<string, string>();
    for (const s of scored) {
      const drugId = s.part.doc_id.split('__')[0];
      if (excepted.has(drugId)) setAside.add(drugId);
      else if (!inClasses(this.index.drug(drugId)?.atc ?? '', p.classes)) offClass.add(drugId);
      // "Không có hiệu quả … cơn vắng ý thức" in any of its indications, for a patient with absence seizures:
      // not this patient's drug
      else {
        const denied = this.deniedFor(drugId, p.context, p.condition);
        if (denied) notFor.set(drugId, denied);
        else perDrug.set(drugId, [...(perDrug.get(drugId) ?? []), s.part]);
      }
    }
    // "bé trai 13t, ĐTĐ typ 2": an indication written for another age group ("… ở người lớn") is not this patient's —
    // another of the drug's indications for the condition may be ("… ở trẻ em từ 10 tuổi"); with none, the drug is
    // not listed and the reply quotes why
    const { kept, otherAge } = splitByAge(perDrug, p.context, p.condition);
    // one part per drug: the one that treats the condition and stands closest to the user's words
    const best = new Map([...kept].map(([id, parts]) => [id, pickIndicationPart(parts, p.condition, p.context)]));
    const listed = [...best.entries()].slice(0, MAX_CANDIDATES);
    return {
      parts: listed.map(([, part]) => part),
      drug_ids: listed.map(([id]) => id),
      off_class: [...offClass],
      set_aside: [...setAside],
      not_for: [...notFor].map(([drug_id, quote]) => ({ drug_id, quote })),
      other_age: [...otherAge].map(([drug_id, quote]) => ({ drug_id, quote })),
      weak,
      total: best.size,
    };
  }

  /** Each drug's interaction section, pooled; the pool keeps only parts naming another of the drugs. */
  retrieveInteraction(
    p: HopPayload<'retrieval', 'retrieve_interaction'>,
  ): HopResult<'retrieval', 'retrieve_interaction'> {
    const pool = p.frame.drugs.flatMap((drug) => this.index.section(drug, 'tuong_tac_thuoc'));
    return decide(pool, p.frame, this.index, p.frame.drugs);
  }

  retrieveSection(p: HopPayload<'retrieval', 'retrieve_section'>): HopResult<'retrieval', 'retrieve_section'> {
    return { parts: this.index.section(p.drug_id, p.section) };
  }

  /**
   * Stage 2: the safety evidence each candidate has for this patient (pregnancy, lactation,
   * kidney, liver, comorbidities), the candidates a stated allergy keeps off the list, and those a
   * contraindication naming the patient's state keeps off (when it applies, and when the words
   * cannot tell whether it does). A candidate is listed only with safety evidence for the
   * pregnancy, lactation, kidney or liver facts; comorbidities add the parts that name them.
   */
  assessPatientCandidates(
    p: HopPayload<'retrieval', 'assess_patient_candidates'>,
  ): HopResult<'retrieval', 'assess_patient_candidates'> {
    const parts: EvidencePart[] = [];
    const reviewed: string[] = [];
    const excluded: { drug_id: string; allergy: string; quote?: string }[] = [];
    const contraindicated: ContraFinding[] = [];
    const formLimited: ContraFinding[] = [];
    const { patient } = p;
    const organFacts = patient.pregnant || patient.lactating || patient.renal !== null || patient.hepatic !== null;
    for (const drug of p.drug_ids) {
      const contra = this.index.section(drug, 'chong_chi_dinh').map((q) => q.text);
      const info = this.index.drug(drug);
      // an allergy in the words of the patient asked about that the frame does not carry (a model left it out, or
      // the conversation came back to this patient's bed): only a sure one keeps the drug off
      const allergy =
        info &&
        (patient.allergies.find((a) => excludedByAllergy(info, a, contra, p.said)) ??
          saidAllergens(p.said).find((a) => allergyVerdict(info, a, contra, p.said) === 'yes'));
      if (allergy) {
        // the clause that keeps it off, quoted with the list ("… quá mẫn tức thì nặng (như phản vệ) với penicilin …")
        const clause = allergyClause(this.index.section(drug, 'chong_chi_dinh'), allergy);
        excluded.push({ drug_id: drug, allergy, ...(clause ? { quote: clause.quote } : {}) });
        continue;
      }
      // an unverified table is never quoted as the reason
      const stateParts = REVIEWED_SECTIONS.flatMap((s) => this.index.section(drug, s)).filter(
        (q) => q.quarantined_page === null,
      );
      const findings = contraindicationsFor(stateParts, patient, p.severity, p.condition, p.said);
      // a clause scoped to a dosage form ("Dạng tiêm: …") keeps the drug off only when every dosing row is of that form
      // … the routes the drug is given by for this condition, when its indication says them ("Trạng thái động kinh:
      // tiêm tĩnh mạch sau benzodiazepin"): a clause forbidding that form keeps it off though other forms exist
      const { forbids, formLimited: limited } = byDosageForm(findings, routesGivenFor(this.index, drug, p.condition));
      if (forbids) {
        contraindicated.push(forbids);
        continue;
      }
      formLimited.push(...limited);
      const found = this.safetyParts(drug, patient);
      if (!organFacts || found.some((q) => !this.comorbidityOnly(q, patient))) {
        reviewed.push(drug);
        parts.push(...found);
      }
    }
    // a drug whose contraindication for this patient is lifted only when nothing else will do ("Phụ nữ có thai, trừ
    // trường hợp động kinh không có lựa chọn điều trị thay thế phù hợp") is kept off when the list has another
    // … and so is one its pregnancy section says to avoid ("Không nên dùng trong thời kỳ mang thai"), for a pregnant patient
    const kept = lastResortsOff(reviewed, (drug) =>
      lastResortFindings(
        [...this.index.section(drug, 'chong_chi_dinh'), ...this.index.section(drug, 'thoi_ky_mang_thai')].filter(
          (q) => q.quarantined_page === null,
        ),
        patient,
        p.severity,
        p.condition,
      ),
    );
    for (const f of kept) {
      reviewed.splice(reviewed.indexOf(f.drug_id), 1);
      contraindicated.push(f);
    }
    // a listed drug beside a drug the patient takes: what the interaction sections say of the pair goes with the list
    // — and a pair an interaction section forbids keeps the listed drug off
    const notes = pairNotes(reviewed, this.pairSource, p.said);
    const forbidden = forbiddenPairs(
      notes,
      (drug) => this.index.namesOf(drug),
      scopeHolds(this.index, patient, p.severity, p.condition, p.said),
    );
    for (const f of forbidden) {
      reviewed.splice(reviewed.indexOf(f.drug_id), 1);
      contraindicated.push(f);
    }
    const off = [...kept, ...forbidden];
    const listedParts = parts.filter((q) => !off.some((f) => f.drug_id === q.drug_id));
    const coMedications = notes.filter((n) => reviewed.includes(n.drug_id));
    return {
      parts: listedParts,
      reviewed_drug_ids: reviewed,
      excluded,
      contraindicated,
      form_limited: formLimited,
      co_medications: coMedications,
    };
  }

  /** The indication of the drug that denies it for what the user describes, or null. */
  private deniedFor(drug: string, said: string, condition: string): string | null {
    return this.index.section(drug, 'chi_dinh').find((q) => deniedForWords(q.text, said, condition))?.text ?? null;
  }

  private safetyParts(drug: string, patient: PatientContext): EvidencePart[] {
    const out: EvidencePart[] = [];
    if (patient.pregnant) out.push(...this.index.section(drug, 'thoi_ky_mang_thai'));
    if (patient.lactating) out.push(...this.index.section(drug, 'thoi_ky_cho_con_bu'));
    for (const [present, re] of [
      [patient.renal !== null, RENAL],
      [patient.hepatic !== null, HEPATIC],
    ] as const) {
      if (!present) continue;
      for (const s of SAFETY_SECTIONS)
        out.push(...this.index.section(drug, s).filter((q) => re.test(q.text.toLowerCase())));
    }
    for (const s of ['chong_chi_dinh', 'than_trong'] as const)
      out.push(...this.index.section(drug, s).filter((q) => patient.comorbidities.some((c) => namesAny(q.text, c))));
    return dedupe(out);
  }

  /** A part found only because it names a comorbidity (it does not make a candidate reviewed for organ facts). */
  private comorbidityOnly(q: EvidencePart, patient: PatientContext): boolean {
    const organ =
      (patient.pregnant && q.section === 'thoi_ky_mang_thai') ||
      (patient.lactating && q.section === 'thoi_ky_cho_con_bu') ||
      (patient.renal !== null && RENAL.test(q.text.toLowerCase())) ||
      (patient.hepatic !== null && HEPATIC.test(q.text.toLowerCase()));
    return !organ;
  }

  decide(p: HopPayload<'retrieval', 'decide'>): HopResult<'retrieval', 'decide'> {
    return decide(p.parts, p.frame, this.index, p.require_mention_of);
  }
}

function dedupe(parts: EvidencePart[]): EvidencePart[] {
  const seen = new Set<string>();
  return parts.filter((p) => (seen.has(p.doc_id) ? false : (seen.add(p.doc_id), true)));
}

/** Does the text name the condition, under any of its formulary synonyms? */
function namesAny(text: string, condition: string): boolean {
  return expandCondition(condition).some((v) => containsPhrase(text, v));
}
