import type { AnswerSentence, Entailment, EvidencePart } from '@app/contracts';
import { syllables, type DrugResolver } from '@app/formulary';
import type { AnswerVerifier } from '../providers';

const NEGATIONS = ['khong', 'chua', 'cam', 'tranh'];
const MIN_COVERAGE = 0.85;

/**
 * The offline verification provider: a lexical entailment check. A sentence is
 * supported when its words are covered by one of its cited parts, the drugs it names
 * are named there, and its negations match the evidence it copies.
 */
export class StubVerifier implements AnswerVerifier {
  constructor(private readonly resolver: DrugResolver) {}

  async sufficiency(_query: string, evidence: EvidencePart[]): Promise<{ sufficient: boolean }> {
    return { sufficient: evidence.length > 0 };
  }

  async entail(_query: string, sentences: AnswerSentence[], evidence: EvidencePart[]): Promise<Entailment> {
    const byId = new Map(evidence.map((p) => [p.doc_id, p]));
    const unsupported: string[] = [];
    for (const s of sentences) {
      const cited = s.doc_ids.map((id) => byId.get(id)).filter((p): p is EvidencePart => !!p);
      if (!cited.length) {
        if (syllables(s.text).length > 3) unsupported.push(s.text);
        continue;
      }
      if (!this.supported(s.text, cited)) unsupported.push(s.text);
    }
    return { entailed: unsupported.length === 0, unsupported_claims: unsupported, omissions: [] };
  }

  private supported(sentence: string, cited: EvidencePart[]): boolean {
    const words = syllables(sentence);
    const evidenceText = cited.map((p) => `${p.drug_name}: ${p.text}`).join(' ');
    const evidenceWords = new Set(syllables(evidenceText));
    const covered = words.filter((w) => evidenceWords.has(w)).length / Math.max(1, words.length);
    if (covered < MIN_COVERAGE) return false;

    // every drug the sentence names must be named in its evidence
    const named = this.resolver.findMentions(sentence).filter((m) => m.resolution);
    const evidenceDrugs = new Set([
      ...cited.map((p) => p.drug_id),
      ...this.resolver.findMentions(evidenceText).flatMap((m) => (m.resolution ? [m.resolution.drug_id] : [])),
    ]);
    if (named.some((m) => !evidenceDrugs.has(m.resolution!.drug_id))) return false;

    // negation scope: a phrase the evidence only ever negates must stay negated, and vice versa
    if (this.negationFlipped(words, syllables(evidenceText))) return false;
    return true;
  }

  /**
   * Bigrams shared with the evidence keep their polarity: "không vượt quá" in the
   * evidence cannot become "vượt quá" in the answer (nor the reverse).
   */
  private negationFlipped(answer: string[], evidence: string[]): boolean {
    const negatedAt = (ws: string[], i: number) => NEGATIONS.includes(ws[i - 1] ?? '') || (NEGATIONS.includes(ws[i - 2] ?? '') && ws[i - 1] === 'duoc');
    for (const n of [2, 3]) {
      const polarity = new Map<string, Set<boolean>>();
      for (let i = 0; i + n <= evidence.length; i++) {
        if (NEGATIONS.includes(evidence[i])) continue;
        const key = evidence.slice(i, i + n).join(' ');
        const set = polarity.get(key) ?? new Set<boolean>();
        set.add(negatedAt(evidence, i));
        polarity.set(key, set);
      }
      for (let i = 0; i + n <= answer.length; i++) {
        if (NEGATIONS.includes(answer[i])) continue;
        const seen = polarity.get(answer.slice(i, i + n).join(' '));
        if (seen && seen.size === 1 && !seen.has(negatedAt(answer, i))) return true;
      }
    }
    return false;
  }
}
