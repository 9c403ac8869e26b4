import type { AnswerSentence, EvidencePart, QueryFrame } from '@app/contracts';
import { checkBands } from './band-check';
import { checkCandidateCitations, checkCitations, checkNumericGrounding } from './numeric-guard';
import { checkPolarity } from './polarity';

/** What the checks in code found, by kind: each kind fails the answer closed with its own reason. */
export interface AnswerChecks {
  /** Citations outside the evidence, numbers not in the cited parts, list-mode drugs outside the candidates. */
  guard: string[];
  /** Band rows: a number without its row's label, or from a row that does not hold the patient. */
  bands: string[];
  /** A safety or absence claim the quote does not make, or a negation dropped. */
  polarity: string[];
}

export interface AnswerUnderCheck {
  sentences: AnswerSentence[];
  evidence: EvidencePart[];
  /** Numbers the user gave: the only ones an uncited sentence may carry. */
  userNumbers: string[];
  listMode: boolean;
  candidates: string[];
  /** The question's frame (the patient the band rows must hold); null in list mode. */
  frame: QueryFrame | null;
  /** The formulary drugs a text names (our resolver): list mode checks names, not only citations. */
  drugsIn?: (text: string) => string[];
}

/**
 * Every check in code an answer passes before it may reach the user, whoever wrote it (the
 * stub or a model) — run by the verification worker before entailment is asked, and by the
 * invariant tests on generated answers. Pure.
 */
export function checkAnswer(a: AnswerUnderCheck): AnswerChecks {
  const guard = [
    ...checkCitations(a.sentences, a.evidence).failures,
    ...checkNumericGrounding(a.sentences, a.evidence, a.userNumbers).failures,
    ...(a.listMode ? checkCandidateCitations(a.sentences, a.evidence, a.candidates).failures : []),
    ...(a.listMode && a.drugsIn ? checkCandidateNames(a.sentences, a.evidence, a.candidates, a.drugsIn) : []),
  ];
  return {
    guard,
    bands: checkBands(a.sentences, a.evidence, a.frame).failures,
    polarity: checkPolarity(a.sentences, a.evidence).failures,
  };
}

/**
 * List mode names only candidates: a drug a sentence names must be in the candidate set, or be
 * named by the part the sentence cites (a verbatim quote may mention another drug, "thay warfarin").
 */
export function checkCandidateNames(
  sentences: AnswerSentence[],
  evidence: EvidencePart[],
  candidates: string[],
  drugsIn: (text: string) => string[],
): string[] {
  const byId = new Map(evidence.map((p) => [p.doc_id, p]));
  const failures: string[] = [];
  sentences.forEach((s, i) => {
    const cited = new Set(s.doc_ids.flatMap((id) => (byId.has(id) ? drugsIn(byId.get(id)!.text) : [])));
    for (const d of drugsIn(s.text))
      if (!candidates.includes(d) && !cited.has(d))
        failures.push(`sentence ${i + 1}: names ${d}, outside the candidate set`);
  });
  return [...new Set(failures)];
}

export function passes(c: AnswerChecks): boolean {
  return !c.guard.length && !c.bands.length && !c.polarity.length;
}
