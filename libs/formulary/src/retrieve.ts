import type { EvidencePart, QueryFrame, SectionKey } from '@app/contracts';
import type { CorpusIndex } from './corpus-index';
import { classTermsOf } from './allergy';
import { containsPhrase } from './normalize';
import { routeSections } from './section-router';

/** Parts kept per drug and section when a section is long and the query narrows it. */
export const TOP_K = 6;
const MAX_DRUGS = 3;

/**
 * The parts a framed question is about, best first: for each drug, the asked section(s)
 * ranked by BM25 against the query. Dosing sections and overviews come whole (decide()
 * narrows them by population and route); other long sections keep their best TOP_K
 * plus any quarantined table (its notice must travel with the answer).
 */
export function retrieveForFrame(index: CorpusIndex, frame: QueryFrame, query: string): EvidencePart[] {
  const sections: SectionKey[] = frame.attribute ? [frame.attribute] : routeSections(query);
  const out: EvidencePart[] = [];
  // an allergy to one drug is an allergy to say of its class: "dị ứng amoxicilin" meets "dị ứng penicilin"
  const allergens = frame.patient.allergies.flatMap((a) => {
    const id = index.resolver.findMentions(a)[0]?.resolution?.drug_id;
    const atc = id ? index.drug(id)?.atc : undefined;
    return [a, ...(atc ? classTermsOf(atc) : [])];
  });
  for (const drug of frame.drugs.slice(0, MAX_DRUGS)) {
    if (!sections.length) {
      out.push(...index.searchKeyword(query, { drugIds: [drug] }, TOP_K / 2).map((s) => s.part));
      continue;
    }
    for (const section of sections) {
      const all = index.section(drug, section);
      const ranked = index.rankWithinSection(drug, section, query).map((s) => s.part);
      const ordered = [...ranked, ...all.filter((p) => !ranked.includes(p))];
      if (frame.is_section_overview || section === 'lieu_luong_cach_dung' || all.length <= TOP_K) {
        out.push(...ordered);
        continue;
      }
      const top = ordered.slice(0, TOP_K);
      out.push(...top, ...all.filter((p) => p.quarantined_page !== null && !top.includes(p)));
    }
    // "dị ứng penicilin, cefalexin dùng được không": whether it may be used for this patient includes
    // what the precautions say about the stated allergen (cross-allergy), not only the contraindications
    if (sections.includes('chong_chi_dinh') && frame.patient.allergies.length)
      out.push(...index.section(drug, 'than_trong').filter((p) => allergens.some((a) => containsPhrase(p.text, a))));
  }
  const seen = new Set<string>();
  return out.filter((p) => (seen.has(p.doc_id) ? false : (seen.add(p.doc_id), true)));
}
