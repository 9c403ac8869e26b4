import type { AskedClass, HopResult, PatientContext, QueryFrame } from '@app/contracts';
import { classesAsked, containsPhrase, expandShorthand, fold, syllables } from '@app/formulary';

/** "còn thuốc nào khác ko", "có thuốc khác không" (folded): another drug of the list asked before. */
const OTHER_DRUG = / (?:thuoc|ks|khang sinh)(?: nao| gi)? khac /u;

/** The classes the turn's question names, read by code from the user's words, ward shorthand expanded ("ks nào"). */
export function askedClasses(turn: string): AskedClass[] {
  return classesAsked(expandShorthand(turn));
}

/**
 * When a class the user asked by says what it treats ("thuốc giảm đau opioid nào" → đau) and the
 * condition read lists no drug of that class ("COPD nặng … đau xương, thuốc giảm đau opioid nào" read
 * as COPD), the list is asked again for what the class treats; otherwise null.
 */
export function classRetryCondition(
  classes: AskedClass[],
  condition: string,
  first: HopResult<'retrieval', 'retrieve_by_indication'>,
): string | null {
  if (first.drug_ids.length || first.weak) return null;
  const treats = classes.find((c) => c.treats && !c.excluded)?.treats ?? null;
  if (!treats || syllables(treats).join(' ') === syllables(condition).join(' ')) return null;
  return treats;
}

/**
 * "bn suy tim EF 30%, phù 2 chi dưới … lợi tiểu nào dùng đc?": a class asked by what it treats (lợi tiểu → phù),
 * with that condition said in the turn, asks the list for it — not for another condition the turn names (the
 * heart failure the oedema comes from). A condition read that already says it ("đau đầu" for giảm đau) stands.
 */
export function classPurposeSaid(classes: AskedClass[], condition: string, turn: string): string | null {
  const treats = classes.find((c) => c.treats && !c.excluded)?.treats ?? null;
  if (!treats) return null;
  if (` ${syllables(condition).join(' ')} `.includes(` ${syllables(treats).join(' ')} `)) return null;
  return containsPhrase(expandShorthand(turn), treats) ? treats : null;
}

/**
 * The condition a list is asked for, and the patient its safety review holds: the class's purpose when the
 * turn says it (classPurposeSaid), and then the condition it displaces is the patient's comorbidity ("suy tim
 * sung huyết … buồn nôn … thuốc chống nôn nào": domperidon's "suy tim sung huyết" clause applies).
 */
export function listQuestion(
  classes: AskedClass[],
  asked: string,
  turn: string,
  patient: PatientContext,
): { condition: string; patient: PatientContext } {
  const purpose = classPurposeSaid(classes, asked, turn);
  if (!purpose) return { condition: asked, patient };
  return {
    condition: purpose,
    patient: { ...patient, comorbidities: [...new Set([...patient.comorbidities, asked])] },
  };
}

/**
 * The turn whose words ask the list: this one, or — when this one names no class and the list goes on from the
 * turn before it for the patient as now told ("… thuốc giảm đau gì được?" → "À em quên, bố em bị suy thận nặng") —
 * the turn before, whose class and purpose still say what is listed.
 */
export function turnAskingList(turn: string, earlier: string[], frame: QueryFrame): string {
  const before = earlier[earlier.length - 1];
  // "còn thuốc nào khác ko" asks the same list again: its class is the one asked before
  const again = OTHER_DRUG.test(` ${fold(turn)} `);
  if ((!frame.follow_up && !again) || before === undefined || askedClasses(turn).length > 0) return turn;
  return askedClasses(before).length > 0 ? before : turn;
}
