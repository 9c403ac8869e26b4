import type { QueryFrame } from '@app/contracts';
import {
  allergyMentions,
  expandCondition,
  LACTATION_CUES,
  parseAge,
  parseHepatic,
  parseRenal,
  parseRoute,
  parseWeights,
  populationCue,
  populationInDoubt,
  populationOfAge,
  sameRoutes,
  saysRoute,
  labStates,
  pregnancyStated,
  purposeCondition,
  reactionMentions,
  syllables,
  words,
} from '@app/formulary';

/** The drugs the user's own words name, as our resolver reads them. */
export interface UserDrugMentions {
  /** Formulary drug ids named in any of the user's turns of this conversation. */
  named: string[];
  /** Formulary drug ids named in the current turn, in order. */
  current: string[];
  /** Real drugs outside the formulary named in the current turn, as understood ("Levocetirizin"). */
  outside: string[];
  /** Misspellings read as one formulary drug in the current turn. */
  corrected: { typed: string; drug_id: string }[];
  /** Names too close to two drugs to call, in the current turn. */
  ambiguous: { typed: string; candidates: string[] }[];
  /** Formulary drug ids the current turn switches away from ("đổi simva sang atorva": simvastatin). */
  switchedFrom?: string[];
  /** Formulary drug ids in the order the user first named them in this conversation. */
  order?: string[];
  /** Words of the current turn read as no name at all, though drug-like ("cefa": too short for one drug). */
  unread?: string[];
  /** Formulary drug ids earlier turns told the patient is on now ("đang uống losartan 50mg mỗi sáng"). */
  takenBefore?: string[];
}

/** A frame field that did not stand in the user's words and was dropped before routing. */
export interface DroppedField {
  field: string;
  value: string;
}

/** Content words of a condition or comorbidity: what must be in the user's words. */
const FILLER = new Set([
  'benh',
  'bi',
  'chung',
  'hoi',
  'tinh',
  'trang',
  'cap',
  'man',
  'nang',
  'nhe',
  'do',
  'cua',
  'va',
  'co',
  'la',
  'thuoc',
  'dieu',
  'tri',
  'chua',
]);

function contentWords(text: string): string[] {
  return syllables(text).filter((w) => !FILLER.has(w) && !/^\d/.test(w));
}

/** Every content word of the phrase is in the user's words (read with the formulary's synonyms too). */
function inUserWords(phrase: string, userTexts: string[]): boolean {
  const wanted = contentWords(phrase);
  if (!wanted.length) return false;
  // "thuốc hạ áp nào" says hypertension by the drug's purpose
  const purposes = userTexts.map((t) => purposeCondition(words(t)) ?? '');
  const said = new Set(
    [...userTexts, ...purposes].flatMap((t) => (t ? expandCondition(t).flatMap((v) => v.split(' ')) : [])),
  );
  return wanted.every((w) => said.has(w));
}

const near = (a: number, b: number) => Math.abs(a - b) < 0.01;

/**
 * Keeps only what the user said. Whoever produced the frame (the stub parser or a model),
 * every drug must be one the user named (read by our resolver) or one the conversation
 * already had, and every age, weight, population, route and patient fact must stand in the
 * user's own words of this conversation or in the prior frame (itself grounded). What does
 * not stand is dropped, so the dosing state machine asks for it instead of believing it.
 */
export function groundFrame(
  frame: QueryFrame,
  prior: QueryFrame | null,
  /** The user's turns of this conversation, the current one last, ward shorthand expanded. */
  userTexts: string[],
  mentions: UserDrugMentions,
): { frame: QueryFrame; dropped: DroppedField[] } {
  const dropped: DroppedField[] = [];
  const drop = (field: string, value: unknown) => dropped.push({ field, value: String(value) });
  const priorHuman = prior && !prior.non_human ? prior : null;
  // what the last reply listed is the conversation's memory, kept by code (frameAfterReply), never a model's
  const out: QueryFrame = { ...frame, patient: { ...frame.patient }, listed: [] };
  const ws = userTexts.map((t) => words(t));

  // drugs: named by the user (in any turn) or already the conversation's
  const keep = frame.drugs.filter((d) => mentions.named.includes(d) || !!priorHuman?.drugs.includes(d));
  for (const d of frame.drugs) if (!keep.includes(d)) drop('drugs', d);
  // a model that swapped the user's drug for another: the user's own drugs take its place
  if (keep.length < frame.drugs.length) for (const d of mentions.current) if (!keep.includes(d)) keep.push(d);
  out.drugs = keep;
  out.unknown_drugs = [...new Set([...frame.unknown_drugs, ...mentions.outside])];

  // age: the same age stands in a user turn, or the prior frame had it
  if (frame.age_text !== null) {
    const claimed = parseAge(frame.age_text) ?? parseAge(`${frame.age_text} tuổi`);
    const said = userTexts.map((t) => parseAge(t)).filter((a) => a !== null);
    const ok =
      frame.age_text === priorHuman?.age_text ||
      (claimed !== null &&
        said.some(
          (a) =>
            a!.text === claimed.text || (a!.years !== null && claimed.years !== null && near(a!.years, claimed.years)),
        ));
    if (!ok) {
      drop('age_text', frame.age_text);
      out.age_text = null;
    }
  }
  if (frame.weight_kg !== null) {
    const ok =
      (priorHuman?.weight_kg !== null &&
        priorHuman?.weight_kg !== undefined &&
        near(priorHuman.weight_kg, frame.weight_kg)) ||
      userTexts.some((t) => parseWeights(t).some((w) => near(w, frame.weight_kg!)));
    if (!ok) {
      drop('weight_kg', frame.weight_kg);
      out.weight_kg = null;
    }
  }
  if (frame.population !== null) {
    const age = out.age_text ? (parseAge(out.age_text) ?? parseAge(`${out.age_text} tuổi`)) : null;
    // "mẹ 30 tuổi cho bé uống": the turn's words and age name different patients — none stands until the user says
    const current = userTexts[userTexts.length - 1] ?? '';
    const inDoubt = populationInDoubt(words(current), parseAge(current));
    const ok =
      frame.population === priorHuman?.population ||
      (!inDoubt &&
        (ws.some((w) => populationCue(w) === frame.population) ||
          (age !== null && populationOfAge(age) === frame.population)));
    if (!ok) {
      drop('population', frame.population);
      out.population = null;
    }
  }
  if (frame.route !== null) {
    const ok = frame.route === priorHuman?.route || ws.some((w) => saysRoute(w, frame.route!));
    if (!ok) {
      drop('route', frame.route);
      out.route = null;
    }
  }
  if (frame.allowed_routes.length) {
    const said = ws.map((w) => parseRoute(w).allowed).find((a) => a.length) ?? [];
    if (!sameRoutes(said, frame.allowed_routes)) {
      drop('allowed_routes', frame.allowed_routes.join(','));
      out.allowed_routes = said;
    }
  }

  for (const key of ['condition', 'indication'] as const) {
    const v = frame[key];
    if (v !== null && !inUserWords(v, userTexts) && v !== priorHuman?.[key]) {
      drop(key, v);
      out[key] = null;
    }
  }

  const p = frame.patient;
  // "ko có thai": a pregnancy the user denies is no pregnancy
  if (p.pregnant && !ws.some((w) => pregnancyStated(w)) && !priorHuman?.patient.pregnant) {
    drop('patient.pregnant', true);
    out.patient.pregnant = false;
  }
  if (p.lactating && !ws.some((w) => LACTATION_CUES.has(w)) && !priorHuman?.patient.lactating) {
    drop('patient.lactating', true);
    out.patient.lactating = false;
  }
  if (p.renal !== null && p.renal !== priorHuman?.patient.renal) {
    const said = userTexts.map((t) => parseRenal(t)).filter((r) => r !== null);
    const numbers = numbersIn(p.renal);
    const ok = said.length > 0 && numbers.every((n) => userTexts.some((t) => numbersIn(t).includes(n)));
    if (!ok) {
      drop('patient.renal', p.renal);
      out.patient.renal = said[0]?.text ?? null;
    }
  }
  if (
    p.hepatic !== null &&
    p.hepatic !== priorHuman?.patient.hepatic &&
    !userTexts.some((t) => parseHepatic(t) !== null)
  ) {
    drop('patient.hepatic', p.hepatic);
    out.patient.hepatic = null;
  }
  out.patient.comorbidities = p.comorbidities.filter((c) => {
    // "K máu 6.1" says "tăng kali máu" as plainly as the words would
    const ok =
      inUserWords(c, userTexts) ||
      userTexts.some((t) => labStates(t).includes(c)) ||
      !!priorHuman?.patient.comorbidities.includes(c);
    if (!ok) drop('patient.comorbidities', c);
    return ok;
  });
  // an allergy stated as one ("dị ứng penicilin") or told as a reaction ("sốc phản vệ khi tiêm penicillin")
  const allergyWords = userTexts.flatMap((t) =>
    [...allergyMentions(t), ...reactionMentions(t)].flatMap((m) => syllables(m)),
  );
  out.patient.allergies = p.allergies.filter((a) => {
    const ok = contentWords(a).every((w) => allergyWords.includes(w)) || !!priorHuman?.patient.allergies.includes(a);
    if (!ok) drop('patient.allergies', a);
    return ok;
  });
  return { frame: out, dropped };
}

function numbersIn(text: string): string[] {
  return text.match(/\d+(?:[.,]\d+)?/g) ?? [];
}
