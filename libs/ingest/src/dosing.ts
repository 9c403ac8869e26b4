import type { Population, Route } from '@app/contracts';
import { fold } from '@app/formulary';
import type { TagConfidence } from './types';

/**
 * Dosing parts: one regimen each, tagged with the population and route its lead phrase
 * names ("Người lớn, uống: …", "Trẻ em trên 3 tháng, tiêm tĩnh mạch: …").
 */

/** In the order the corpus lists them. */
const POPULATIONS: [Population, RegExp][] = [
  ['adult', /\b(nguoi lon|nguoi truong thanh)\b/],
  ['pediatric', /\b(tre em|tre so sinh|tre nho|tre nhu nhi|so sinh|thieu nien|tre tu|tre duoi|tre tren|tre)\b/],
  ['elderly', /\b(nguoi cao tuoi|nguoi gia|nguoi benh cao tuoi)\b/],
];
/** Organ impairment without a named population: the book means adults. */
const IMPAIRMENT = /\b(suy than|suy gan|tham phan|loc mau)\b/;

const ROUTES: [Route, RegExp][] = [
  ['truyen_tinh_mach', /\btruyen (nho giot )?(vao )?tinh mach\b/],
  ['tiem_tinh_mach', /\btiem (cham )?(vao )?tinh mach\b/],
  ['tiem_bap', /\btiem bap\b/],
  ['tiem_duoi_da', /\btiem duoi da\b/],
  ['dat_truc_trang', /\b(dat truc trang|dat hau mon)\b/],
  ['ngam_duoi_luoi', /\bngam duoi luoi\b/],
  ['hit', /\b(hit|khi dung|xit)\b/],
  ['bo_ngoai_da', /\bboi\b/],
  ['nho_mat', /\bnho mat\b/],
  ['uong', /\buong\b/],
];

export interface DosingTag {
  population?: Population[];
  route?: Route;
  confidence: TagConfidence;
  lead: string;
}

/** The lead phrase: the text up to the first colon when it comes early, else the first clause. */
export function leadOf(text: string): string {
  const colon = text.indexOf(':');
  if (colon > 0 && colon <= 90) return text.slice(0, colon);
  return text.split(/[.;]/)[0].slice(0, 90);
}

function populationsIn(folded: string): Population[] {
  return POPULATIONS.filter(([, re]) => re.test(folded)).map(([p]) => p);
}

function routesIn(folded: string): Route[] {
  // "truyền tĩnh mạch" is not also an injection: remove each match before the next pattern
  let rest = folded;
  const found: Route[] = [];
  for (const [route, re] of ROUTES) {
    const g = new RegExp(re.source, 'g');
    if (g.test(rest)) {
      found.push(route);
      rest = rest.replace(g, ' ');
    }
  }
  return found;
}

/**
 * Population from the lead (a population named only later in the text is a guess: low
 * confidence); route from the lead, else the one route the regimen names. Two routes in the
 * lead ("tiêm bắp hoặc tiêm tĩnh mạch") leave the route unset, as the sample corpus does.
 */
export function tagDosing(text: string): DosingTag {
  const lead = leadOf(text);
  const fl = fold(lead);
  const ft = fold(text);
  let population = populationsIn(fl);
  let confidence: TagConfidence = 'high';
  if (!population.length && IMPAIRMENT.test(fl)) {
    population = ['adult'];
    confidence = 'medium';
  }
  if (!population.length) {
    population = populationsIn(ft);
    confidence = 'low';
  }
  const leadRoutes = routesIn(fl);
  let route: Route | undefined;
  if (leadRoutes.length === 1) route = leadRoutes[0];
  else if (leadRoutes.length > 1) confidence = 'low';
  else {
    const all = routesIn(ft);
    if (all.length === 1) {
      route = all[0];
      if (confidence === 'high') confidence = 'medium';
    }
  }
  return {
    ...(population.length ? { population } : {}),
    ...(route ? { route } : {}),
    confidence,
    lead,
  };
}

const REGIMEN_LEAD =
  /(?<=[.;]\s)(?=(?:Người lớn|Trẻ em|Trẻ sơ sinh|Trẻ nhỏ|Thiếu niên|Người cao tuổi|Người (?:bệnh )?suy (?:thận|gan))[^.:;]{0,80}:)/u;

/** A paragraph that runs two regimens together ("… 4 g/ngày. Trẻ em, uống: …") is split before each lead. */
export function splitRegimens(text: string): string[] {
  return text
    .split(REGIMEN_LEAD)
    .map((s) => s.trim())
    .filter(Boolean);
}
