import type { AnswerSentence, Entailment, EvidencePart } from '@app/contracts';
import { syllables, type DrugResolver } from '@app/formulary';
import type { AnswerVerifier } from '../providers';
import { splitSentences } from './sentences';

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

    // negation parity against the closest evidence sentence
    const closest = this.closest(words, cited.flatMap((p) => splitSentences(p.text)));
    if (closest !== null) {
      const neg = (ws: string[]) => NEGATIONS.filter((n) => ws.includes(n)).length;
      if (neg(words) !== neg(syllables(closest)) && !this.sentenceInside(sentence, evidenceText)) return false;
    }
    return true;
  }

  private closest(words: string[], candidates: string[]): string | null {
    let best: string | null = null;
    let bestScore = -1;
    const set = new Set(words);
    for (const c of candidates) {
      const cw = syllables(c);
      const score = cw.filter((w) => set.has(w)).length / Math.max(1, new Set([...cw, ...words]).size);
      if (score > bestScore) {
        bestScore = score;
        best = c;
      }
    }
    return best;
  }

  private sentenceInside(sentence: string, evidence: string): boolean {
    const s = syllables(sentence).join(' ');
    return ` ${syllables(evidence).join(' ')} `.includes(` ${s} `);
  }
}
