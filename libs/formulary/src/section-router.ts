import type { SectionKey } from '@app/contracts';
import { syllables } from './normalize';

/**
 * What a turn asks about -> monograph section. Phrases are matched on folded
 * syllables, longest first, so "chống chỉ định" never reads as "chỉ định".
 */
const PHRASES: [string, SectionKey][] = [
  ['thuoc giai doc', 'qua_lieu_va_xu_tri'],
  ['giai doc', 'qua_lieu_va_xu_tri'],
  ['trung hoa', 'qua_lieu_va_xu_tri'],
  ['chat doi khang', 'qua_lieu_va_xu_tri'],
  ['nong do', 'than_trong'],
  ['chong chi dinh', 'chong_chi_dinh'],
  ['khong duoc dung', 'chong_chi_dinh'],
  ['khong nen dung', 'chong_chi_dinh'],
  ['cam dung', 'chong_chi_dinh'],
  ['tac dung khong mong muon', 'tac_dung_khong_mong_muon'],
  ['tac dung phu', 'tac_dung_khong_mong_muon'],
  ['phan ung co hai', 'tac_dung_khong_mong_muon'],
  ['adr', 'tac_dung_khong_mong_muon'],
  ['qua lieu', 'qua_lieu_va_xu_tri'],
  ['ngo doc', 'qua_lieu_va_xu_tri'],
  ['uong nham', 'qua_lieu_va_xu_tri'],
  ['tuong tac', 'tuong_tac_thuoc'],
  ['dung chung', 'tuong_tac_thuoc'],
  ['phoi hop', 'tuong_tac_thuoc'],
  ['uong cung', 'tuong_tac_thuoc'],
  ['dung cung', 'tuong_tac_thuoc'],
  ['cho con bu', 'thoi_ky_cho_con_bu'],
  ['dang cho bu', 'thoi_ky_cho_con_bu'],
  ['nuoi con bang sua me', 'thoi_ky_cho_con_bu'],
  ['mang thai', 'thoi_ky_mang_thai'],
  ['co thai', 'thoi_ky_mang_thai'],
  ['co bau', 'thoi_ky_mang_thai'],
  ['thai ky', 'thoi_ky_mang_thai'],
  ['ba bau', 'thoi_ky_mang_thai'],
  ['thai phu', 'thoi_ky_mang_thai'],
  ['thai nhi', 'thoi_ky_mang_thai'],
  ['anh huong den thai', 'thoi_ky_mang_thai'],
  ['lieu dung', 'lieu_luong_cach_dung'],
  ['lieu luong', 'lieu_luong_cach_dung'],
  ['cach dung', 'lieu_luong_cach_dung'],
  ['bao nhieu mg', 'lieu_luong_cach_dung'],
  ['may lan', 'lieu_luong_cach_dung'],
  ['than trong', 'than_trong'],
  ['luu y', 'than_trong'],
  ['canh bao', 'than_trong'],
  ['chi dinh', 'chi_dinh'],
  ['cong dung', 'chi_dinh'],
  ['dung de lam gi', 'chi_dinh'],
  ['tri benh gi', 'chi_dinh'],
  ['dieu tri benh gi', 'chi_dinh'],
  ['duoc ly', 'duoc_ly'],
  ['co che', 'duoc_ly'],
  ['duoc dong hoc', 'duoc_ly'],
];
/**
 * Generic wording that only decides the section when nothing more specific was asked:
 * "liều thấp … cơ chế nào" is about the mechanism, "có dùng cho trẻ dưới 8 tuổi không"
 * about contraindications unless pregnancy or lactation is named.
 */
const WEAK: [string, SectionKey][] = [
  ['lieu', 'lieu_luong_cach_dung'],
  ['co dung cho', 'chong_chi_dinh'],
  ['dung cho', 'chong_chi_dinh'],
  ['dung duoc cho', 'chong_chi_dinh'],
  ['co duoc dung', 'chong_chi_dinh'],
  ['co gay', 'tac_dung_khong_mong_muon'],
  ['truoc hay sau', 'lieu_luong_cach_dung'],
  ['bua an', 'lieu_luong_cach_dung'],
  ['uong luc nao', 'lieu_luong_cach_dung'],
  ['uong khi nao', 'lieu_luong_cach_dung'],
  ['gay ra', 'tac_dung_khong_mong_muon'],
];

function find(
  hay: string,
  phrases: [string, SectionKey][],
): { found: { at: number; section: SectionKey }[]; hay: string } {
  const found: { at: number; section: SectionKey }[] = [];
  // phrases are in priority order: a specific phrase claims its words before a shorter one inside it
  for (const [phrase, section] of phrases) {
    const needle = ` ${phrase} `;
    let at = hay.indexOf(needle);
    while (at >= 0) {
      found.push({ at, section });
      hay = hay.slice(0, at + 1) + '#'.repeat(phrase.length) + hay.slice(at + 1 + phrase.length);
      at = hay.indexOf(needle);
    }
  }
  return { found, hay };
}

/**
 * "Chỉ định" as the verb "prescribed" ("bác sĩ chỉ định prednisolon", "đã chỉ định") names who
 * ordered the drug, not the indications section; these phrases claim their words and route nowhere.
 * ("X được chỉ định cho bệnh gì" is the indications question, so "được chỉ định" is not here.)
 */
const NOT_A_SECTION: [string, SectionKey][] = [
  'bac si chi dinh',
  'bs chi dinh',
  'da chi dinh',
  'bac si da chi dinh',
  'bac si ke',
  'bs ke',
].map(
  // the section is never read: these matches only blank their words out of the text
  (p) => [p, 'chi_dinh'],
);

/** All sections the text asks about: specific ones in order of first mention, then generic ones. */
export function routeSections(text: string): SectionKey[] {
  const masked = find(` ${syllables(text).join(' ')} `, NOT_A_SECTION);
  const strong = find(masked.hay, PHRASES);
  const weak = find(strong.hay, WEAK);
  const out: SectionKey[] = [];
  for (const f of [...strong.found.sort((a, b) => a.at - b.at), ...weak.found.sort((a, b) => a.at - b.at)])
    if (!out.includes(f.section)) out.push(f.section);
  return out;
}

/** The first section the text asks about, or null. */
export function routeSection(text: string): SectionKey | null {
  return routeSections(text)[0] ?? null;
}
