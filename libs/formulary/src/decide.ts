import {
  ROUTE_LABELS,
  type EvidencePart,
  type Population,
  type QueryFrame,
  type RetrievalResult,
  type Route,
} from '@app/contracts';
import { unansweredAspects } from './aspects';
import { containsPhrase, syllables } from './normalize';
import { expandShorthand } from './shorthand';
import { entriesOfIndicationSaid, narrowToIndication, userWordsOf, withoutDeniedStates } from './indication-rows';
import { byReleaseForm } from './release-form';
import { bandHolds, bandOverlaps, leadBands, parseBandTable, type Band } from './band-table';
import { ageOf, organsStatedNormal, parseRoute, saysRoute } from './patient-facts';
import { words } from './words';

export interface DrugNames {
  /** drug id -> name and aliases */
  namesOf(drugId: string): string[];
}

/** Does this part name the drug (by id link, name or alias, diacritics folded)? */
export function mentionsDrug(part: EvidencePart, drugId: string, names: DrugNames): boolean {
  if (part.interacts_with.includes(drugId)) return true;
  return names.namesOf(drugId).some((n) => containsPhrase(part.text, n));
}

const quarantined = (p: EvidencePart) => p.quarantined_page !== null;

/** Words of an entry for a kidney or liver impairment ("Người lớn suy thận …", "độ thanh thải creatinin …"). */
const RENAL_IMPAIRMENT = ['suy than', 'thanh thai creatinin', 'egfr', 'loc mau', 'tham phan'];
const HEPATIC_IMPAIRMENT = ['suy gan', 'xo gan'];
const IMPAIRMENT = [...RENAL_IMPAIRMENT, ...HEPATIC_IMPAIRMENT];

/**
 * An elderly entry that is this patient's: not one for a kidney or liver impairment the patient is not said to
 * have ("Người lớn và người cao tuổi, uống (suy thận): …" for a 78-year-old with no kidney facts).
 */
function elderlyEntryFor(p: EvidencePart, frame: QueryFrame): boolean {
  const impaired = frame.patient.renal !== null || frame.patient.hepatic !== null;
  return p.population.includes('elderly') && (impaired || !isImpairmentEntry(p)) && !notForAge(p, frame.age_text);
}

/**
 * "Người cao tuổi trên 75 tuổi, uống — …" for a 72-year-old, "Người lớn đến 75 tuổi …" for an 80-year-old: an adult's
 * or an elderly patient's entry whose lead states ages, none of which holds the patient's exact age, is not theirs.
 */
function notForAge(p: EvidencePart, ageText: string | null): boolean {
  const age = ageOf(ageText);
  if (!age || age.min !== age.max || age.min < 18) return false;
  const bands = leadBands(p.text).filter((b) => b.kind === 'age');
  return bands.length > 0 && !bands.some((b) => bandHolds(b, age.min));
}

/** "có cần giảm liều", "chỉnh liều theo ClCr", "ClCr 8 thì chỉnh ko" (folded): whether to adjust the dose is asked. */
const ADJUSTMENT =
  / (?:giam|chinh|dieu chinh|hieu chinh) lieu | chinh (?:ko|khong|k|gi|the nao|sao) | gioi han lieu | lieu toi da /u;

/** Is a dose adjustment asked for an impairment the patient has (kidney or liver values told)? */
function adjustmentAsked(said: string, frame: QueryFrame): boolean {
  const impaired = frame.patient.renal !== null || frame.patient.hepatic !== null;
  return impaired && ADJUSTMENT.test(` ${syllables(said).join(' ')} `);
}

/** An entry's lead (before its first colon or full stop) as folded syllables, space-padded. */
const leadSyllables = (p: EvidencePart) => ` ${syllables(p.text.split(/[:.]/)[0]).join(' ')} `;

function isImpairmentEntry(p: EvidencePart): boolean {
  const head = leadSyllables(p);
  return IMPAIRMENT.some((w) => head.includes(` ${w} `));
}

/**
 * "CN gan thận bt": an entry for a kidney or liver impairment is not the patient's when the user says that organ works
 * normally (and no fact of the frame says otherwise) — every organ the entry's lead names must be said normal.
 */
function forOrgansStatedNormal(p: EvidencePart, frame: QueryFrame, normal: { renal: boolean; hepatic: boolean }) {
  const head = leadSyllables(p);
  const renal = RENAL_IMPAIRMENT.some((w) => head.includes(` ${w} `));
  const hepatic = HEPATIC_IMPAIRMENT.some((w) => head.includes(` ${w} `));
  if (!renal && !hepatic) return false;
  return (
    (!renal || (normal.renal && frame.patient.renal === null)) &&
    (!hepatic || (normal.hepatic && frame.patient.hepatic === null))
  );
}

/** Routes as an entry's text writes them (folded syllables), each by the kind of route it is. */
const ROUTE_KINDS: [string, RegExp][] = [
  ['oral', / uong (?=\d)/u],
  ['intravenous', / tinh mach (?=\d)/u],
  ['intramuscular', / tiem bap (?=\d)/u],
  ['subcutaneous', / duoi da (?=\d)/u],
  ['rectal', / (?:truc trang|hau mon) (?=\d)/u],
];

/**
 * "Người lớn suy thận: ClCr 30 - 60 ml/phút: uống 250 - 500 mg mỗi 12 giờ, hoặc truyền tĩnh mạch 200 - 400 mg …": an
 * entry written for every route that gives each route its own dose is still a choice of route — unlike one limit for
 * all ("tổng liều không vượt quá 8 mg/ngày (uống hoặc tĩnh mạch)").
 */
function dosesPerRoute(p: EvidencePart): boolean {
  const t = ` ${syllables(p.text).join(' ')} `;
  return ROUTE_KINDS.filter(([, re]) => re.test(t)).length > 1;
}

/**
 * The retrieval decision over a pool of parts:
 * - INSUFFICIENT: nothing usable;
 * - AMBIGUOUS_ROUTE: several route-specific regimens apply and no route was given;
 * - VERIFY_PDF: a quarantined (unverified) table is among the parts — alone, or beside usable ones;
 * - ANSWERABLE: usable as is.
 * Dosing pools are narrowed to the frame's population, route and the indication the user's words
 * (`said`) name first. A quarantined table
 * of the asked drug and section survives every filter: its notice and page must reach the
 * reply whatever route or population the user gave, because the answer may be in it.
 */
/** Did the user's words tell any route ("đã furo 40mg TMC", "uống")? */
function routeTold(text: string): boolean {
  const expanded = expandShorthand(text);
  const r = parseRoute(words(expanded));
  // … also as a dose given before ("đã furo 40mg TMC"), which the route reading sets aside as history
  return (
    r.route !== null ||
    r.allowed.length > 0 ||
    / (?:tiem|truyen|uong|tinh mach|bap|duoi da|hit|xit|dat|ngam) /.test(` ${syllables(expanded).join(' ')} `)
  );
}

/** Routes by injection or infusion. */
const PARENTERAL: string[] = ['tiem_tinh_mach', 'truyen_tinh_mach', 'tiem_bap', 'tiem_duoi_da'];

export function decide(
  parts: EvidencePart[],
  frame: QueryFrame,
  names: DrugNames,
  requireMentionOf: string[] = [],
  said = '',
  /** The user's earlier turns of the conversation: what they said the patient is treated for. */
  context = '',
): RetrievalResult {
  const tables = parts.filter(quarantined);
  let pool = parts.filter((p) => !quarantined(p));

  if (requireMentionOf.length) {
    // Interaction pools: a part must name one of the other drugs, and only its sentences that do are kept
    // (an answer about the pair must not quote a sentence about a third drug).
    pool = pool
      .filter((p) => requireMentionOf.some((d) => d !== p.drug_id && mentionsDrug(p, d, names)))
      .map((p) => narrowToPair(p, requireMentionOf, names));
  }

  // "INR 6,2, ko chảy máu": an overdose part for a state the user denies ("Xử trí chảy máu nặng") is not this patient's
  pool = withoutDeniedStates(pool, userWordsOf(said));

  const dosing = pool.filter((p) => p.section === 'lieu_luong_cach_dung');
  if (dosing.length && dosing.length === pool.length) {
    const normal = organsStatedNormal(`${context} ${userWordsOf(said)}`);
    if (normal.renal || normal.hepatic) {
      const fit = pool.filter((p) => !forOrgansStatedNormal(p, frame, normal));
      if (fit.length) pool = fit;
    }
    const allowed = frame.route ? [frame.route] : frame.allowed_routes;
    if (frame.population) {
      // "how to take it" (split, crush, dilute) for an elderly patient: an adult's entries say it too
      pool = pool.filter((p) => !notForAge(p, frame.age_text));
      let own =
        frame.turn_type !== 'dosing_calc' && frame.population === 'elderly'
          ? pool.filter((p) => p.population.length === 0 || p.population.some((x) => x === 'elderly' || x === 'adult'))
          : forPopulation(pool, frame.population);
      // an elderly entry that gives no dose of its own ("giảm liều hoặc kéo dài khoảng cách") adjusts the adult
      // dose: the adult entries come with it, after it (never for a child: a child's dose is the child's)
      // — and so does one that says the adult dose holds ("thường không cần chỉnh liều; với người trên 75 tuổi …"):
      // its own dose is for some elderly patients only, the adult dose for the rest
      // — and an elderly entry for a kidney or liver impairment the patient is not said to have is not theirs
      // ("Người lớn và người cao tuổi, uống (suy thận): …" for a 78-year-old with no kidney facts)
      const elderlyEntries = own.filter((p) => elderlyEntryFor(p, frame));
      const elderlyAny = own.some((p) => p.population.includes('elderly'));
      if (
        frame.population === 'elderly' &&
        elderlyAny &&
        (!elderlyEntries.some((p) => DOSE_AMOUNT.test(p.text)) || elderlyEntries.some((p) => AS_ADULT.test(p.text)))
      )
        own = [...own, ...forPopulation(pool, 'adult').filter((p) => !own.includes(p))];
      // no route said anywhere in the conversation, an elderly patient whose own entries are by mouth only may be given
      // the drug by injection too (furosemid: "Người cao tuổi, uống" beside the adults' intravenous entries): those
      // entries stand beside the elderly one, so the route is asked rather than the oral dose assumed
      const elderlyOwn = own.filter((p) => p.population.includes('elderly'));
      if (
        frame.population === 'elderly' &&
        !allowed.length &&
        frame.turn_type === 'dosing_calc' &&
        elderlyOwn.length > 0 &&
        elderlyOwn.every((p) => p.route === 'uong') &&
        !routeTold(`${context} ${said}`)
      )
        own = [
          ...own,
          ...forPopulation(pool, 'adult').filter(
            (p) => p.route !== null && PARENTERAL.includes(p.route) && !own.includes(p),
          ),
        ];
      // an elderly patient whose elderly entries are all for routes ruled out ("ko uống được gì" beside
      // "người cao tuổi, uống …") gets the adult entries for the routes left, as any elderly patient with no entry of their own
      const forAllowed = (ps: EvidencePart[]) => ps.some((p) => p.route !== null && allowed.includes(p.route));
      pool =
        frame.population === 'elderly' && allowed.length && !forAllowed(own) && forAllowed(forPopulation(pool, 'adult'))
          ? forPopulation(pool, 'adult')
          : own;
      // "Trẻ từ 45 kg: dùng liều người lớn": a child past the threshold a child's entry names gets that sentence
      // and the adult entries, not the child's regimen the entry's lead says is for lighter children
      if (frame.population === 'pediatric') pool = adultDoseForChild(pool, dosing, frame);
    }
    // "viên thường, ko phải dạng phóng thích kéo dài", "gliclazid MR 30mg": the entries of the release form said
    pool = byReleaseForm(pool, said, context);
    if (allowed.length) {
      // a part tagged with one route may name another in its lead ("tiêm tĩnh mạch hoặc truyền tĩnh mạch: …")
      const tagged = pool.filter(
        (p) => p.route !== null && (allowed.includes(p.route) || allowed.some((r) => leadNamesRoute(p.text, r))),
      );
      // no entry for the route, but another route's entry says how it is given by it ("Người lớn, tiêm tĩnh mạch,
      // phù: … Liều lớn nên dùng đường truyền tĩnh mạch với tốc độ không quá 4 mg/phút"): that entry speaks of it
      const forRoute = tagged.length
        ? tagged
        : pool.filter((p) => p.route !== null && allowed.some((r) => containsPhrase(p.text, ROUTE_LABELS[r])));
      // A part with no route applies whatever the route: general notes, and entries such as
      // "Người lớn suy thận: … uống …; truyền tĩnh mạch …" that adjust every route's dose.
      // Dropping those once the user picks a route would answer a renal patient with the usual dose.
      const anyRoute = pool.filter((p) => p.route === null);
      // no regimen for the route: no dose to give — but "how to give it" (dilution, rate) is in the general parts
      // A dose puts the route's regimens first; "how to take it" keeps the retrieval's order, which ranks
      // the general note that answers ("Cách dùng: uống trước bữa ăn") above every regimen
      // … nor for a dose: only a general part that speaks of the route asked ("không nên tiêm bắp vì hấp thu chậm")
      pool = !forRoute.length
        ? frame.turn_type === 'dosing_calc'
          ? anyRoute.filter((p) => allowed.some((r) => containsPhrase(p.text, ROUTE_LABELS[r])))
          : anyRoute
        : frame.turn_type === 'dosing_calc'
          ? [...forRoute, ...anyRoute]
          : pool.filter((p) => forRoute.includes(p) || anyRoute.includes(p));
    }
    // "dự phòng", "nôn sau phẫu thuật", "bệnh gút": the entries for what the user treats, not every indication's
    // — but only among routes the user allowed: an indication never answers a route question nobody asked
    const bySaid = narrowToIndication(pool, said, context);
    // "TM thì liều bn" after "bé 8t sau mổ ruột thừa, buồn nôn …": a turn whose words name no indication, left with
    // entries of several routes for different indications, is asked for the indication the conversation told —
    // only to choose among routes (entries of one route are never narrowed by the conversation's stray words)
    // (the query's labels — the condition a list was asked for — do not count as the turn naming one)
    const ownNone = narrowToIndication(pool, userWordsOf(said)) === pool;
    const byContext = ownNone && context.trim() ? narrowToIndication(bySaid, context) : bySaid;
    const routeCount = (ps: EvidencePart[]) => distinctRoutes(ps).length;
    const narrowed =
      byContext !== bySaid && routeCount(bySaid) > 1 && routeCount(byContext) < routeCount(bySaid) ? byContext : bySaid;
    // … unless the condition the conversation named is given by one route only: "nấm Candida âm đạo" then "liều?"
    // — fluconazol's entry for it is by mouth, so no route is left to ask
    const asked = frame.condition ?? frame.indication;
    const byCondition = asked && syllables(asked).length >= 2 ? narrowToIndication(pool, asked) : pool;
    const oneRoute = byCondition !== pool && distinctRoutes(byCondition).length === 1;
    // … and so is the indication the user's words name in this turn ("dexamethason phù não liều sao"): its entry's
    // route is the one that applies
    const saidEntries = entriesOfIndicationSaid(pool, said);
    if (!allowed.length && oneRoute && distinctRoutes(narrowed).length !== 1) pool = byCondition;
    else if (!allowed.length && saidEntries && distinctRoutes(narrowed).length !== 1) pool = saidEntries;
    else if (allowed.length || sameRoutes(distinctRoutes(narrowed), distinctRoutes(pool))) pool = narrowed;
    else if (oneRoute) pool = byCondition;
    if (!frame.route && !frame.is_section_overview) {
      // the whole section asked for is every route's; otherwise several routes left is a question to ask —
      // unless the user named those routes and asks how to give it, not a dose ("tiêm tĩnh mạch được không
      // hay chỉ tiêm bắp?"): then the answer is about each route they named
      // "đang diazepam 2mg x 3 lần/ngày": a regimen the patient is on, written as one route's entry writes it,
      // says the route
      const onRegimen = routeOfStatedRegimen(pool, `${context} ${said}`);
      if (onRegimen) pool = pool.filter((p) => p.route === null || p.route === onRegimen);
      const routes = distinctRoutes(pool);
      const comparesNamedRoutes = allowed.length > 1 && frame.turn_type !== 'dosing_calc';
      // "heparin TM liều nạp rồi BTĐ duy trì", "TM thì liều bn": intravenous said, the formulary writing its push and its
      // infusion apart — the user gave the route; each intravenous entry is quoted under its own label
      const intravenous: Route[] = ['tiem_tinh_mach', 'truyen_tinh_mach'];
      const intravenousSaid =
        allowed.length === 2 &&
        allowed.every((r) => intravenous.includes(r)) &&
        routes.every((r) => allowed.includes(r));
      // "ceftriaxon có cần giảm liều theo ClCr của bn ko" (kidney values told): whether the dose is adjusted for the
      // impairment is answered by the entry for it that holds for every route — no route to ask
      const forImpairment = adjustmentAsked(said, frame)
        ? pool.filter((p) => p.route === null && isImpairmentEntry(p) && !dosesPerRoute(p))
        : [];
      if (routes.length > 1 && forImpairment.length) pool = forImpairment;
      else if (routes.length > 1 && !comparesNamedRoutes && !intravenousSaid)
        return { decision: 'AMBIGUOUS_ROUTE', parts: [...pool, ...tables], routes };
    }
    // "học lớp 1" (5 to 8) beside "trẻ 2 - 5 tuổi" and "trẻ 6 - 11 tuổi": the exact age decides the dose
    if (!frame.is_section_overview && ageSplitsRows(pool, frame.age_text))
      return { decision: 'AMBIGUOUS_AGE', parts: [...pool, ...tables], routes: [] };
    pool = orderForPatient(pool, frame);
  }

  // a question about one drug that asks an aspect (food, alcohol) none of the parts speaks of has no answer here
  // — unless an overdose is asked: what it was taken with ("lỡ uống 10 viên … với rượu") is its context, and the
  // overdose section answers
  if (
    !requireMentionOf.length &&
    pool.length &&
    frame.attribute !== 'qua_lieu_va_xu_tri' &&
    unansweredAspects(userWordsOf(said), pool).length
  )
    pool = [];
  if (pool.length === 0 && tables.length === 0) return { decision: 'INSUFFICIENT', parts: [], routes: [] };
  const all = [...pool, ...tables];
  return { decision: tables.length ? 'VERIFY_PDF' : 'ANSWERABLE', parts: all, routes: distinctRoutes(pool) };
}

/** The words by which a precaution speaks of elderly patients. */
const ELDERLY_WORDS = ['nguoi cao tuoi', 'nguoi gia'];

/**
 * An elderly patient's dose answered from the adult entries (the drug has no elderly dose of its own): the
 * precautions that speak of elderly patients ("người cao tuổi thường giảm chức năng thận", "Nguy cơ tăng ở người
 * cao tuổi") go with the result as cautions, which the reply quotes beside the dose (not as its evidence).
 */
export function withElderlyCautions(
  result: RetrievalResult,
  frame: QueryFrame,
  sectionOf: (drugId: string, section: 'than_trong') => EvidencePart[],
): RetrievalResult {
  if (frame.population !== 'elderly' || frame.attribute !== 'lieu_luong_cach_dung') return result;
  if (result.decision !== 'ANSWERABLE' && result.decision !== 'VERIFY_PDF') return result;
  const ownDose = result.parts.some(
    (p) => p.section === 'lieu_luong_cach_dung' && elderlyEntryFor(p, frame) && DOSE_AMOUNT.test(p.text),
  );
  if (ownDose) return result;
  const elderly = (p: EvidencePart) => ELDERLY_WORDS.some((w) => ` ${syllables(p.text).join(' ')} `.includes(` ${w} `));
  const cautions = frame.drugs.flatMap((d) => sectionOf(d, 'than_trong').filter(elderly));
  if (!cautions.length) return result;
  return { ...result, cautions };
}

/** "Trẻ từ 45 kg: dùng liều người lớn", "trẻ em trên 12 tuổi: liều như người lớn": the sentence and its threshold. */
const ADULT_DOSE_FOR_CHILD =
  /(?:^|[.;]\s*)((?:Trẻ|trẻ)(?: em)? (từ|trên) (\d+(?:,\d+)?) (kg|tuổi)(?: trở lên)?\s*:\s*(?:dùng )?liều (?:như )?người lớn\.?)/u;

/**
 * A child at or past the weight or age a child's entry says takes the adult dose: that sentence alone (verbatim,
 * so it is quoted for this child, not the entry's regimen for lighter children) and the adult entries after it.
 */
function adultDoseForChild(pool: EvidencePart[], dosing: EvidencePart[], frame: QueryFrame): EvidencePart[] {
  const age = ageOf(frame.age_text);
  for (const p of pool) {
    const m = ADULT_DOSE_FOR_CHILD.exec(p.text);
    if (!m) continue;
    const limit = Number(m[3].replace(',', '.'));
    const value = m[4] === 'kg' ? frame.weight_kg : age ? age.min : null;
    if (value === null || (m[2] === 'trên' ? value <= limit : value < limit)) continue;
    const adult = dosing.filter((x) => x.population.includes('adult') && !x.population.includes('pediatric'));
    if (!adult.length) return pool;
    return [{ ...p, text: m[1].trim() }, ...pool.filter((x) => x !== p && x.population.length === 0), ...adult];
  }
  return pool;
}

/**
 * An age known only as a range ("học lớp 1": 5 to 8 years) that the dose's age rows split: two rows (of a
 * table, or parts' leads) reach into the range and none holds all of it. Quoting both would leave the
 * choice of row to the reader; the state machine asks for the age instead.
 */
function ageSplitsRows(pool: EvidencePart[], ageText: string | null): boolean {
  const age = ageOf(ageText);
  if (!age || age.min === age.max) return false;
  const ageBands = (bands: Band[]) => bands.filter((b) => b.kind === 'age');
  const rows = pool.flatMap((p) => [
    ...(parseBandTable(p.text)?.rows ?? []).map((r) => ageBands(r.bands)),
    ageBands(leadBands(p.text)),
  ]);
  const reaching = rows.filter((bs) => bs.length > 0 && bs.every((b) => bandOverlaps(b, age.min, age.max)));
  const holdsAll = (b: Band) => bandHolds(b, age.min) && bandHolds(b, age.max);
  return reaching.length >= 2 && !reaching.some((bs) => bs.every(holdsAll));
}

/**
 * The population's entries, with the general notes only if a regimen for the population exists.
 * An elderly patient whose drug has no elderly entry gets the adult entries (the reply says so):
 * "no evidence" would hide the dose the formulary gives every adult.
 */
function forPopulation(pool: EvidencePart[], population: Population): EvidencePart[] {
  const pick = (pop: Population) => pool.filter((p) => p.population.length === 0 || p.population.includes(pop));
  const has = (ps: EvidencePart[]) => ps.some((p) => p.population.length > 0 || p.route !== null);
  const own = pick(population);
  if (has(own) && own.some((p) => p.population.includes(population))) return own;
  if (population === 'elderly') {
    const adult = pick('adult');
    if (has(adult)) return adult;
  }
  return has(own) ? own : [];
}

/**
 * A patient with no kidney or liver facts is answered with the usual regimen first and the
 * impairment entries after it; a patient with them, the impairment entries first.
 */
function orderForPatient(pool: EvidencePart[], frame: QueryFrame): EvidencePart[] {
  // an elderly patient's own entries first ("Người cao tuổi …: giảm liều …" before the adult dose it adjusts)
  const own = frame.population === 'elderly' ? pool.filter((p) => p.population.includes('elderly')) : [];
  const rest = pool.filter((p) => !own.includes(p));
  const impaired = frame.patient.renal !== null || frame.patient.hepatic !== null;
  const entry = rest.filter(isImpairmentEntry);
  const usual = rest.filter((p) => !isImpairmentEntry(p));
  return [...own, ...(impaired ? [...entry, ...usual] : [...usual, ...entry])];
}

/**
 * The part with only its sentences that name another of the drugs, verbatim. A part linked to
 * the pair in the corpus but naming it in no sentence, or naming it in every one, stays whole.
 */
function narrowToPair(part: EvidencePart, drugs: string[], names: DrugNames): EvidencePart {
  const sentences = sentencesOf(part.text);
  const keep = sentences.filter((s) => drugs.some((d) => d !== part.drug_id && mentionsText(s, d, names)));
  return !keep.length || keep.length === sentences.length ? part : { ...part, text: keep.join(' ') };
}

/** Does the text name the drug (by its name or an alias, diacritics folded)? */
export function mentionsText(text: string, drugId: string, names: DrugNames): boolean {
  return names.namesOf(drugId).some((n) => containsPhrase(text, n));
}

/** Sentences of a part, verbatim (joined with a space they give the text back). */
function sentencesOf(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+(?=\p{Lu})/u)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** The same routes, in any order. */
export function sameRoutes(a: Route[], b: Route[]): boolean {
  return a.length === b.length && a.every((r) => b.includes(r));
}

function distinctRoutes(parts: EvidencePart[]): Route[] {
  const out: Route[] = [];
  for (const p of parts) if (p.route && !out.includes(p.route)) out.push(p.route);
  return out;
}

/** Does the part's lead (before its first colon) name this route ("Người lớn, tiêm tĩnh mạch hoặc truyền tĩnh mạch: …")? */
function leadNamesRoute(text: string, route: Route): boolean {
  // "…, uống (…), bắt đầu 12 giờ sau liều tĩnh mạch, …": a route the entry follows on from is not its own
  const lead = text.split(':')[0].split(/\ssau (?:liều|khi|đợt)\s/u)[0];
  return saysRoute(words(lead, true), route);
}

/** "2mg x 3 lần", "500 mg x 2 lần": a regimen as written, spaces and case made one. */
const REGIMEN = /(\d+(?:[.,]\d+)?)\s*(mg|g|mcg|ml)\s*[x×]\s*(\d+)\s*lần/giu;
const regimens = (text: string) =>
  [...text.matchAll(REGIMEN)].map((m) => `${m[1].replace(',', '.')} ${m[2].toLowerCase()} x ${m[3]}`);

/** The one route whose entries write a regimen the user states, or null. */
export function routeOfStatedRegimen(pool: EvidencePart[], said: string): Route | null {
  const stated = regimens(said);
  if (!stated.length) return null;
  const routes = new Set(
    pool.filter((p) => p.route !== null && regimens(p.text).some((r) => stated.includes(r))).map((p) => p.route!),
  );
  return routes.size === 1 ? [...routes][0] : null;
}

/**
 * An elderly entry that opens by saying the adult dose holds for them ("Người cao tuổi, uống: thường không
 * cần chỉnh liều; …"), not one that says so of one route or state among others ("… Đường uống không cần chỉnh liều").
 */
const AS_ADULT =
  /^[^:]*:\s*(?:thường\s+)?(?:không cần (?:điều chỉnh|chỉnh|giảm) liều|(?:dùng\s+)?liều như người lớn)/iu;

/** An amount of drug in an entry ("1 mg", "0,5 g", "5000 đơn vị"): an entry without one gives no dose of its own. */
const DOSE_AMOUNT = /\d+(?:[.,]\d+)?\s*(?:mg|g|mcg|µg|microgam|ml|đơn vị|đv|iu|ui)(?![\p{L}])/iu;
