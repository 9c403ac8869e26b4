import type { SectionKey } from '@app/contracts';
import { fold } from '@app/formulary';
import { slugify } from './slug';

/**
 * The book's headings (folded, without "(ADR)" and the like) → our ten section keys.
 * Anything else is an extra section, kept under its own slug.
 */
const HEADINGS: [string, SectionKey][] = [
  ['chi dinh', 'chi_dinh'],
  ['chong chi dinh', 'chong_chi_dinh'],
  ['than trong', 'than_trong'],
  ['thoi ky mang thai', 'thoi_ky_mang_thai'],
  ['thoi ky cho con bu', 'thoi_ky_cho_con_bu'],
  ['tac dung khong mong muon', 'tac_dung_khong_mong_muon'],
  ['tac dung khong mong muon adr', 'tac_dung_khong_mong_muon'],
  ['tac dung phu', 'tac_dung_khong_mong_muon'],
  ['lieu luong va cach dung', 'lieu_luong_cach_dung'],
  ['cach dung va lieu luong', 'lieu_luong_cach_dung'],
  ['lieu dung va cach dung', 'lieu_luong_cach_dung'],
  ['tuong tac thuoc', 'tuong_tac_thuoc'],
  ['qua lieu va xu tri', 'qua_lieu_va_xu_tri'],
  ['qua lieu va cach xu tri', 'qua_lieu_va_xu_tri'],
  ['duoc ly va co che tac dung', 'duoc_ly'],
  ['duoc ly', 'duoc_ly'],
  ['duoc luc hoc', 'duoc_ly'],
];
const BY_FOLD = new Map(HEADINGS);

/** Headings the book prints outside the ten keys: known, so that a run-in one is recognised too. */
const EXTRA_HEADINGS = new Set([
  'duoc dong hoc',
  'dang thuoc va ham luong',
  'huong dan cach xu tri adr',
  'do on dinh va bao quan',
  'tuong ky',
  'thong tin qui che',
  'thong tin quy che',
]);

export interface SectionTarget {
  key: SectionKey | null;
  slug: string;
}

/** Maps a printed heading to a section key, or to the slug it is kept under as an extra section. */
export function sectionFor(heading: string): SectionTarget {
  return { key: BY_FOLD.get(folded(heading)) ?? null, slug: slugify(heading) };
}

/** A heading the book is known to print (one of the ten, or a known extra one). */
export function isKnownHeading(text: string): boolean {
  const f = folded(text);
  return BY_FOLD.has(f) || EXTRA_HEADINGS.has(f);
}

function folded(heading: string): string {
  return fold(heading)
    .replace(/[^a-z0-9 ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
