import { fold, syllables } from './normalize';
import { words } from './words';

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
    // "mai truyền cisplatin chu kỳ 1", "sắp truyền X": a course the patient starts (its cycle, or the day it is given)
    const after = ws.slice(i + n.length, i + n.length + 2).join(' ');
    if (after === 'chu ky' || after.startsWith('dot ')) return true;
    if (
      before.some((w) => ['truyen', 'tiem', 'uong'].includes(w)) &&
      before.some((w) => ['mai', 'sap', 'se'].includes(w))
    )
      return true;
    // "đang điều trị nhiễm MAC bằng clarithromycin kéo dài": a treatment the clause says the patient is on, by the drug
    if (
      before[before.length - 1] === 'bang' &&
      clauseBefore(ws, i).some((w, k, c) => w === 'dang' && c[k + 1] === 'dieu')
    )
      return true;
    // "đang dùng X", "vẫn còn dùng X" (still on it)
    const at = Math.max(before.lastIndexOf('dang'), before.lastIndexOf('van'));
    if (
      at >= 0 &&
      before.slice(at + 1).every((w) => ['uong', 'dung', 'tiem', 'truyen', 'xai', 'thuoc', 'con'].includes(w))
    )
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

/** The words of the sentence before word i, up to 12 (what "… bằng X" was said of). */
function clauseBefore(ws: string[], i: number): string[] {
  return ws.slice(Math.max(0, i - 12), i);
}
