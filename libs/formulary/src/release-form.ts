import type { EvidencePart } from '@app/contracts';
import { fold, normalize } from './normalize';

/** An entry's lead: what it is for, before its first colon ("Người lớn, uống (dạng giải phóng kéo dài)"). */
const leadOf = (text: string) => fold(normalize(text.split(':')[0] ?? ''));

/** A modified-release form, as an entry's lead writes it (folded). */
const EXTENDED =
  /(?:^|[^a-z])(?:(?:giai|phong) (?:phong|thich) (?:keo dai|cham|bien doi)|tac dung keo dai|mr|xr|sr)(?![a-z])/;
/**
 * … and as a user writes it: the letters only beside a strength or a form word ("gliclazid MR 30mg", "loại XR") —
 * alone, "MR" is also a regurgitation and "Cr" a creatinine.
 */
const EXTENDED_SAID =
  /(?:^|[^a-z])(?:(?:giai|phong) (?:phong|thich) (?:keo dai|cham|bien doi)|tac dung keo dai|(?:dang|loai|vien) (?:mr|xr|sr)|(?:mr|xr|sr) \d)(?![a-z])/;
/** An immediate-release form: "(dạng giải phóng ngay)", "viên thường". */
const IMMEDIATE = /(?:^|[^a-z])(?:(?:giai|phong) (?:phong|thich) ngay|(?:vien|dang|loai) thuong)(?![a-z])/;
/** "ko phải dạng phóng thích kéo dài", "không phải loại MR": the modified form denied. */
const EXTENDED_DENIED =
  /(?:khong|ko|k|chu khong|chu ko) phai (?:la )?(?:(?:dang|loai|vien) )?(?:(?:giai|phong) (?:phong|thich) (?:keo dai|cham|bien doi)|tac dung keo dai|mr|xr|sr)(?![a-z])/;

/** Which release form the user's words ask for: 'extended', 'immediate', or null (none said). */
export function releaseFormAsked(said: string): 'extended' | 'immediate' | null {
  const t = fold(normalize(said));
  if (EXTENDED_DENIED.test(t) || IMMEDIATE.test(t)) return 'immediate';
  return EXTENDED_SAID.test(t) ? 'extended' : null;
}

/**
 * "clarithro viên thường uống liều sao, ko phải dạng phóng thích kéo dài": the dose entries of the form asked, not
 * the other's — an entry whose lead names the other release form is left out; entries that name none stay. Only
 * when the pool holds an entry for the form asked or one that names no form (never empties a pool).
 */
export function byReleaseForm(pool: EvidencePart[], said: string, context = ''): EvidencePart[] {
  // this turn's words first; the form said earlier in the conversation holds until another is said
  const asked = releaseFormAsked(said) ?? releaseFormAsked(context);
  if (!asked) return pool;
  const dosing = pool.filter((p) => p.section === 'lieu_luong_cach_dung');
  const extended = (p: EvidencePart) => EXTENDED.test(leadOf(p.text));
  const immediate = (p: EvidencePart) => IMMEDIATE.test(leadOf(p.text));
  const other = asked === 'extended' ? immediate : extended;
  if (!dosing.some(other)) return pool;
  // a modified-release form is given by the routes of its own entries (a tablet: by mouth)
  const formRoutes = new Set(dosing.filter(asked === 'extended' ? extended : immediate).map((p) => p.route));
  const byRoute = (p: EvidencePart) =>
    asked !== 'extended' || !formRoutes.size || p.route === null || formRoutes.has(p.route);
  const kept = pool.filter((p) => p.section !== 'lieu_luong_cach_dung' || (!other(p) && byRoute(p)));
  return kept.some((p) => p.section === 'lieu_luong_cach_dung') ? kept : pool;
}
