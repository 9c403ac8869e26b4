import type { AnswerSentence, EvidencePart } from '@app/contracts';
import { PhraseSet, syllables, words } from '@app/formulary';
import type { GuardResult } from './numeric-guard';

/**
 * Claims of safety or absence. An answer may make one only when a part it cites makes the
 * same claim: "Warfarin và aspirin không có tương tác đáng kể, có thể dùng chung an toàn"
 * citing warfarin's interaction part (which warns of bleeding) is refused in code, whatever
 * an entailment model says.
 */
const SAFETY_CLAIMS = new PhraseSet([
  'an toàn',
  'không có tương tác',
  'không tương tác',
  'không gây tương tác',
  'không ảnh hưởng',
  'không ảnh hưởng gì',
  'dùng được',
  'dùng chung được',
  'có thể dùng',
  'có thể dùng chung',
  'có thể phối hợp',
  'phối hợp được',
  'không sao',
  'không gây hại',
  'không có hại',
  'vô hại',
  'không nguy hiểm',
  'không có chống chỉ định',
  'không chống chỉ định',
  'không cần thận trọng',
  'không cần chỉnh liều',
  'không cần giảm liều',
  'yên tâm',
  'không đáng kể',
  'không vấn đề',
  'không có vấn đề',
  'không gây',
]);

/** Words that make a clause a prohibition or a negation. */
const NEGATIONS = new PhraseSet([
  'không',
  'chưa',
  'tránh',
  'chống chỉ định',
  'cấm',
  'ngừng',
  'đừng',
  'không nên',
  'không được',
  'thận trọng',
]);

/** Function words that say nothing about which clause a sentence repeats. */
const STOP = new Set([
  'khong',
  'chua',
  'tranh',
  'cam',
  'ngung',
  'dung',
  'nen',
  'duoc',
  'va',
  'hoac',
  'cua',
  'cho',
  'voi',
  'khi',
  'o',
  'co',
  'the',
  'la',
  'mot',
  'cac',
  'nhung',
  'nguoi',
  'benh',
]);

/** Clauses of a part: cut at sentence ends, ";" and ":" (a table row is its own clause). */
function clauses(text: string): string[] {
  return text
    .split(/(?<=[.;:])\s+/u)
    .map((c) => c.trim())
    .filter(Boolean);
}

const content = (text: string) => syllables(text).filter((w) => !STOP.has(w) && !/^\d/.test(w));

/** Share of the clause's content words the sentence repeats: a sentence that repeats most of a clause speaks for it. */
const COVERS = 0.7;
const MIN_CLAUSE_WORDS = 3;

/**
 * Polarity, in code as well as by entailment: (1) a claim of safety or absence only where
 * the cited quote makes it; (2) a prohibition or negation in a cited clause may not vanish
 * from the sentence that repeats that clause ("Không dùng clarithromycin cho …" reworded as
 * "Clarithromycin dùng cho …").
 */
export function checkPolarity(sentences: AnswerSentence[], evidence: EvidencePart[]): GuardResult {
  const byId = new Map(evidence.map((p) => [p.doc_id, p]));
  const failures: string[] = [];
  sentences.forEach((s, i) => {
    const cited = s.doc_ids.map((id) => byId.get(id)).filter((p): p is EvidencePart => !!p);
    const ws = words(s.text);
    const quote = words(cited.map((p) => p.text).join(' '));
    const quoted = new Set(SAFETY_CLAIMS.find(quote).map((h) => h.phrase));
    for (const claim of SAFETY_CLAIMS.find(ws))
      if (!quoted.has(claim.phrase))
        failures.push(`sentence ${i + 1}: claims "${claim.phrase}", which its cited parts do not say`);

    const sentenceWords = new Set(content(s.text));
    const negated = NEGATIONS.has(ws);
    if (negated) return;
    for (const p of cited)
      for (const c of clauses(p.text)) {
        if (!NEGATIONS.has(words(c))) continue;
        const cw = content(c);
        if (cw.length < MIN_CLAUSE_WORDS) continue;
        const covered = cw.filter((w) => sentenceWords.has(w)).length / cw.length;
        if (covered >= COVERS)
          failures.push(`sentence ${i + 1}: repeats "${c.slice(0, 80)}" without its negation or prohibition`);
      }
  });
  return { ok: failures.length === 0, failures: [...new Set(failures)] };
}
