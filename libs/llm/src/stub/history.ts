import { expandCondition, fold, syllables, words } from '@app/formulary';

/** Sentence scans of what the user told as history, denied or taken now (stub parser). */
export const NEGATION_OPENERS = new Set(['chua', 'khong', 'ko', 'k']);

/** Is the drug named as one the patient is on now ("đang uống tizanidin", "đang dùng thuốc X")? */
export function takenNow(text: string, name: string): boolean {
  const ws = words(text).map((w) => w.folded);
  const n = syllables(name);
  for (let i = 0; i + n.length <= ws.length; i++) {
    if (!n.every((x, k) => ws[i + k] === x)) continue;
    const before = ws.slice(Math.max(0, i - 3), i);
    // "hóa trị cisplatin", "phác đồ FOLFOX": the regimen the patient is on
    // … "phác đồ có clarithromycin", "phác đồ gồm …"
    if (before.slice(-2).join(' ') === 'hoa tri' || before[before.length - 1] === 'phac') return true;
    if (before.join(' ').includes('phac do')) return true;
    const at = before.lastIndexOf('dang');
    if (at >= 0 && before.slice(at + 1).every((w) => ['uong', 'dung', 'tiem', 'truyen', 'xai', 'thuoc'].includes(w)))
      return true;
  }
  // "Thuốc BN đang dùng: amlodipin 5 mg/ngày, và clarithromycin …": the drugs a list the patient is on names
  const listed = text
    .split(/[.;?!\n]+/u)
    .some(
      (x) =>
        /(?:đang|dang)\s+(?:dùng|dung|uống|uong|sử dụng|su dung)\s*:/iu.test(x) &&
        fold(x.split(':').slice(1).join(':')).includes(n.join(' ')),
    );
  if (listed) return true;
  // "RLLM dùng simvastatin 40.": a told sentence (no question) that the patient uses the drug at a strength, or
  // uses it at all ("có dùng", "vẫn uống", "thường dùng")
  const told = text
    .split(/(?<=[.;!\n])/u)
    .filter((x) => !x.includes('?'))
    .some((x) => {
      const xs = words(x).map((w) => w.folded);
      return xs.some(
        (w, i) =>
          ['dung', 'uong', 'tiem', 'xai'].includes(w) &&
          n.every((y, k) => xs[i + 1 + k] === y) &&
          // "… simvastatin 40.", "Tôi có dùng sildenafil (Viagra) vài lần mỗi tháng."
          (/^\d/.test(xs[i + 1 + n.length] ?? '') || ['co', 'van', 'thuong', 'hay'].includes(xs[i - 1] ?? '')),
      );
    });
  if (told) return true;
  // "đang MTX 10mg/tuần + acid folic": a drug joined to a regimen the clause says the patient is on
  // ("Đang dùng warfarin (rung nhĩ, INR 2,4) + simvastatin 20": an aside in brackets is no clause of its own)
  return text
    .replace(/\([^()]*\)/gu, ' ')
    .split(/[.;,?!\n]+/u)
    .some((clause) => {
      const cs = words(clause).map((w) => w.folded);
      const at = cs.findIndex((w, i) => n.every((x, k) => cs[i + k] === x));
      return at > 0 && cs.slice(0, at).includes('dang') && /\+|(?:^|\s)(?:và|va|kèm|kem)\s/iu.test(clause);
    });
}

/**
 * Is the condition named only in sentences that tell the patient's history ("Tiền sử … bị sốc", "Lần trước mẹ uống
 * amoxicillin thì bị … nổi mề đay")? A sentence names it in its own words or through a formal name ("mề đay" → mày đay).
 */
export function historyOnly(text: string, condition: string): boolean {
  const naming = sentencesNaming(text, condition, true);
  return (
    naming.length > 0 &&
    naming.every((x) => /^ (?:[a-z0-9]+ ){0,3}(?:tien su|lan truoc|truoc day|hoi truoc|truoc kia|nam ngoai) /.test(x))
  );
}

/** Is the drug named in a clause that tells the patient's history ("tiền sử tiêm X bị sốc", "đã từng dùng X")? */
export function inHistoryClause(text: string, name: string): boolean {
  return sentencesNaming(text, name).some((c) => /(?: tien su | tung | da dung | da tung | phai dung )/.test(c));
}

/** The text's sentences (folded syllables, space-padded) that name the phrase (`formal`: or a formal name of it). */
export function sentencesNaming(text: string, phrase: string, formal = false): string[] {
  const p = ` ${syllables(phrase).join(' ')} `;
  return text
    .split(/[.!?;]+/)
    .map((x) => ` ${syllables(x).join(' ')} `)
    .filter((x) => x.includes(p) || (formal && expandCondition(x).some((v) => ` ${v} `.includes(p))));
}

/** Is every mention of the condition in the text denied ("ko dị ứng thuốc", "không sốt", "chưa có biến chứng")? */
export function deniedIn(text: string, condition: string): boolean {
  const ws = words(text).map((w) => w.folded);
  const cs = syllables(condition);
  const at: number[] = [];
  for (let i = 0; i + cs.length <= ws.length; i++) if (cs.every((c, k) => ws[i + k] === c)) at.push(i);
  const denied = (i: number) =>
    [1, 2].some((back) => NEGATION_OPENERS.has(ws[i - back] ?? '') && (back === 1 || ['co', 'bi'].includes(ws[i - 1])));
  return at.length > 0 && at.every(denied);
}
