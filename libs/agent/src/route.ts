import type { AgentReply, QueryFrame } from '@app/contracts';
import { PhraseSet, routeSections, words } from '@app/formulary';
import { asksForContent } from './content-request';
import { looksNonHuman } from './non-human';
import { abstain, clarify } from './reply';
import { pediatricClarifyQuestion, W } from './wording';

/** Where a turn goes: a reply decided in code, or one of the three retrieval paths. */
export type RouteOutcome =
  | {
      row: number;
      kind: 'reply';
      reply: AgentReply;
      /** Row 1 for content the assistant does not write (a poem, a joke, code), not for an animal: a person's drug. */
      contentAsked?: true;
    }
  | { row: number; kind: 'condition_to_drug'; condition: string }
  | { row: number; kind: 'interaction' }
  | { row: number; kind: 'single_drug' };

/** How the drugs are named back to the user. */
export type NameOf = (drugId: string) => string;

function names(frame: QueryFrame, nameOf: NameOf): string {
  return frame.drugs.map(nameOf).join(', ');
}

const CONDITION_TYPES = new Set(['condition_to_drug', 'symptom_to_drug']);

/** What the code read of the user's words besides the frame. */
export interface RouteContext {
  /** Names too close to two drugs to call ("Ý bạn là …?"). */
  ambiguousDrugs?: { typed: string; candidates: string[] }[];
}

const CAUSES = new PhraseSet(['gây', 'gây ra', 'làm tăng nguy cơ', 'làm kéo dài', 'dễ gây']);

/**
 * Does the wording ask which drugs cause, are contraindicated in or need caution in a condition?
 * A frame with no relation is read as "which drugs treat it" only when the words do not.
 */
export function asksReverseRelation(turn: string): boolean {
  const sections = routeSections(turn);
  return (
    sections.some((s) => s === 'chong_chi_dinh' || s === 'than_trong' || s === 'tac_dung_khong_mong_muon') ||
    CAUSES.has(words(turn))
  );
}

/**
 * The routing table: 16 rows, tried in order, the first match wins (the row numbers in the
 * comments below; a trace names the row that routed the turn). Pure: the same turn and
 * frame always route the same way.
 */
export function route(turn: string, frame: QueryFrame, nameOf: NameOf, ctx: RouteContext = {}): RouteOutcome {
  const t = frame.turn_type;
  const isDosingCalc = t === 'dosing_calc' && frame.drugs.length > 0 && !frame.is_section_overview;

  // 1. deterministic scope guard, before any conversational clarify
  // a conversation about a person (an age or population said) reads an unmarked "con cho uong" as "còn cho uống"
  if (frame.non_human || looksNonHuman(turn, frame.population !== null || frame.age_text !== null))
    return { row: 1, kind: 'reply', reply: abstain('out_of_scope', W.nonHuman) };
  // … and a joke, a poem or program code asked for, whatever drug it names
  if (asksForContent(turn))
    return { row: 1, kind: 'reply', reply: abstain('out_of_scope', W.outOfScope), contentAsked: true };

  // a name too close to two drugs is asked back before anything else about it: the drug itself is uncertain
  const ambiguous = ctx.ambiguousDrugs ?? [];
  if (ambiguous.length) {
    const options = [...new Set(ambiguous.flatMap((a) => a.candidates))];
    return {
      row: 14,
      kind: 'reply',
      reply: clarify('no_drug', W.didYouMean(ambiguous[0].typed, options), options, frame.drugs),
    };
  }

  // 2-3. dosing is a state machine: code decides the required slots
  if (isDosingCalc && frame.population === null)
    return {
      row: 2,
      kind: 'reply',
      reply: clarify('missing_population', W.population(names(frame, nameOf)), W.populationReplies, frame.drugs),
    };
  if (isDosingCalc && frame.population === 'pediatric' && (!frame.age_text || frame.weight_kg === null))
    return {
      row: 3,
      kind: 'reply',
      reply: clarify(
        'missing_pediatric_age_or_weight',
        pediatricClarifyQuestion(frame.age_text, frame.weight_kg),
        [],
        frame.drugs,
      ),
    };

  // 4. the understanding step asked for more information (or failed outright)
  if (
    (frame.needs_clarify &&
      frame.clarify_reason &&
      t !== 'dosing_calc' &&
      t !== 'condition_to_drug' &&
      !frame.is_section_overview) ||
    frame.understanding_failed
  ) {
    return frame.understanding_failed
      ? { row: 4, kind: 'reply', reply: abstain('understanding_unavailable', W.understandingUnavailable) }
      : {
          row: 4,
          kind: 'reply',
          reply: clarify('needs_more_info', frame.clarify_reason || W.needsMoreInfo, [], frame.drugs),
        };
  }

  // 5-8. condition -> drug
  if (CONDITION_TYPES.has(t)) {
    if (frame.condition_ambiguous)
      return {
        row: 5,
        kind: 'reply',
        reply: clarify('ambiguous_condition', W.ambiguousCondition(frame.condition ?? frame.indication)),
      };
    // a relation left empty is "which drugs treat it" only when the words do not ask for causes or contraindications
    if (
      (frame.condition_relation !== null && frame.condition_relation !== 'INDICATION') ||
      (frame.condition_relation === null && asksReverseRelation(turn))
    )
      return { row: 6, kind: 'reply', reply: abstain('unsupported_reverse_relation', W.reverseRelation) };
    const condition = frame.condition ?? frame.indication;
    if (condition) return { row: 7, kind: 'condition_to_drug', condition };
    return t === 'condition_to_drug'
      ? { row: 8, kind: 'reply', reply: clarify('no_condition', W.noCondition) }
      : { row: 8, kind: 'reply', reply: clarify('no_indication', W.noIndication) };
  }

  // 9. "which drugs cause / are contraindicated in X" is not supported
  if (t === 'condition_relation')
    return { row: 9, kind: 'reply', reply: abstain('unsupported_reverse_relation', W.reverseRelation) };

  // 10. a drug but nothing asked about it
  if (t === 'drug_attribute' && frame.drugs.length > 0 && frame.attribute === null)
    return {
      row: 10,
      kind: 'reply',
      reply: clarify('missing_attribute', W.missingAttribute(names(frame, nameOf)), W.attributeReplies, frame.drugs),
    };

  if (t === 'smalltalk')
    return {
      row: 11,
      kind: 'reply',
      reply: { ...clarify('no_drug', W.greeting), decision: 'answerable', reason: 'smalltalk' },
    };
  // the drug a non-clinical question names ("amlodipin giá bao nhiêu") is the one it is about: the reply says so
  if (t === 'out_of_scope')
    return { row: 12, kind: 'reply', reply: abstain('out_of_scope', W.outOfScope, frame.drugs) };
  // a drug the question needs is not in the formulary: alone, or as the other half of a pair
  if (frame.unknown_drugs.length > 0 && (frame.drugs.length === 0 || (t === 'interaction' && frame.drugs.length < 2)))
    return { row: 13, kind: 'reply', reply: abstain('drug_not_in_formulary', W.notInFormulary(frame.unknown_drugs)) };
  if (frame.drugs.length === 0) {
    // after a list of several: which of the drugs just listed (offered as quick replies)
    const listed = frame.listed.map(nameOf);
    if (listed.length > 1)
      return { row: 14, kind: 'reply', reply: clarify('no_drug', W.whichListed(listed), listed.slice(0, 8)) };
    return { row: 14, kind: 'reply', reply: clarify('no_drug', W.noDrug) };
  }
  if (t === 'interaction' && frame.drugs.length >= 2) return { row: 15, kind: 'interaction' };
  return { row: 16, kind: 'single_drug' };
}
