import { POPULATION_LABELS, type AgentReply, type AskedClass, type QueryFrame } from '@app/contracts';
import {
  amountAsked,
  anotherPatient,
  classesPointedAt,
  otherOfClassPointed,
  partOfClassName,
  inClasses,
  howToGiveAsked,
  nursedChildAsked,
  conditionAlsoHad,
  expandShorthand,
  fold,
  keepOrSwitchAsked,
  nameDenied,
  nonClinicalAside,
  routeSections,
  SETS_ASIDE,
  switchedFrom,
  TAKEN_TOGETHER,
  takenNow,
  tellsOnly,
  words,
  type DrugResolver,
} from '@app/formulary';
import { groundFrame, type DroppedField, type UserDrugMentions } from './ground';
import {
  asComorbidity,
  asNursedChildQuestion,
  carriedFacts,
  doseAsked,
  frameToRemember,
  mergeWithPriorFrame,
  pairWithConversationDrugs,
  referToListed,
  toldAfterList,
} from './merge';
import { pendingQuestion, pendingWeightReply } from './pending';
import { route, type NameOf, type RouteOutcome } from './route';
import { formatKg, W } from './wording';

/** The user's own words of this conversation, as the code reads them (ward shorthand expanded). */
export interface UserWords {
  /** Earlier user turns, oldest first, then the current turn. */
  texts: string[];
  mentions: UserDrugMentions;
}

/** Reads the user's turns with our resolver: the drugs they name, corrected and ambiguous names. */
export function readUserWords(resolver: DrugResolver, earlier: string[], current: string): UserWords {
  const expand = (t: string) => expandShorthand(t, (w) => resolver.isDrugName(w));
  const texts = [...earlier, current].map(expand);
  // a name the user says the drug is not ("ko phải levothyrox") names no drug asked
  // … nor does a word of a class name it says ("thuốc ức chế bơm proton đó": "proton" is no drug)
  const said = (t: string) =>
    resolver.findMentions(t).filter((m) => !nameDenied(t, m.text) && !partOfClassName(t, m.text));
  const now = said(texts[texts.length - 1]);
  const told = texts.slice(0, -1).map((t) => ({ text: t, mentions: said(t) }));
  const before = told.flatMap((e) => e.mentions);
  const takenBefore = told
    .flatMap((e) => e.mentions.filter((m) => m.resolution && takenNow(e.text, m.text)))
    .map((m) => m.resolution!.drug_id);
  const ids = (ms: typeof now) => [...new Set(ms.flatMap((m) => (m.resolution ? [m.resolution.drug_id] : [])))];
  const clipped = now.flatMap((m) =>
    m.reading.kind === 'ambiguous' ? [{ typed: m.text, candidates: m.reading.candidates }] : [],
  );
  // "trước bé uống ampi bị nổi mẩn, vậy amox còn dùng dc ko": a clipped name none of whose readings is a formulary
  // drug, beside a formulary drug the turn names, is no drug of ours whichever it is — said back as outside the
  // formulary (the reply quotes only the named drug's monograph), not asked which
  const noneOurs = (a: { candidates: string[] }) => a.candidates.every((c) => !resolver.resolve(c));
  const aside = ids(now).length ? clipped.filter(noneOurs) : [];
  return {
    texts,
    mentions: {
      named: [...new Set([...ids(before), ...ids(now)])],
      current: ids(now),
      outside: [
        ...new Set([
          ...now.flatMap((m) => (m.reading.kind === 'outside' ? [m.reading.name] : [])),
          ...aside.map((a) => a.typed),
        ]),
      ],
      // a misspelling typed twice ("spirolacton … ngưng spirolacton") is said once
      corrected: now
        .flatMap((m) =>
          m.reading.kind === 'formulary' && m.reading.resolution.via === 'fuzzy'
            ? [{ typed: m.text, drug_id: m.reading.resolution.drug_id }]
            : [],
        )
        .filter((c, i, all) => all.findIndex((x) => x.drug_id === c.drug_id && fold(x.typed) === fold(c.typed)) === i),
      ambiguous: clipped.filter((a) => !aside.includes(a)),
      // (every name counts here: "dùng atorvastatin chứ không phải simvastatin" denies the one switched away from)
      switchedFrom: switchedFrom(texts[texts.length - 1], resolver.findMentions(texts[texts.length - 1])),
      takenBefore: [...new Set(takenBefore)],
      order: [...new Set([...ids(before), ...ids(now)])],
      unread: now.flatMap((m) => (m.reading.kind === 'unknown' ? [m.text] : [])),
    },
  };
}

/**
 * "lora liều cho bn này sao a?" right after a list naming Loratadin: a name cut short that starts two to four drugs,
 * only one of them the conversation's (asked, listed or named in an earlier turn), is that one — said back as a
 * correction ("Hiểu là: Loratadin"), never guessed outside the conversation, where it is still asked which.
 */
export function settledByConversation(
  user: UserWords,
  prior: QueryFrame | null,
  resolver: DrugResolver,
): { user: UserWords; settled: string[] } {
  const m = user.mentions;
  // (the turn's own drugs count too: "đang levothyroxin …, cho uống cách levo bao lâu" in a first turn)
  if (prior?.non_human || (!m.ambiguous.length && !m.unread?.length)) return { user, settled: [] };
  const ours = new Set([...(prior?.drugs ?? []), ...(prior?.listed ?? []), ...m.named]);
  if (!ours.size) return { user, settled: [] };
  const corrected: { typed: string; drug_id: string }[] = [];
  // "cefa thì cho liều bn" after a list naming Cefalexin: a name cut too short to read alone (it starts many drugs)
  // that starts one of the conversation's drugs only
  for (const typed of m.unread ?? []) {
    const hits = resolver.startingWith(typed, ours);
    if (hits.length === 1) corrected.push({ typed, drug_id: hits[0] });
  }
  const ambiguous = m.ambiguous.filter((a) => {
    const hits = [
      ...new Set(
        a.candidates.flatMap((c) => {
          const r = resolver.resolve(c);
          return r && ours.has(r.drug_id) ? [r.drug_id] : [];
        }),
      ),
    ];
    const settled = hits.length === 1 ? hits[0] : hits.length === 0 ? sameClass(a.candidates, ours, resolver) : null;
    if (!settled) return true;
    corrected.push({ typed: a.typed, drug_id: settled });
    return false;
  });
  if (!corrected.length) return { user, settled: [] };
  const settled = [...new Set(corrected.map((c) => c.drug_id))];
  return {
    user: {
      ...user,
      mentions: {
        ...m,
        ambiguous,
        corrected: [...m.corrected, ...corrected],
        current: [...new Set([...m.current, ...settled])],
        named: [...new Set([...m.named, ...settled])],
      },
    },
    settled,
  };
}

/**
 * "cetirizin … buồn ngủ quá" → "còn lora thì bầu dùng đc ko": of the drugs a clipped name starts, the one formulary
 * drug of the same therapeutic group (ATC, third level) as a drug of the conversation — when no other candidate is of
 * that group — or null. Said back as a correction like any settled clip; alone, the clip is still asked which.
 */
function sameClass(candidates: string[], ours: Set<string>, resolver: DrugResolver): string | null {
  const groups = new Set(
    [...ours].flatMap((id) => {
      const atc = resolver.atcOf(resolver.nameOf(id) ?? '');
      return atc && atc.length >= 4 ? [atc.slice(0, 4)] : [];
    }),
  );
  if (!groups.size) return null;
  const inGroup = candidates.filter((c) => {
    const atc = resolver.atcOf(c);
    return !!atc && groups.has(atc.slice(0, 4));
  });
  if (inGroup.length !== 1) return null;
  return resolver.resolve(inGroup[0])?.drug_id ?? null;
}

/**
 * "còn thuốc chống kết tập đang dùng thì liều duy trì bao nhiêu" after clopidogrel and omeprazol, "quay lại thuốc hạ sốt
 * lúc nãy" after cetirizin: a class the turn points at, naming no drug itself, is the conversation's drug of that class
 * — one of the frame's drugs, else the one an earlier turn named ("thuốc ĐTĐ hỏi đầu tiên": the first of several).
 * A class none of the conversation's drugs is in, or several with nothing to choose, is asked which drug: never
 * answered about a drug of another class.
 */
export function narrowedToClassPointed(frame: QueryFrame, user: UserWords, resolver: DrugResolver): QueryFrame {
  if (frame.non_human) return frame;
  const text = user.texts[user.texts.length - 1] ?? '';
  // "còn 1 thuốc ĐTĐ khác bn đang uống kèm thì …": another drug of the class, none the conversation named — which one
  // is asked, never the conversation's drug answered (what the turn asks is kept for the reply naming it)
  const others = otherOfClassPointed(text);
  if (others.length && !user.mentions.current.length && !CONDITION_TURNS.includes(frame.turn_type))
    return {
      ...frame,
      drugs: [],
      unknown_drugs: [],
      turn_type: frame.turn_type === 'interaction' ? 'drug_attribute' : frame.turn_type,
      // "… bn đang uống kèm thì eGFR 25 dùng tiếp đc ko": taken beside the conversation's drug, whether it may go on
      // is asked of it — not the pair
      attribute:
        frame.attribute === 'tuong_tac_thuoc' && MAY_GO_ON.test(` ${fold(text)} `) ? 'chong_chi_dinh' : frame.attribute,
      needs_clarify: true,
      clarify_reason: W.whichDrugOfClass(others.map((c) => c.label)),
    };
  if (!frame.drugs.length) return pointedBackByClass(frame, user, resolver, text);
  if (!['drug_attribute', 'dosing_calc', 'interaction'].includes(frame.turn_type)) return frame;
  // a turn that names a drug itself points back by a class only with a demonstrative ("phải uống clarithromycin 7
  // ngày, vậy thuốc mỡ máu mới đó dùng tối đa bao nhiêu"; "đang dùng thuốc huyết áp, paracetamol liều sao" does not)
  const named = user.mentions.current;
  const classes = classesPointedAt(text, named.length > 0);
  if (!classes.length) return frame;
  const inClass = drugInClasses(resolver, classes);
  if (named.some(inClass)) return frame;
  const earlier = (user.mentions.order ?? user.mentions.named).filter(inClass);
  // the drug pointed at is the one asked — beside the turn's own drug when the pair is asked ("còn uống simvastatin,
  // uống chung với thuốc huyết áp kia có sao không")
  const pair = frame.turn_type === 'interaction' || frame.attribute === 'tuong_tac_thuoc';
  const to = (pick: string[]) => switchedDrugs(frame, pair ? [...new Set([...named, ...pick])] : pick);
  const folded = ` ${fold(text)} `;
  if (earlier.length > 1 && / (?:dau tien|luc dau|ban dau) /u.test(folded)) return to([earlier[0]]);
  if (earlier.length > 1 && / moi (?:do|doi|ke) /u.test(folded)) return to([earlier[earlier.length - 1]]);
  const kept = frame.drugs.filter(inClass);
  // a pair is the turn's own drug beside the one pointed at: with none named ("còn kháng sinh kia uống cùng sữa đc ko"
  // after three drugs), the one pointed at is asked alone, with what it is taken with
  if (kept.length) return kept.length < frame.drugs.length && (!pair || !named.length) ? to(kept) : frame;
  if (earlier.length === 1) return to(earlier);
  return {
    ...frame,
    drugs: [],
    turn_type: 'drug_attribute',
    needs_clarify: true,
    clarify_reason: W.whichDrugOfClass(classes.map((c) => c.label)),
  };
}

/**
 * "ngoài tương tác đó ra thì bản thân thuốc ức chế bơm proton đó dùng kéo dài có nguy cơ gì", "nếu INR lên 6 … thì xử
 * trí thuốc chống đông đó ntn": a turn naming no drug that points back by a class and a demonstrative is about the one
 * drug of that class an earlier turn of this conversation named — whatever the understanding made of it (a list asked
 * by the class, a drug it could not place). Several of the class are asked which; none leaves the turn as it was.
 */
function pointedBackByClass(frame: QueryFrame, user: UserWords, resolver: DrugResolver, text: string): QueryFrame {
  // (a substance outside the formulary it is taken with — "uống chung với canxi" — is that drug's interactions asked)
  if (user.mentions.current.length || (frame.unknown_drugs.length && frame.attribute !== 'tuong_tac_thuoc'))
    return frame;
  if (!['drug_attribute', 'dosing_calc', 'condition_to_drug', 'symptom_to_drug'].includes(frame.turn_type))
    return frame;
  const classes = classesPointedAt(text, true);
  if (!classes.length) return frame;
  const inClass = drugInClasses(resolver, classes);
  const earlier = (user.mentions.order ?? user.mentions.named).filter(inClass);
  if (!earlier.length) return frame;
  const question = {
    ...frame,
    turn_type: frame.turn_type === 'dosing_calc' ? frame.turn_type : ('drug_attribute' as const),
    condition: null,
    indication: null,
    condition_ambiguous: false,
    condition_relation: null,
    attribute: frame.attribute ?? routeSections(text)[0] ?? null,
    listed: [],
  };
  if (earlier.length > 1)
    return { ...question, needs_clarify: true, clarify_reason: W.whichDrugOfClass(classes.map((c) => c.label)) };
  return { ...question, drugs: earlier, needs_clarify: false, clarify_reason: null, follow_up: true };
}

/** "dùng tiếp đc ko", "uống tiếp được không" (folded): whether the drug may go on. */
const MAY_GO_ON = / (?:dung|uong) tiep (?:duoc|dc) (?:khong|ko|k) /u;

/** Turn types that ask a list for a condition: "another drug of the class" there is the list's business. */
const CONDITION_TURNS: string[] = ['condition_to_drug', 'symptom_to_drug'];

/** Is a formulary drug (by id) of every class given, by its ATC code? */
function drugInClasses(resolver: DrugResolver, classes: AskedClass[]): (drugId: string) => boolean {
  return (d) => {
    const atc = resolver.atcOf(resolver.nameOf(d) ?? '');
    return !!atc && inClasses(atc, classes);
  };
}

/** The frame with the drugs left after a switch: a pair no longer a pair is that drug's question. */
function switchedDrugs(frame: QueryFrame, drugs: string[]): QueryFrame {
  if (frame.attribute === 'tuong_tac_thuoc' && drugs.length >= 2) return { ...frame, drugs, turn_type: 'interaction' };
  if (frame.turn_type === 'interaction' && drugs.length < 2)
    return { ...frame, drugs, turn_type: 'drug_attribute', attribute: frame.attribute ?? 'tuong_tac_thuoc' };
  return { ...frame, drugs };
}

/** "còn X thì sao", "thế còn X thì thế nào" (folded, the turn's first clause): the same question about another drug. */
const WHAT_ABOUT =
  /^ (?:the |vay |thi )?con (?:[a-z0-9]+ ){1,4}(?:thi sao|thi the nao|the nao|sao) (?:a |vay |nhi )?$/u;

/** "bn đang (phác đồ …) có X thì sao", "bà đang uống X thì sao ạ" (folded): a drug told as taken now, then "what then". */
const TOLD_TAKEN_WHAT_THEN =
  / (?:dang|van dang) (?:[a-z0-9]+ ){0,8}(?:thi sao|the thi sao|co sao khong|co sao ko|co sao k) ?(?:a |vay |nhi )?$/u;

/**
 * "bn đang uống aspirin 81mg mỗi ngày, có sao ko": a drug told as taken now, then only "what then" — the words before
 * the tail ask no section of their own.
 */
function toldTakenWhatThen(text: string): boolean {
  const folded = ` ${fold(text)
    .replace(/[^a-z0-9]+/gu, ' ')
    .trim()} `;
  const m = TOLD_TAKEN_WHAT_THEN.exec(folded);
  if (!m) return false;
  const tail = /(?:thi sao|the thi sao|co sao khong|co sao ko|co sao k) ?(?:a |vay |nhi )?$/u.exec(folded)!;
  return routeSections(folded.slice(0, tail.index)).length === 0;
}

/** "thuốc thứ hai", "cái thứ 3", "thuốc đầu tiên", "cái cuối (cùng)" (folded): a place among drugs. */
const PLACE = / (?:thuoc|cai|loai) (?:thu (nhat|1|hai|2|ba|3|tu|4)|(dau tien)|(cuoi cung|cuoi|sau cung)) /u;
const PLACE_INDEX: Record<string, number> = { nhat: 0, '1': 0, hai: 1, '2': 1, ba: 2, '3': 2, tu: 3, '4': 3 };

/** The drug a place points at among those the user named, in their order, or null. */
function placePointed(text: string, order: string[]): string | null {
  if (order.length < 2) return null;
  const m = PLACE.exec(` ${fold(text).replace(/[^a-z0-9]+/gu, ' ')} `);
  if (!m) return null;
  const at = m[1] !== undefined ? PLACE_INDEX[m[1]] : m[2] ? 0 : order.length - 1;
  return at < order.length ? order[at] : null;
}

/** "thuốc em đang uống", "thuốc tiểu đường bn đang uống" (folded): the drug the patient is on, pointed at. */
const TAKEN_POINTER =
  / thuoc (?:[a-z]+ ){0,2}?(?:(?:em|toi|minh|bn|benh nhan|nguoi benh|ba|ong|me|bo|chau|co|chi|anh) )?(?:dang|van dang|hien dang|van) (?:uong|dung|xai) /u;

/** How a turn is to be answered: the frame to route and what the reply must say about how it was read. */
export interface TurnReading {
  /** The frame to route: grounded, merged with the conversation's frame (or the pending question again). */
  frame: QueryFrame;
  /** An unclear reply to a pending clarifying question: the question is asked again. */
  reasked: boolean;
  /** Model or parser fields that did not stand in the user's words (traced). */
  dropped: DroppedField[];
  /** The merged frame holds patient facts from earlier turns (echoed with the answer). */
  carried: boolean;
  /**
   * The population is the mother's, read from a pregnancy or breastfeeding, not said: routed as an adult, but not
   * remembered as said — a child a later turn names ("có làm bé buồn ngủ ko") is no second patient against it.
   */
  motherAsAdult?: boolean;
}

/**
 * From whatever frame the understanding step returned to the frame the router sees: grounded
 * in the user's words, then — for a reply that carries nothing while a question is pending —
 * the pending question again, else merged with the conversation's frame.
 */
export function readTurn(
  understood: QueryFrame,
  prior: QueryFrame | null,
  clarifyStreak: number,
  user: UserWords,
): TurnReading {
  const read = groundFrame(understood, prior, user.texts, user.mentions);
  const { dropped } = read;
  // the kilograms a pending weight question asked for, typed as a bare number: the user's own words
  const kg = pendingWeightReply(user.texts[user.texts.length - 1] ?? '', prior, clarifyStreak);
  const grounded =
    kg !== null && read.frame.weight_kg === null && read.frame.drugs.length === 0
      ? { ...read.frame, weight_kg: kg, turn_type: prior!.turn_type, follow_up: true }
      : read.frame;
  const text = user.texts[user.texts.length - 1] ?? '';
  // "thôi cái đó tí hỏi sau, mà …": the pending question set aside — the turn goes on from the conversation's drug and
  // patient, not from the question asked (what it was missing is not asked again, nothing of it is answered)
  if (clarifyStreak > 0 && prior && SETS_ASIDE.has(words(expandShorthand(text)))) {
    // … and an aside of its own (a ward's schedule, a greeting) is that aside, whatever was pending
    if (grounded.turn_type === 'out_of_scope' || grounded.turn_type === 'smalltalk')
      return { frame: grounded, reasked: false, dropped, carried: false };
    prior = { ...prior, attribute: null, turn_type: 'drug_attribute', needs_clarify: false, clarify_reason: null };
  }
  const pending = pendingQuestion(grounded, prior, clarifyStreak, text);
  if (pending) return { frame: pending, reasked: true, dropped, carried: false };
  // "Vậy thuốc em đang uống thì phải ngưng luôn …" after a list: the drug the patient is on, as an earlier turn told
  // it ("đang uống losartan 50mg mỗi sáng") — not a drug of the list
  const takenOne = [...new Set(user.mentions.takenBefore ?? [])];
  if (
    grounded.drugs.length === 0 &&
    grounded.unknown_drugs.length === 0 &&
    takenOne.length === 1 &&
    !prior?.non_human &&
    TAKEN_POINTER.test(` ${fold(text)} `)
  ) {
    // "… phải ngưng luôn hay đợi" in a pregnancy or while breastfeeding: whether to stop it is that state's section
    const state =
      grounded.patient.pregnant || prior?.patient.pregnant
        ? 'thoi_ky_mang_thai'
        : grounded.patient.lactating || prior?.patient.lactating
          ? 'thoi_ky_cho_con_bu'
          : null;
    const stopAsked = / (?:ngung|bo thuoc) /u.test(` ${fold(text)} `);
    const attribute = state && stopAsked ? state : grounded.attribute;
    return readTurn(
      { ...grounded, drugs: takenOne, attribute, turn_type: 'drug_attribute', follow_up: true },
      prior ? { ...prior, drugs: [], listed: [] } : prior,
      clarifyStreak,
      { ...user, mentions: { ...user.mentions, current: takenOne, takenBefore: [] } },
    );
  }
  // "đang dùng losartan, amlodipin, digoxin …" → "còn thuốc thứ hai?", "cái cuối thì …": a place among the drugs the
  // user named, in the order they named them, is that drug — never the conversation's last one (a place in a list the
  // system showed is asked, referToListed)
  const placed = placePointed(text, user.mentions.order ?? []);
  if (
    placed &&
    grounded.drugs.length === 0 &&
    grounded.unknown_drugs.length === 0 &&
    !prior?.non_human &&
    !prior?.listed.length
  )
    return readTurn(
      { ...grounded, drugs: [placed], turn_type: 'drug_attribute', follow_up: true },
      prior ? { ...prior, drugs: [], listed: [] } : prior,
      clarifyStreak,
      { ...user, mentions: { ...user.mentions, current: [placed] } },
    );
  // after a list: a condition the patient also has, or a turn that only tells, is the patient for that list
  const alsoHad = !!grounded.condition && conditionAlsoHad(text, grounded.condition);
  const told = toldAfterList(asComorbidity(referToListed(grounded, prior), prior, alsoHad), prior, tellsOnly(text));
  const pairAsked = prior?.turn_type === 'interaction' || prior?.attribute === 'tuong_tac_thuoc';
  const mergedTurn = mergeWithPriorFrame(
    told,
    prior,
    !anotherPatient(text, user.texts.slice(0, -1)),
    / (?:doi|chuyen|thay) (?:sang|bang|qua) /u.test(` ${fold(text)} `),
    user.mentions.order ?? [],
  );
  // "bn đang warfarin … tương tác sao?" → "bn kêu đau khớp, cho uống para đc ko": in a conversation about what goes
  // with the patient's drugs, whether a new one may be given (no section named but that) is asked beside them
  const besidePair =
    pairAsked &&
    mergedTurn.drugs.length === 1 &&
    !prior!.drugs.includes(mergedTurn.drugs[0]) &&
    (mergedTurn.attribute === null || mergedTurn.attribute === 'chong_chi_dinh') &&
    routeSections(text).every((x) => x === 'chong_chi_dinh');
  // "colchicin dùng sao" → "bn đang phác đồ diệt HP có clari thì sao": a new drug the patient is on, told with
  // nothing asked of it but "what then", is asked beside the conversation's drug
  const takenBeside =
    !besidePair &&
    !!prior?.drugs.length &&
    prior.turn_type !== 'interaction' &&
    mergedTurn.drugs.length === 1 &&
    !prior.drugs.includes(mergedTurn.drugs[0]) &&
    toldTakenWhatThen(text);
  const asPair = besidePair || takenBeside;
  // "còn paracetamol thì sao" right after "đang dùng warfarin, bs cho thêm amiodaron, có tương tác ko": the same
  // question of the new drug beside the one the conversation started from (whatever section its words lean to)
  const pairAgain =
    prior?.turn_type === 'interaction' &&
    prior.drugs.length >= 2 &&
    !prior.non_human &&
    mergedTurn.drugs.length === 1 &&
    !prior.drugs.includes(mergedTurn.drugs[0]) &&
    WHAT_ABOUT.test(` ${fold(text.split(/[,.;?!]/u)[0])} `);
  const merged = asNursedChildQuestion(
    doseAsked(
      pairWithConversationDrugs(
        asPair || pairAgain ? { ...mergedTurn, attribute: 'tuong_tac_thuoc' } : mergedTurn,
        pairAgain ? { ...prior!, drugs: prior!.drugs.slice(0, 1) } : prior,
        TAKEN_TOGETHER.has(words(text)) || asPair || pairAgain,
        keepOrSwitchAsked(text),
      ),
      amountAsked(text),
      howToGiveAsked(text) && grounded.turn_type !== 'dosing_calc',
    ),
    nursedChildAsked(text),
  );
  // "vậy đổi simva sang atorva thì dùng chung đc ko": the drug switched away from is no longer asked about
  const away = (user.mentions.switchedFrom ?? []).filter((d) => merged.drugs.includes(d));
  const kept = merged.drugs.filter((d) => !away.includes(d));
  // … and the drug switched to, asked "together", is paired with the conversation's other drugs (clarithromycin)
  const others = (prior?.drugs ?? []).filter((d) => !away.includes(d) && !kept.includes(d));
  // … or the pair the conversation was asking about ("nếu dùng atorvastatin thay vì simva thì sao" after simva +
  // clarithromycin)
  const together = (TAKEN_TOGETHER.has(words(text)) || pairAsked) && others.length > 0 && !prior?.non_human;
  const switched =
    !away.length || !kept.length ? merged : switchedDrugs(merged, together ? [...others, ...kept] : kept);
  const frame = motherAsAdult(switched);
  return { frame, reasked: false, dropped, carried: carriedFacts(grounded, frame), motherAsAdult: frame !== switched };
}

/**
 * "sản phụ 30w … amlo khởi đầu mấy mg": a pregnant or breastfeeding patient with no age, weight or population said is
 * the mother, who takes an adult's dose — not a population to ask. A child the turn names as the patient ("cho bé
 * uống …") has a population of its own and is not touched; an age said still decides.
 */
function motherAsAdult(frame: QueryFrame): QueryFrame {
  const mother = frame.patient.pregnant || frame.patient.lactating;
  if (!mother || frame.non_human || frame.population !== null || frame.age_text !== null || frame.weight_kg !== null)
    return frame;
  return { ...frame, population: 'adult' };
}

/** The patient as the conversation gave it: "trẻ em, 5 tuổi, 18 kg, ClCr 25 ml/phút". */
export function patientFacts(frame: QueryFrame): string {
  const p = frame.patient;
  return [
    frame.population ? POPULATION_LABELS[frame.population] : null,
    frame.age_text,
    frame.weight_kg !== null ? `${formatKg(frame.weight_kg)} kg` : null,
    p.pregnant ? 'đang mang thai' : null,
    p.lactating ? 'đang cho con bú' : null,
    p.renal,
    p.hepatic,
    ...p.allergies.map((a) => `dị ứng ${a}`),
  ]
    .filter(Boolean)
    .join(', ');
}

/**
 * What the reply says about how the turn was read: a misspelt name it corrected ("Hiểu là:
 * Omeprazol"), a question asked again, the patient facts carried from earlier turns (so a
 * dose never silently rests on them), and named drugs that are not in the formulary.
 */
export function annotateReply(
  reply: AgentReply,
  reading: TurnReading,
  user: UserWords,
  nameOf: (drugId: string) => string,
): AgentReply {
  const lead: string[] = [];
  const notices = [...reply.notices];
  const corrected = user.mentions.corrected.filter((c) => reading.frame.drugs.includes(c.drug_id));
  if (corrected.length) lead.push(W.understood(corrected.map((c) => ({ typed: c.typed, name: nameOf(c.drug_id) }))));
  if (reading.reasked && reply.decision === 'clarify') lead.push(W.reasked);
  if (reading.carried && reply.decision === 'answerable' && reading.frame.attribute === 'lieu_luong_cach_dung') {
    const facts = patientFacts(reading.frame);
    if (facts) lead.push(W.patientEcho(facts));
  }
  const unknown = reading.frame.unknown_drugs;
  if (unknown.length && reading.frame.drugs.length && reply.decision !== 'abstain')
    notices.push(W.notInFormularyAlso(unknown));
  // "… tiện hỏi luôn khoa dược còn warfarin ko": an aside about price, stock or purchase beside an answer
  if (reply.decision === 'answerable' && nonClinicalAside(user.texts[user.texts.length - 1] ?? ''))
    notices.push(W.asideOutOfScope);
  if (!lead.length && notices.length === reply.notices.length) return reply;
  return { ...reply, answer: [...lead, reply.answer].join('\n'), notices };
}

/**
 * Code reads what a model extracted with the same rule as the user's own words: a name that is a
 * known drug outside the formulary stays outside it (never a look-alike), a typo resolves only
 * to a single closest formulary drug, anything else is reported unknown.
 */
export function resolveModelDrugs(
  frame: QueryFrame,
  resolver: DrugResolver,
  isFormularyId: (id: string) => boolean,
): QueryFrame {
  const drugs: string[] = [];
  const unknown = [...frame.unknown_drugs];
  for (const d of frame.drugs) {
    const r = isFormularyId(d) ? null : resolver.read(d);
    const id = r === null ? d : r.kind === 'formulary' ? r.resolution.drug_id : null;
    if (id) {
      if (!drugs.includes(id)) drugs.push(id);
    } else unknown.push(r?.kind === 'outside' ? r.name : d);
  }
  return { ...frame, drugs, unknown_drugs: [...new Set(unknown)] };
}

/** What the conversation remembers when a turn starts. */
export interface TurnMemory {
  lastFrame: QueryFrame | null;
  clarifyStreak: number;
  /** The user's earlier turns, oldest first. */
  userTurns: string[];
}

/** A turn read and routed: what the orchestrator then answers, and the frame it remembers. */
export interface TurnPlan {
  user: UserWords;
  reading: TurnReading;
  routed: RouteOutcome;
  /** The frame the conversation keeps: the pending one when a question is asked again. */
  remember: QueryFrame;
  /**
   * The user's words of the question this turn answers: a reply to a clarifying question ("10kg")
   * completes the question asked before it ("bé 1 tuổi rưỡi nôn sau mổ, ondansetron TM liều bn"),
   * whose words still say what the dose is for; otherwise the turn itself.
   */
  question: string;
}

/**
 * The pure half of a turn, in order: the user's words read by our resolver, the understood
 * frame grounded in them (and the pending question kept, or the conversation's frame merged),
 * then the routing table. The orchestrator runs the hops around it; the invariant tests run
 * it over generated conversations and model frames.
 */
export function planTurn(
  understood: QueryFrame,
  turn: string,
  memory: TurnMemory,
  resolver: DrugResolver,
  nameOf: NameOf,
): TurnPlan {
  const { user, settled } = settledByConversation(
    readUserWords(resolver, memory.userTurns, turn),
    memory.lastFrame,
    resolver,
  );
  // the name settled is the turn's drug, whatever the understanding made of the clipped word (no unknown drug)
  const clipped = new Set(user.mentions.corrected.map((c) => fold(c.typed)));
  // "thuốc ức chế bơm proton đó": a word of a class's name the turn says is no drug outside the formulary, whoever
  // read it as one — the class points back at the conversation's drug (narrowedToClassPointed)
  const known = understood.unknown_drugs.filter((u) => !partOfClassName(expandShorthand(turn), u));
  const named = known.length < understood.unknown_drugs.length ? { ...understood, unknown_drugs: known } : understood;
  const withSettled = settled.length
    ? {
        ...named,
        drugs: [...new Set([...named.drugs, ...settled])],
        unknown_drugs: named.unknown_drugs.filter((u) => !clipped.has(fold(u))),
      }
    : named;
  const read = readTurn(withSettled, memory.lastFrame, memory.clarifyStreak, user);
  const reading = { ...read, frame: narrowedToClassPointed(read.frame, user, resolver) };
  const routed = route(turn, reading.frame, nameOf, { ambiguousDrugs: user.mentions.ambiguous });
  const told = reading.motherAsAdult ? { ...reading.frame, population: null } : reading.frame;
  const remember =
    reading.reasked && memory.lastFrame ? memory.lastFrame : frameToRemember(told, routed, memory.lastFrame);
  const pendingAnswered = reading.frame.follow_up && memory.clarifyStreak > 0 && memory.lastFrame !== null;
  const question = pendingAnswered ? [...memory.userTurns.slice(-memory.clarifyStreak), turn].join('. ') : turn;
  return { user, reading, routed, remember, question };
}
