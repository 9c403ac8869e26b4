import type { AgentReply, QueryFrame } from '@app/contracts';
import type { RouteOutcome } from './route';

/**
 * The frame the conversation remembers after routing: the scope guard's verdict (row 1)
 * goes with it, so the next turn never merges an animal's drug, weight or age. A greeting or a
 * question out of scope in the middle of a clinical conversation (rows 11, 12: "BHYT có chi trả
 * không?") leaves the conversation's frame as it was: "à bn đang cho con bú, dùng đc ko" is still
 * about its drug.
 */
export function frameToRemember(frame: QueryFrame, routed: RouteOutcome, prior: QueryFrame | null = null): QueryFrame {
  const clinical = prior !== null && !prior.non_human && !['smalltalk', 'out_of_scope'].includes(prior.turn_type);
  // a poem or code asked about a person's drug ("viết bài thơ về paracetamol"): "thôi khỏi thơ … thuốc đó" is that drug,
  // as after any out-of-scope question about it — what was asked of it is not kept
  if (routed.kind === 'reply' && routed.contentAsked && !frame.non_human)
    return clinical
      ? prior
      : { ...frame, turn_type: 'out_of_scope', attribute: null, needs_clarify: false, clarify_reason: null };
  if (routed.row === 1 && !frame.non_human) return { ...frame, non_human: true };
  if ((routed.row === 11 || routed.row === 12) && !frame.non_human && clinical) return prior;
  return frame;
}

/**
 * What the conversation remembers after its reply: a condition → drug list that named exactly one
 * drug ("hạ sốt dùng thuốc gì đc?" for a pregnant patient → Paracetamol) makes that drug the
 * conversation's, so "thế uống mấy viên 1 lần?" or "thuốc đó uống lúc nào" is about it, for the same
 * patient. A list of several is remembered, so a follow-up naming none of them is offered them.
 */
export function frameAfterReply(remember: QueryFrame | null, reply: Pick<AgentReply, 'reason' | 'drugs'>) {
  if (!remember || !CONDITION_TYPES.includes(remember.turn_type)) return remember;
  if (reply.reason !== 'drug_list' || reply.drugs.length === 0) return remember;
  // several: the follow-up that names none of them is offered them (referToListed)
  if (reply.drugs.length > 1) return { ...remember, listed: reply.drugs.slice(0, 20) };
  return { ...remember, turn_type: 'drug_attribute' as const, drugs: reply.drugs, attribute: 'chi_dinh' as const };
}

/**
 * A follow-up that names no drug after a list of several carries the list, so the routing table
 * offers its drugs ("which one?", with them as quick replies). A place in the list ("thuốc đầu tiên")
 * is asked too, never picked: the order a reply shows is the writer's, and a drug picked by a place
 * the user saw differently is an answer about the wrong drug. The list is the reply as shown, kept by code.
 */
export function referToListed(frame: QueryFrame, prior: QueryFrame | null): QueryFrame {
  const listed = prior && !prior.non_human ? prior.listed : [];
  if (listed.length < 2 || frame.drugs.length > 0 || frame.non_human) return frame;
  if (CONDITION_TYPES.includes(frame.turn_type) || ['smalltalk', 'out_of_scope'].includes(frame.turn_type))
    return frame;
  return { ...frame, listed };
}

/**
 * Fills the empty slots of a follow-up turn from the prior frame. After a clarify
 * ("Bé nặng 18 kg" → "5 tuổi, uống") the slots accumulate into one question; a section
 * follow-up ("Còn chống chỉ định thì sao?") keeps the drugs. A turn that names other
 * drugs or states a new intent starts a new question — about the same patient: what the
 * user said about the patient carries over (see carryPatient).
 */
export function mergeWithPriorFrame(
  frame: QueryFrame,
  prior: QueryFrame | null,
  samePatient = true,
  /** The turn says it switches to another drug ("đổi sang paracetamol"). */
  switchesTo = false,
  /** The conversation's drugs in the order the user first named them. */
  namedOrder: string[] = [],
): QueryFrame {
  const merged = mergeQuestion(frame, prior, namedOrder);
  // "vợ bn 30t cũng (+) Chlamydia …": another person — nothing said of the first patient carries to them
  if (!samePatient)
    return {
      ...merged,
      patient: frame.patient,
      population: frame.population,
      age_text: frame.age_text,
      weight_kg: frame.weight_kg,
    };
  return carryRoute(carryPatient(listedFor(merged, prior), prior), prior, switchesTo);
}

/**
 * "metro uống liều bn" after a list for "diệt Helicobacter pylori": a drug the list named, asked next, is asked for
 * what the list was for — its entries for that indication answer (indication rows), not every indication's.
 */
function listedFor(frame: QueryFrame, prior: QueryFrame | null): QueryFrame {
  if (!prior || prior.non_human || frame.non_human || frame.drugs.length !== 1) return frame;
  if (CONDITION_TYPES.includes(frame.turn_type) || frame.condition !== null || frame.indication !== null) return frame;
  if (prior.condition === null && prior.indication === null) return frame;
  const drug = frame.drugs[0];
  const listed =
    (CONDITION_TYPES.includes(prior.turn_type) && prior.listed.includes(drug)) ||
    (listedOne(prior) && prior.drugs[0] === drug);
  return listed ? { ...frame, condition: prior.condition, indication: prior.indication } : frame;
}

/**
 * "… uống loại viên thường ạ" → "Bác sĩ định đổi sang viên tramadon tác dụng kéo dài, có được không?": the drug
 * named again, its dose asked again with no route said, is still given the way the conversation settled — a route
 * the user's words gave in an earlier turn, never one the turn contradicts (a route or routes it names win). So is
 * the drug switched to ("bé … siro ibuprofen" → "Nếu đổi sang paracetamol thì mỗi lần bao nhiêu?").
 */
function carryRoute(frame: QueryFrame, prior: QueryFrame | null, switchesTo: boolean): QueryFrame {
  if (!prior || prior.non_human || frame.non_human || prior.route === null) return frame;
  if (frame.route !== null || frame.allowed_routes.length > 0 || frame.attribute !== 'lieu_luong_cach_dung')
    return frame;
  const same = frame.drugs.length > 0 && [...frame.drugs].sort().join() === [...prior.drugs].sort().join();
  const switched = switchesTo && frame.drugs.length === 1 && !prior.drugs.includes(frame.drugs[0]);
  // "thuốc kháng sinh, uống trước hay sau ăn" (which drug?) → "là azithromycin 500mg": the drug named completes the
  // question the route was said in
  const completes = prior.drugs.length === 0 && frame.drugs.length > 0 && prior.attribute === frame.attribute;
  return same || switched || completes ? { ...frame, route: prior.route } : frame;
}

/**
 * A conversation is about one patient until the user names another population: the age,
 * weight and facts (pregnancy, kidney, liver, comorbidities, allergies) said in earlier
 * turns still hold ("bé 3 tuổi 14 kg bị sốt, dùng thuốc gì?" → "liều paracetamol?"). Nothing
 * carries from a turn about an animal.
 */
export function carryPatient(frame: QueryFrame, prior: QueryFrame | null): QueryFrame {
  if (!prior || prior.non_human || frame.non_human) return frame;
  if (frame.population !== null && prior.population !== null && frame.population !== prior.population) return frame;
  const p = frame.patient;
  const q = prior.patient;
  return {
    ...frame,
    population: frame.population ?? prior.population,
    age_text: frame.age_text ?? prior.age_text,
    weight_kg: frame.weight_kg ?? prior.weight_kg,
    patient: {
      pregnant: p.pregnant || q.pregnant,
      lactating: p.lactating || q.lactating,
      renal: p.renal ?? q.renal,
      hepatic: p.hepatic ?? q.hepatic,
      comorbidities: [...new Set([...q.comorbidities, ...p.comorbidities])],
      allergies: [...new Set([...(q.allergies ?? []), ...(p.allergies ?? [])])],
    },
  };
}

/**
 * "à tuần trước ba em có uống thêm amoxicilin, 2 thuốc này uống chung có sao ko": the interactions of the
 * drug named now, asked with words of taking two together, are its interactions with the drug(s) the
 * conversation is about — row 15 for the pair, not the new drug's whole interaction section.
 */
export function pairWithConversationDrugs(
  frame: QueryFrame,
  prior: QueryFrame | null,
  together: boolean,
  /** "bn đang uống omeprazol 20mg/ngày, giữ hay đổi?": a drug the patient is on, asked whether to keep it. */
  keepOrSwitch = false,
): QueryFrame {
  if ((!together && !keepOrSwitch) || !prior || prior.non_human || frame.non_human) return frame;
  if (['smalltalk', 'out_of_scope'].includes(prior.turn_type)) return frame;
  if ((frame.attribute !== 'tuong_tac_thuoc' && !keepOrSwitch) || frame.drugs.length !== 1) return frame;
  const earlier = prior.drugs.filter((d) => d !== frame.drugs[0]);
  if (!earlier.length) return frame;
  return {
    ...frame,
    turn_type: 'interaction',
    attribute: 'tuong_tac_thuoc',
    drugs: [...earlier.slice(0, 2), frame.drugs[0]],
  };
}

/**
 * "Mẹ tôi còn bị suy tim …, vậy thuốc nào dùng được?" right after a list for knee pain: the condition the turn
 * names is one the patient also has (`alsoHad`, read from the user's words) — a comorbidity for the list asked
 * before, which then goes on with it (the stage-2 review reads it), not a list for heart failure.
 */
export function asComorbidity(frame: QueryFrame, prior: QueryFrame | null, alsoHad: boolean): QueryFrame {
  if (!alsoHad || !prior || prior.non_human || frame.non_human) return frame;
  if (!CONDITION_TYPES.includes(prior.turn_type) || !CONDITION_TYPES.includes(frame.turn_type)) return frame;
  if (frame.drugs.length || !frame.condition || frame.condition === prior.condition) return frame;
  if (prior.condition === null && prior.indication === null) return frame;
  return {
    ...frame,
    condition: null,
    indication: null,
    condition_ambiguous: false,
    follow_up: true,
    patient: { ...frame.patient, comorbidities: [...new Set([...frame.patient.comorbidities, frame.condition])] },
  };
}

/**
 * "À tuần trước mẹ em nội soi, bác sĩ nói có ổ loét dạ dày đang tiến triển, đang điều trị." right after a list: a
 * turn that asks nothing (`tells`, read from the user's words) and names no drug tells the patient for that list —
 * the same list, for the patient as now told (the stage-2 review reads the words), not "which drug?".
 */
export function toldAfterList(frame: QueryFrame, prior: QueryFrame | null, tells: boolean): QueryFrame {
  if (!tells || !prior || prior.non_human || frame.non_human || !CONDITION_TYPES.includes(prior.turn_type))
    return frame;
  if (prior.condition === null && prior.indication === null) return frame;
  if (frame.drugs.length || frame.unknown_drugs.length || frame.condition || frame.indication) return frame;
  if (['smalltalk', 'out_of_scope'].includes(frame.turn_type)) return frame;
  // a fact the understanding read ("bn này dị ứng penicillin") goes on with the list by the merge's own rule
  if (newPatientFacts(frame, prior)) return frame;
  return carryPatient({ ...prior, patient: frame.patient, follow_up: true }, prior);
}

/**
 * An amount asked ("vậy bé xịt mấy nhát?", "liều bn", `amountAsked` read from the user's words) is a dose to work
 * out, whatever turn type the understanding gave it: the dosing gate asks for the population, age and weight it
 * still lacks. A turn that asks only how to give the drug (`howToGive`: when, with food, how to mix) and that the
 * understanding did not read as a dose is no dose, whatever section the conversation was on.
 */
export function doseAsked(frame: QueryFrame, amount: boolean, howToGive = false): QueryFrame {
  // "thuốc đó uống lúc nào, trước hay sau ăn?" after a list: how to take it, asked as such, is no dose to work out
  if (howToGive && !amount && frame.turn_type === 'dosing_calc' && frame.attribute === 'lieu_luong_cach_dung')
    return { ...frame, turn_type: 'drug_attribute' };
  if (!amount || frame.turn_type !== 'drug_attribute') return frame;
  if (!frame.drugs.length || frame.is_section_overview) return frame;
  // (a precaution read beside the amount — "nghiện rượu lâu năm thì uống max mấy g/ngày" — is the patient's state)
  if (frame.attribute !== null && !['lieu_luong_cach_dung', 'than_trong'].includes(frame.attribute)) return frame;
  return { ...frame, turn_type: 'dosing_calc', attribute: 'lieu_luong_cach_dung' };
}

/**
 * "v còn cetirizin thì sao ạ, có làm bé buồn ngủ ko" in a breastfeeding mother's conversation: an effect asked of the
 * nursed child (`childAsked`, from the user's words) is the breastfeeding section's question, not the mother's adverse
 * effects.
 */
export function asNursedChildQuestion(frame: QueryFrame, childAsked: boolean): QueryFrame {
  if (!childAsked || !frame.patient.lactating || frame.drugs.length === 0 || frame.non_human) return frame;
  if (!['drug_attribute', 'interaction'].includes(frame.turn_type) || frame.drugs.length > 1) return frame;
  if (frame.attribute !== null && !['tac_dung_khong_mong_muon', 'than_trong'].includes(frame.attribute)) return frame;
  return { ...frame, turn_type: 'drug_attribute', attribute: 'thoi_ky_cho_con_bu', is_section_overview: false };
}

/** Patient values the merged frame holds that the turn itself did not say (echoed back with the answer). */
export function carriedFacts(turnFrame: QueryFrame, merged: QueryFrame): boolean {
  return (
    (merged.population !== null && turnFrame.population === null) ||
    (merged.age_text !== null && turnFrame.age_text === null) ||
    (merged.weight_kg !== null && turnFrame.weight_kg === null) ||
    (merged.patient.renal !== null && turnFrame.patient.renal === null) ||
    (merged.patient.hepatic !== null && turnFrame.patient.hepatic === null) ||
    (merged.patient.pregnant && !turnFrame.patient.pregnant) ||
    (merged.patient.lactating && !turnFrame.patient.lactating)
  );
}

function mergeQuestion(frame: QueryFrame, prior: QueryFrame | null, namedOrder: string[] = []): QueryFrame {
  // "còn viêm mũi dị ứng thì sao?" after a list for reflux (even one that named one drug): a condition named with no
  // drug and no section asks the list for that condition — never the listed drug's text
  if (
    prior &&
    !prior.non_human &&
    !frame.non_human &&
    frame.turn_type === 'drug_attribute' &&
    frame.attribute === null &&
    frame.drugs.length === 0 &&
    frame.condition !== null &&
    // … a list the conversation showed (of one drug, or of several), not a question still pending
    (listedOne(prior) || (CONDITION_TYPES.includes(prior.turn_type) && prior.listed.length > 0))
  )
    return { ...frame, turn_type: 'condition_to_drug' };
  // "à quên, K máu 6.1. vậy thuốc nào dùng đc?" after a list: which drugs, for the condition asked before
  if (
    prior &&
    !prior.non_human &&
    !frame.non_human &&
    CONDITION_TYPES.includes(frame.turn_type) &&
    (CONDITION_TYPES.includes(prior.turn_type) || listedOne(prior) || askedFor(prior)) &&
    frame.condition === null &&
    frame.indication === null &&
    frame.drugs.length === 0 &&
    (prior.condition !== null || prior.indication !== null)
  )
    return {
      ...frame,
      turn_type: CONDITION_TYPES.includes(prior.turn_type) ? prior.turn_type : frame.turn_type,
      condition: prior.condition,
      indication: prior.indication,
    };
  // "bn này dị ứng penicillin", "À em quên, bố em bị suy thận nặng …": a turn that only tells the patient, right
  // after a list, goes on with it — whatever the understanding said of a follow-up
  const toldOnly =
    !!prior &&
    !prior.non_human &&
    !frame.non_human &&
    CONDITION_TYPES.includes(prior.turn_type) &&
    !['smalltalk', 'out_of_scope', 'dosing_calc'].includes(frame.turn_type) &&
    frame.drugs.length === 0 &&
    frame.unknown_drugs.length === 0 &&
    frame.condition === null &&
    frame.indication === null &&
    newPatientFacts(frame, prior);
  if (!prior || (!frame.follow_up && !toldOnly)) return frame;
  // "omeprazol giá bao nhiêu 1 hộp" (out of scope) → "à mà thuốc này uống trước hay sau ăn": the drug
  // the user named is still the one "thuốc này" points at — only the drug carries, nothing else
  if (
    prior.turn_type === 'out_of_scope' &&
    !prior.non_human &&
    !frame.non_human &&
    prior.drugs.length === 1 &&
    frame.drugs.length === 0 &&
    frame.unknown_drugs.length === 0 &&
    // "bắt đầu luôn thuốc đó đc ko": a pointer the understanding could not place still points at that drug
    (frame.attribute !== null || frame.needs_clarify)
  )
    return {
      ...frame,
      drugs: prior.drugs,
      turn_type: frame.turn_type === 'dosing_calc' ? 'dosing_calc' : 'drug_attribute',
      needs_clarify: false,
      clarify_reason: null,
    };
  // nothing carries over from a turn that was not a human clinical question: an animal's
  // weight or age must never complete a person's dose ("Chó 12 kg …" → "Còn bé 5 tuổi?")
  if (prior.non_human || ['smalltalk', 'out_of_scope'].includes(prior.turn_type)) return frame;

  // "Suy tim" answering "which condition?": the condition question goes on with it.
  if (CONDITION_TYPES.includes(prior.turn_type) && frame.drugs.length === 0 && (frame.condition || frame.indication))
    return {
      ...prior,
      condition: frame.condition ?? prior.condition,
      indication: frame.indication ?? prior.indication,
      condition_ambiguous: false,
      follow_up: true,
    };

  // "nếu bn đang bầu 14 tuần thì sao?" after a list: the same list, for the patient as now told
  if (
    CONDITION_TYPES.includes(prior.turn_type) &&
    frame.drugs.length === 0 &&
    frame.turn_type !== 'dosing_calc' &&
    ([null, 'thoi_ky_mang_thai', 'thoi_ky_cho_con_bu', 'chong_chi_dinh'].includes(frame.attribute) ||
      // "à bn có tiền sử phù mạch do thuốc ƯCMC": a reaction told reads as adverse effects, but it is an allergy
      (frame.attribute === 'tac_dung_khong_mong_muon' &&
        frame.patient.allergies.some((a) => !prior.patient.allergies.includes(a)))) &&
    newPatientFacts(frame, prior)
  )
    return {
      ...prior,
      population: frame.population ?? prior.population,
      age_text: frame.age_text ?? prior.age_text,
      weight_kg: frame.weight_kg ?? prior.weight_kg,
      patient: frame.patient,
      follow_up: true,
    };

  // "Còn metformin thì sao?" / a bare drug name: the same question about the drug(s) named now.
  if (frame.drugs.length > 0 && !sameDrugs(frame.drugs, prior.drugs)) {
    if (frame.attribute !== null || prior.attribute === null || CONDITION_TYPES.includes(prior.turn_type)) return frame;
    // "còn với fluconazol thì sao?" after an interaction question pairs the first drug with the new one — the one the
    // conversation named first ("bn … mới bắt đầu warfarin" → "para uống chung với warfarin" → "còn ibu thì sao":
    // warfarin + ibuprofen), whatever order the pair's turn named them in
    if (
      prior.turn_type === 'interaction' &&
      frame.drugs.length === 1 &&
      prior.drugs.length >= 2 &&
      !prior.drugs.includes(frame.drugs[0])
    )
      return {
        ...frame,
        turn_type: 'interaction',
        attribute: 'tuong_tac_thuoc',
        drugs: [namedOrder.find((d) => prior.drugs.includes(d)) ?? prior.drugs[0], frame.drugs[0]],
        follow_up: true,
      };
    return {
      ...frame,
      turn_type: prior.turn_type,
      attribute: prior.attribute,
      is_section_overview: prior.is_section_overview,
      population: frame.population ?? prior.population,
      age_text: frame.age_text ?? prior.age_text,
      weight_kg: frame.weight_kg ?? prior.weight_kg,
      follow_up: true,
    };
  }

  // A new section asked about the same drug(s) keeps the drugs but is a new question:
  // the dosing slots stay only if the question is still about dosing.
  const attribute = frame.attribute ?? prior.attribute;
  const sectionChanged = frame.attribute !== null && frame.attribute !== prior.attribute;
  // a dose asked now ("xịt mấy nhát?" after "cách nào xịt cho đúng") is a dose to work out, whatever the turn before
  // asked: the dosing gate must see it
  const turnType =
    frame.turn_type === 'dosing_calc'
      ? 'dosing_calc'
      : sectionChanged
        ? frame.attribute === 'lieu_luong_cach_dung'
          ? 'dosing_calc'
          : frame.attribute === 'tuong_tac_thuoc' && prior.drugs.length >= 2
            ? 'interaction'
            : 'drug_attribute'
        : prior.turn_type;

  // A different population means the other population's age and weight no longer apply.
  const populationChanged = frame.population !== null && frame.population !== prior.population;
  const keepSlots = !populationChanged;
  // a turn that allows several routes, the settled one among them, says nothing against it
  const keepsRoute =
    frame.route === null &&
    prior.route !== null &&
    frame.allowed_routes.length > 1 &&
    frame.allowed_routes.includes(prior.route);

  return {
    ...prior,
    turn_type: turnType,
    drugs: frame.drugs.length ? frame.drugs : prior.drugs,
    unknown_drugs: frame.unknown_drugs.length ? frame.unknown_drugs : [],
    attribute,
    is_section_overview: sectionChanged ? frame.is_section_overview : prior.is_section_overview,
    population: frame.population ?? prior.population,
    age_text: frame.age_text ?? (keepSlots ? prior.age_text : null),
    weight_kg: frame.weight_kg ?? (keepSlots ? prior.weight_kg : null),
    // the routes this turn allows replace the conversation's ("đổi sang tiêm TM … truyền chung dây"
    // after an intramuscular dose): an earlier route never overrides what the user says now
    // — but routes that only widen to the one already settled ("tiêm 1 chỗ dc ko" after "TB nhé") keep it
    route: frame.route ?? (sectionChanged || (frame.allowed_routes.length && !keepsRoute) ? null : prior.route),
    allowed_routes:
      frame.route !== null || (frame.allowed_routes.length && !keepsRoute) || sectionChanged
        ? frame.allowed_routes
        : prior.allowed_routes,
    condition: frame.condition ?? prior.condition,
    indication: frame.indication ?? prior.indication,
    condition_ambiguous: frame.condition_ambiguous,
    condition_relation: frame.condition_relation ?? prior.condition_relation,
    patient: {
      pregnant: frame.patient.pregnant || prior.patient.pregnant,
      lactating: frame.patient.lactating || prior.patient.lactating,
      renal: frame.patient.renal ?? prior.patient.renal,
      hepatic: frame.patient.hepatic ?? prior.patient.hepatic,
      comorbidities: [...new Set([...prior.patient.comorbidities, ...frame.patient.comorbidities])],
      allergies: [...new Set([...(prior.patient.allergies ?? []), ...(frame.patient.allergies ?? [])])],
    },
    // a vague "thuốc đó" is resolved by the drugs the conversation already has
    needs_clarify: frame.needs_clarify && prior.drugs.length === 0,
    clarify_reason: prior.drugs.length === 0 ? frame.clarify_reason : null,
    understanding_failed: frame.understanding_failed,
    non_human: frame.non_human,
    follow_up: true,
  };
}

/** Does the turn tell something of the patient the prior frame did not hold? */
function newPatientFacts(frame: QueryFrame, prior: QueryFrame): boolean {
  const p = frame.patient;
  const q = prior.patient;
  return (
    (p.pregnant && !q.pregnant) ||
    (p.lactating && !q.lactating) ||
    (p.renal !== null && p.renal !== q.renal) ||
    (p.hepatic !== null && p.hepatic !== q.hepatic) ||
    p.allergies.some((a) => !q.allergies.includes(a)) ||
    p.comorbidities.some((c) => !q.comorbidities.includes(c)) ||
    (frame.age_text !== null && frame.age_text !== prior.age_text)
  );
}

const CONDITION_TYPES: string[] = ['condition_to_drug', 'symptom_to_drug'];

/**
 * A question about one drug asked for a condition the conversation listed drugs for ("Nếu dùng azithromycin thì mỗi
 * ngày uống bao nhiêu?" after the list for "viêm họng do liên cầu"): "còn kháng sinh nào khác" after it asks that list.
 */
function askedFor(prior: QueryFrame): boolean {
  return prior.drugs.length === 1 && prior.condition !== null && !CONDITION_TYPES.includes(prior.turn_type);
}

/**
 * A list that named one drug, remembered as that drug's indication (frameAfterReply) with the condition it was
 * asked for: "còn thuốc nào khác ko?" after it asks the list again.
 */
function listedOne(prior: QueryFrame): boolean {
  return (
    prior.turn_type === 'drug_attribute' &&
    prior.attribute === 'chi_dinh' &&
    prior.drugs.length === 1 &&
    (prior.condition !== null || prior.indication !== null)
  );
}

function sameDrugs(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((d) => b.includes(d));
}
