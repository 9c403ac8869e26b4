import { Inject, Injectable } from '@nestjs/common';
import type { EvidencePart, HopPayload, HopResult, PatientContext, SectionKey } from '@app/contracts';
import { decide, retrieveForFrame, type CorpusIndex } from '@app/formulary';
import { EMBEDDER, type Embedder } from '@app/llm';
import { CorpusService } from '@app/persistence';

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
    @Inject(EMBEDDER) private readonly embedder: Embedder | null,
  ) {}

  private get index(): CorpusIndex {
    return this.corpus.index;
  }

  retrieveFramed(p: HopPayload<'retrieval', 'retrieve_framed'>): HopResult<'retrieval', 'retrieve_framed'> {
    return decide(retrieveForFrame(this.index, p.frame, p.query), p.frame, this.index);
  }

  async retrieveByIndication(
    p: HopPayload<'retrieval', 'retrieve_by_indication'>,
  ): Promise<HopResult<'retrieval', 'retrieve_by_indication'>> {
    let scored = this.index.indicationKeyword(p.condition);
    if (!scored.length && this.embedder && this.index.hasDense) {
      const [vector] = await this.embedder.embed([p.condition]);
      scored = this.index.searchDense(vector, { sections: ['chi_dinh'] }, 8, DENSE_MIN_SCORE);
    }
    // one part per drug (the best), the drug read off matched_doc_id: {drug_id}__chi_dinh__{n}
    const best = new Map<string, EvidencePart>();
    for (const s of scored) {
      const drugId = s.part.doc_id.split('__')[0];
      if (!best.has(drugId) && best.size < MAX_CANDIDATES) best.set(drugId, s.part);
    }
    return { parts: [...best.values()], drug_ids: [...best.keys()] };
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

  /** Stage 2: the safety evidence each candidate has for this patient (pregnancy, lactation, renal, hepatic). */
  assessPatientCandidates(
    p: HopPayload<'retrieval', 'assess_patient_candidates'>,
  ): HopResult<'retrieval', 'assess_patient_candidates'> {
    const parts: EvidencePart[] = [];
    const reviewed: string[] = [];
    for (const drug of p.drug_ids) {
      const found = this.safetyParts(drug, p.patient);
      if (found.length) {
        reviewed.push(drug);
        parts.push(...found);
      }
    }
    return { parts, reviewed_drug_ids: reviewed };
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
    return dedupe(out);
  }

  decide(p: HopPayload<'retrieval', 'decide'>): HopResult<'retrieval', 'decide'> {
    return decide(p.parts, p.frame, this.index, p.require_mention_of);
  }
}

function dedupe(parts: EvidencePart[]): EvidencePart[] {
  const seen = new Set<string>();
  return parts.filter((p) => (seen.has(p.doc_id) ? false : (seen.add(p.doc_id), true)));
}
