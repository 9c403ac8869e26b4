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
/** A negated clause repeated word for word counts even when another clause matches better. */
const WHOLE_CLAUSE_WORDS = 4;

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
    // the claim is looked for as a user might type it; everything else is read as written
    const ws = words(s.text);
    const quote = words(cited.map((p) => p.text).join(' '), true);
    const quoted = new Set(SAFETY_CLAIMS.find(quote).map((h) => h.phrase));
    for (const claim of SAFETY_CLAIMS.find(ws))
      if (!quoted.has(claim.phrase))
        failures.push(`sentence ${i + 1}: claims "${claim.phrase}", which its cited parts do not say`);

    const evidence = cited
      .flatMap((p) => clauses(p.text))
      .map((c) => ({ c, words: content(c), negations: NEGATIONS.find(words(c, true)).length }))
      .filter((e) => e.words.length >= MIN_CLAUSE_WORDS);
    // each clause of the sentence keeps the negations of the evidence clause it repeats: the one it
    // matches best (both ways), and any negated clause it repeats word for word
    for (const sc of clauses(s.text)) {
      const said = content(sc);
      const saidSet = new Set(said);
      const negations = NEGATIONS.find(words(sc, true)).length;
      const scored = evidence
        .map((e) => {
          const covered = e.words.filter((w) => saidSet.has(w)).length / e.words.length;
          const explained = said.filter((w) => e.words.includes(w)).length / Math.max(1, said.length);
          return { ...e, covered, f1: covered + explained ? (2 * covered * explained) / (covered + explained) : 0 };
        })
        .filter((e) => e.covered >= COVERS);
      const best = scored.reduce<(typeof scored)[number] | null>((b, e) => (!b || e.f1 > b.f1 ? e : b), null);
      // a negated clause repeated word for word counts even when another matches better — unless the
      // evidence says the same words without the negation elsewhere (the sentence may repeat that)
      const saidPlainly = (e: (typeof scored)[number]) =>
        evidence.some((o) => o.negations < e.negations && e.words.every((w) => o.words.includes(w)));
      const lost = scored.filter(
        (e) =>
          e.negations > negations &&
          (e === best || (e.covered === 1 && e.words.length >= WHOLE_CLAUSE_WORDS && !saidPlainly(e))),
      );
      for (const e of lost)
        failures.push(`sentence ${i + 1}: repeats "${e.c.slice(0, 80)}" without its negation or prohibition`);
    }
  });
  return { ok: failures.length === 0, failures: [...new Set(failures)] };
}
