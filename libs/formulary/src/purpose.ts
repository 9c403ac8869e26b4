import { PhraseSet, says, type Word } from './words';

/**
 * What a drug asked by its purpose is for, when the purpose says it: "thuốc hạ áp nào" asks the drugs for
 * hypertension, "thuốc hạ đường huyết" those for diabetes (not for a low blood sugar, which is a condition
 * only when the patient has it: "bị hạ đường huyết"). Only right after "thuốc" (and a form word). Shared
 * by the stub parser, which reads the condition from it, and grounding, which accepts it as the user's.
 */
const PURPOSE_CONDITIONS: [string, string][] = [
  ['hạ áp', 'tăng huyết áp'],
  ['hạ huyết áp', 'tăng huyết áp'],
  ['hạ đường huyết', 'đái tháo đường'],
  ['hạ đường máu', 'đái tháo đường'],
  ['hạ mỡ máu', 'rối loạn lipid máu'],
  ['giảm mỡ máu', 'rối loạn lipid máu'],
  ['hạ lipid máu', 'rối loạn lipid máu'],
  ['hạ lipid', 'rối loạn lipid máu'],
  ['giảm lipid', 'rối loạn lipid máu'],
  ['hạ cholesterol', 'rối loạn lipid máu'],
  ['hạ sốt', 'sốt'],
  ['hạ acid uric', 'tăng acid uric máu'],
  ['hạ axit uric', 'tăng acid uric máu'],
];
const PURPOSES = new PhraseSet(PURPOSE_CONDITIONS.map(([p]) => p));
/** A form said between "thuốc" and its purpose ("thuốc uống hạ áp"). */
const FORMS = ['uống', 'tiêm', 'bôi', 'nhỏ', 'xịt', 'viên', 'đặt'];

/** The condition a "thuốc [form] <purpose>" phrase names, or null. */
export function purposeCondition(ws: Word[]): string | null {
  for (const h of PURPOSES.find(ws)) {
    let k = h.start - 1;
    if (k >= 0 && FORMS.some((f) => says(ws[k], f))) k--;
    // "thuốc gì hạ axit uric", "thuốc nào hạ áp": the question word may stand between
    if (k >= 1 && (says(ws[k], 'gì') || says(ws[k], 'nào'))) k--;
    if (k >= 0 && says(ws[k], 'thuốc')) return PURPOSE_CONDITIONS.find(([p]) => p === h.phrase)![1];
  }
  return null;
}
