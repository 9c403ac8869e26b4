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
    // Sentences mostly cite the same parts: each cited set's words, drugs and phrase
    // polarities are worked out once per call, not once per sentence.
    const views = new Map<string, CitedView>();
    const unsupported: string[] = [];
    for (const s of sentences) {
      const cited = s.doc_ids.map((id) => byId.get(id)).filter((p): p is EvidencePart => !!p);
      if (!cited.length) {
        if (syllables(s.text).length > 3) unsupported.push(s.text);
        continue;
      }
      const key = cited.map((p) => p.doc_id).join('\u0000');
      let view = views.get(key);
      if (!view) views.set(key, (view = this.view(cited)));
      if (!this.supported(s.text, view)) unsupported.push(s.text);
    }
    return { entailed: unsupported.length === 0, unsupported_claims: unsupported, omissions: [] };
  }

  /** The cited set's words now; its drugs and phrase polarities only once a sentence's coverage needs them. */
  private view(cited: EvidencePart[]): CitedView {
    const text = cited.map((p) => `${p.drug_name}: ${p.text}`).join(' ');
    const words = syllables(text);
    const resolver = this.resolver;
    let drugs: Set<string> | undefined;
    let polarity: Map<string, Set<boolean>>[] | undefined;
    return {
      words: new Set(words),
      get drugs() {
        return (drugs ??= new Set([
          ...cited.map((p) => p.drug_id),
          ...resolver.findMentions(text).flatMap((m) => (m.resolution ? [m.resolution.drug_id] : [])),
        ]));
      },
      get polarity() {
        return (polarity ??= PHRASE_LENGTHS.map((n) => polarities(words, n)));
      },
    };
  }

  private supported(sentence: string, cited: CitedView): boolean {
    const words = syllables(sentence);
    const covered = words.filter((w) => cited.words.has(w)).length / Math.max(1, words.length);
    if (covered < MIN_COVERAGE) return false;

    // every drug the sentence names must be named in its evidence
    const named = this.resolver.findMentions(sentence).filter((m) => m.resolution);
    if (named.some((m) => !cited.drugs.has(m.resolution!.drug_id))) return false;

    // negation scope: a phrase the evidence only ever negates must stay negated, and vice versa
    return !negationFlipped(words, cited.polarity);
  }
}

/** What a sentence is checked against: the folded words, drugs and phrase polarities of the parts it cites. */
interface CitedView {
  readonly words: Set<string>;
  readonly drugs: Set<string>;
  /** One map per PHRASE_LENGTHS entry: phrase -> the polarities it has in the evidence. */
  readonly polarity: Map<string, Set<boolean>>[];
}

const PHRASE_LENGTHS = [2, 3];

function negatedAt(ws: string[], i: number): boolean {
  return NEGATIONS.includes(ws[i - 1] ?? '') || (NEGATIONS.includes(ws[i - 2] ?? '') && ws[i - 1] === 'duoc');
}

/** Every n-word phrase of the evidence (not starting with a negation) and whether it occurs negated, plain, or both. */
function polarities(evidence: string[], n: number): Map<string, Set<boolean>> {
  const polarity = new Map<string, Set<boolean>>();
  for (let i = 0; i + n <= evidence.length; i++) {
    if (NEGATIONS.includes(evidence[i])) continue;
    const key = evidence.slice(i, i + n).join(' ');
    const set = polarity.get(key) ?? new Set<boolean>();
    set.add(negatedAt(evidence, i));
    polarity.set(key, set);
  }
  return polarity;
}

/**
 * Phrases shared with the evidence keep their polarity: "không vượt quá" in the
 * evidence cannot become "vượt quá" in the answer (nor the reverse).
 */
function negationFlipped(answer: string[], evidence: Map<string, Set<boolean>>[]): boolean {
  for (const [k, n] of PHRASE_LENGTHS.entries()) {
    for (let i = 0; i + n <= answer.length; i++) {
      if (NEGATIONS.includes(answer[i])) continue;
      const seen = evidence[k].get(answer.slice(i, i + n).join(' '));
      if (seen && seen.size === 1 && !seen.has(negatedAt(answer, i))) return true;
    }
  }
  return false;
}
