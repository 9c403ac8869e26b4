import type { AskedClass, HopResult } from '@app/contracts';
import { classesAsked, expandShorthand, syllables } from '@app/formulary';

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
  const treats = classes.find((c) => c.treats)?.treats ?? null;
  if (!treats || syllables(treats).join(' ') === syllables(condition).join(' ')) return null;
  return treats;
}
