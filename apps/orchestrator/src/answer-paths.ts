import { Inject, Injectable } from '@nestjs/common';
import {
  SECTION_TITLES,
  type AgentReply,
  type AnswerSentence,
  type EvidencePart,
  type GenerationOutput,
  type HopOutcome,
  type Omission,
  type QueryFrame,
} from '@app/contracts';
import {
  abstain,
  askedClasses,
  classRetryCondition,
  afterSafetyReview,
  answeredReply,
  citationsFor,
  clarify,
  conversationWords,
  generationFailureReply,
  listQuestion,
  turnAskingList,
  noEvidenceReply,
  patientGenerationQuery,
  routeQuickReplies,
  safetyReviewPayload,
  framedRetrievalPayload,
  synthesizeQuery,
  userNumbers,
  verificationFailureReply,
  verifyPdfNotices,
  W,
} from '@app/agent';
import { APP_CONFIG, type AppConfig, type HopTicket } from '@app/platform';
import type { TraceRecorder } from './trace-recorder';
import { TracedHops } from './traced-hops';

export interface TurnContext {
  turn: string;
  /** The words of the question this turn answers (the turn, or the question a clarify reply completes). */
  question: string;
  /** The user's earlier turns (numbers they gave may be repeated). */
  userTurns: string[];
  frame: QueryFrame;
  ticket: HopTicket;
  trace: TraceRecorder;
  nameOf: (drugId: string) => string;
  /** Legacy path: ask the model whether the evidence suffices before generating (fail-open). */
  legacy: boolean;
  /** No memory (legacy path, store down): a question back cannot be answered, so none is asked. */
  stateless: boolean;
}

interface GroundedRequest {
  query: string;
  evidence: EvidencePart[];
  drugs: string[];
  header: string;
  listMode: boolean;
  candidates: string[];
  trailer?: string[];
  notices?: string[];
  reason?: 'answered' | 'drug_list';
}

/** A generated answer after its checks: the reply that ends the turn, or sentences that may go out. */
type Checked = { reply: AgentReply } | { reply: null; sentences: AnswerSentence[]; omissions: Omission[] };

/** Retrieval-only mode quotes at most this many parts (and says so when there are more). */
const VERBATIM_PARTS = 8;

const allQuarantined = (parts: EvidencePart[]) => parts.length > 0 && parts.every((p) => p.quarantined_page !== null);

/**
 * The three answer paths — one drug's section, an interaction between drugs, the drugs for a
 * condition — and the grounded-answer call sequence they share.
 */
@Injectable()
export class AnswerPaths {
  constructor(
    private readonly hops: TracedHops,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private get retrievalOnly(): boolean {
    return this.config.ANSWER_PROVIDER === 'disabled';
  }

  /** Row 16: retrieve_framed → decide → grounded answer, or abstain when nothing answerable was found. */
  async singleDrug(ctx: TurnContext): Promise<AgentReply> {
    const { frame } = ctx;
    const query = synthesizeQuery(ctx.question, frame);
    const payload = framedRetrievalPayload(frame, query, ctx.userTurns, ctx.turn);
    const r = await this.hops.call(ctx.trace, 'retrieval', 'retrieve_framed', payload, ctx.ticket);
    if (!r.ok) return generationFailureReply(r.code, frame.drugs);
    const names = frame.drugs.map(ctx.nameOf).join(', ');
    if (r.value.decision === 'AMBIGUOUS_ROUTE') {
      const options = routeQuickReplies(r.value.routes);
      // a stateless turn cannot take the answer to a question: say what to add to it instead
      if (ctx.stateless) return clarify('ambiguous_route', W.statelessAddRoute(names, options), [], frame.drugs);
      return clarify('ambiguous_route', W.ambiguousRoute(names), options, frame.drugs, verifyPdfNotices(r.value.parts));
    }
    if (r.value.decision === 'AMBIGUOUS_AGE')
      return clarify('missing_pediatric_age_or_weight', W.exactAge(frame.age_text ?? ''), [], frame.drugs);
    if (r.value.decision === 'INSUFFICIENT') return noEvidenceReply(frame, names, ctx.question);
    // only unverified tables answer this: point to their pages, never quote them as the answer
    if (allQuarantined(r.value.parts))
      return this.tablesOnly(r.value.parts, W.tablesOnly(names, frame.attribute), 'no_evidence', frame.drugs);
    const answered = r.value.answered_section ?? frame.attribute;
    const section = answered ? SECTION_TITLES[answered] : null;
    const elderlyAsAdult =
      !r.value.withheld &&
      frame.population === 'elderly' &&
      frame.attribute === 'lieu_luong_cach_dung' &&
      !r.value.parts.some((p) => p.population.includes('elderly')) &&
      r.value.parts.some((p) => p.population.includes('adult'));
    return this.grounded(ctx, {
      query,
      evidence: r.value.parts,
      drugs: frame.drugs,
      // a dose withheld for this patient: the contraindication that stands in its place is the answer
      header: r.value.withheld ? W.withheldForPatient(names, section) : W.answerHeader(names, section),
      listMode: false,
      candidates: [],
      notices: [
        // this patient's allergies and contraindications of the drug, before anything else
        ...(r.value.contraindicated ?? []).map((c) =>
          W.patientContraindication(ctx.nameOf(c.drug_id), c.section, c.quote, c.applies),
        ),
        // what the interaction sections say of the drug asked beside a drug the patient takes
        ...(r.value.co_medications ?? []).map((c) => W.coMedication(ctx.nameOf(c.other), ctx.nameOf(c.owner), c.quote)),
        ...(elderlyAsAdult ? [W.elderlyAsAdult(names)] : []),
        // the precautions that speak of elderly patients, quoted beside the adult dose
        ...(r.value.cautions ?? []).map((p) => W.elderlyCaution(ctx.nameOf(p.drug_id), p.text)),
      ],
    });
  }

  /**
   * Row 15: each drug's interaction section, in one retrieval hop; keep ANSWERABLE and
   * VERIFY_PDF parts (an unverified table and its notice are never dropped); the pool
   * must name the other drug. When only the unverified tables are left, the abstention
   * carries each table's page and says the pair was not checked against it.
   */
  async interaction(ctx: TurnContext): Promise<AgentReply> {
    const { frame } = ctx;
    const d = await this.hops.call(ctx.trace, 'retrieval', 'retrieve_interaction', { frame }, ctx.ticket);
    if (!d.ok) return generationFailureReply(d.code, frame.drugs);
    const names = frame.drugs.map(ctx.nameOf);
    if (d.value.decision === 'INSUFFICIENT' || !d.value.parts.length)
      return abstain('no_interaction_evidence', W.noInteraction(names), frame.drugs);
    if (allQuarantined(d.value.parts))
      return this.tablesOnly(d.value.parts, W.interactionTablesOnly(names), 'no_interaction_evidence', frame.drugs);
    return this.grounded(ctx, {
      query: synthesizeQuery(ctx.turn, frame),
      evidence: d.value.parts,
      drugs: frame.drugs,
      header: W.answerHeader(names.join(' + '), SECTION_TITLES.tuong_tac_thuoc),
      listMode: false,
      candidates: [],
    });
  }

  /**
   * Row 7: candidates come from matched_doc_id ({drug_id}__chi_dinh__{n}), never from
   * frame.drugs; the stage-2 safety review always runs: a patient context (pregnancy, lactation,
   * kidney, liver, comorbidities, allergies) brings each candidate's safety evidence, and any
   * contraindication that names the patient's state or what the user's words say of the patient
   * ("loét DD tiến triển" though no comorbidity was read) keeps the candidate off; list-mode
   * generation is bound to the candidate set. What the list leaves out is said: a capped list,
   * candidates without safety evidence, candidates an allergy or a contraindication excludes.
   */
  async conditionToDrug(ctx: TurnContext, asked: string): Promise<AgentReply> {
    const { frame } = ctx;
    // a class the question names ("thuốc giảm đau opioid nào", "ks nào") is read from the user's words:
    // no drug outside it is listed, whatever condition was read
    // … in the turn that asked the list, when this one only tells the patient ("À em quên, bố em bị suy thận nặng")
    const listTurn = turnAskingList(ctx.turn, ctx.userTurns, frame);
    const classes = askedClasses(listTurn);
    const question = listQuestion(classes, asked, listTurn, frame.patient);
    let condition = question.condition;
    const patient = question.patient;
    const context = conversationWords([ctx.turn], true);
    let r = await this.hops.call(
      ctx.trace,
      'retrieval',
      'retrieve_by_indication',
      { condition, classes, context },
      ctx.ticket,
    );
    if (!r.ok) return generationFailureReply(r.code, []);
    const retry = classRetryCondition(classes, condition, r.value);
    if (retry) {
      const again = await this.hops.call(
        ctx.trace,
        'retrieval',
        'retrieve_by_indication',
        { condition: retry, classes, context },
        ctx.ticket,
      );
      if (!again.ok) return generationFailureReply(again.code, []);
      if (again.value.drug_ids.length) [r, condition] = [again, retry];
    }
    if (r.value.weak) return clarify('ambiguous_condition', W.ambiguousCondition(condition));
    const candidates = r.value.drug_ids;
    const labels = classes.filter((c) => !c.excluded).map((c) => c.label);
    const ruledOut = classes.filter((c) => c.excluded).map((c) => c.label);
    const offClass = r.value.off_class.map(ctx.nameOf);
    const notFor = [
      ...r.value.not_for.map((n) => W.notForWhatSaid(ctx.nameOf(n.drug_id), n.quote)),
      ...r.value.other_age.map((n) => W.forOtherAge(ctx.nameOf(n.drug_id), n.quote)),
      ...(r.value.set_aside.length ? [W.setAside(r.value.set_aside.map(ctx.nameOf))] : []),
    ];
    if (!candidates.length)
      return abstain(
        'no_evidence',
        offClass.length ? W.noneInClass(condition, labels, offClass, ruledOut) : W.noIndicationEvidence(condition),
        [],
        notFor,
      );
    const capped = [
      ...(r.value.total > candidates.length ? [W.candidatesCapped(candidates.length)] : []),
      ...(offClass.length ? [W.offClass(labels, offClass, ruledOut)] : []),
      ...notFor,
    ];
    const turns = [...ctx.userTurns, ctx.turn];
    const s = await this.hops.call(
      ctx.trace,
      'retrieval',
      'assess_patient_candidates',
      safetyReviewPayload(candidates, patient, condition, turns),
      ctx.ticket,
    );
    if (!s.ok) return generationFailureReply(s.code, candidates);
    const review = afterSafetyReview(candidates, s.value, condition, ctx.nameOf, capped);
    if (review.reply) return review.reply;
    const { listed, notices } = review;
    const evidence = [...r.value.parts.filter((p) => listed.includes(p.drug_id)), ...s.value.parts];
    const query = s.value.parts.length ? patientGenerationQuery(condition, frame) : synthesizeQuery(ctx.turn, frame);
    return this.grounded(ctx, {
      query,
      evidence,
      drugs: listed,
      header: W.drugList(condition, listed.map(ctx.nameOf)),
      listMode: true,
      candidates: listed,
      trailer: [W.drugListDisclaimer],
      notices,
      reason: 'drug_list',
    });
  }

  /** Only unverified tables answer: an abstention that cites them with their "verify in the PDF" notices. */
  private tablesOnly(
    tables: EvidencePart[],
    answer: string,
    reason: 'no_evidence' | 'no_interaction_evidence',
    drugs: string[],
  ): AgentReply {
    return { ...abstain(reason, answer, drugs, verifyPdfNotices(tables)), citations: citationsFor([], tables) };
  }

  /**
   * The model calls of a grounded answer, in order: [sufficiency (legacy only, fail-open)] →
   * generation → [retry once if the model said the evidence was insufficient] → checks in code
   * + entailment → [one repair + re-verify for a grounded omission]. Every failure is closed;
   * the repair's output is held to the same rules as the first answer's.
   */
  private async grounded(ctx: TurnContext, g: GroundedRequest): Promise<AgentReply> {
    if (this.retrievalOnly) return this.quoteVerbatim(g);
    const { trace, ticket, frame } = ctx;

    if (ctx.legacy && !g.listMode && g.evidence.length >= 2) {
      const s = await this.hops.call(
        trace,
        'verification',
        'check_sufficiency',
        { query: g.query, evidence: g.evidence },
        ticket,
      );
      // fail-open: a sufficiency outage never blocks an answer the later checks can still stop
      if (s.ok && !s.value.sufficient) return this.noEvidence(ctx, g);
    }

    const base = {
      query: g.query,
      frame,
      evidence: g.evidence,
      list_mode: g.listMode,
      candidates: g.candidates,
      omissions: [],
      previous: [],
    };
    let gen = await this.hops.call(trace, 'generation', 'generate', { ...base, retry: false }, ticket);
    // the model found the evidence insufficient: its question is asked, or it is retried once
    if (gen.ok && !gen.value.evidence_sufficient) {
      if (gen.value.clarifying_question && !ctx.stateless)
        return clarify(
          gen.value.quick_replies.length ? 'ambiguous_route' : 'needs_more_info',
          gen.value.clarifying_question,
          gen.value.quick_replies,
          g.drugs,
        );
      gen = await this.hops.call(trace, 'generation', 'generate', { ...base, retry: true }, ticket);
    }
    let answer = await this.checked(ctx, g, gen);
    if (answer.reply) return answer.reply;

    if (answer.omissions.length) {
      const repair = await this.hops.call(
        trace,
        'generation',
        'generate',
        { ...base, omissions: answer.omissions, previous: answer.sentences, retry: false },
        ticket,
      );
      answer = await this.checked(ctx, g, repair);
      if (answer.reply) return answer.reply;
    }
    const reply = answeredReply(
      g.header,
      answer.sentences,
      g.evidence,
      g.drugs,
      g.reason ?? 'answered',
      g.trailer ?? [],
    );
    return { ...reply, notices: [...(g.notices ?? []), ...reply.notices] };
  }

  /**
   * Holds one generated answer to every rule, the first answer and the repair alike: a hop
   * failure fails closed (never any model text); an answer that gives up or says nothing is no
   * evidence; a refusal by the checks in code or by entailment abstains. What passes comes back
   * with the grounded omissions a repair may add.
   */
  private async checked(ctx: TurnContext, g: GroundedRequest, gen: HopOutcome<GenerationOutput>): Promise<Checked> {
    if (!gen.ok) return { reply: generationFailureReply(gen.code, g.drugs) };
    const sentences = gen.value.answer_sentences;
    if (!gen.value.evidence_sufficient || !sentences.length) return { reply: this.noEvidence(ctx, g) };
    const v = await this.hops.call(
      ctx.trace,
      'verification',
      'verify',
      {
        query: g.query,
        answer_sentences: sentences,
        evidence: g.evidence,
        user_numbers: userNumbers([...ctx.userTurns, ctx.turn], ctx.frame),
        list_mode: g.listMode,
        candidates: g.candidates,
        frame: g.listMode ? null : ctx.frame,
      },
      ctx.ticket,
    );
    const refused = verificationFailureReply(v, g.evidence, g.drugs);
    if (refused) return { reply: refused };
    const omissions = v.ok ? (v.value.entailment?.omissions ?? []).filter((o) => o.grounded) : [];
    return { reply: null, sentences, omissions };
  }

  private noEvidence(ctx: TurnContext, g: GroundedRequest): AgentReply {
    const names = g.drugs.map(ctx.nameOf).join(', ');
    return abstain('no_evidence', W.noEvidence(names, ctx.frame.attribute), g.drugs, g.notices);
  }

  /** ANSWER_PROVIDER=disabled: no LLM at all — the evidence itself, verbatim, with citations; a cut is said. */
  private quoteVerbatim(g: GroundedRequest): AgentReply {
    const shown = g.evidence.slice(0, VERBATIM_PARTS);
    const sentences = shown.map((p) => ({ text: `${p.drug_name}: ${p.text}`, doc_ids: [p.doc_id] }));
    const cut = g.evidence.length > shown.length ? [W.retrievalOnlyTruncated(shown.length, g.evidence.length)] : [];
    return {
      decision: 'answerable',
      reason: 'retrieval_only',
      answer: [W.retrievalOnlyHeader, ...sentences.map((s) => s.text), ...cut].join('\n'),
      quick_replies: [],
      citations: citationsFor(sentences, g.evidence),
      notices: [...(g.notices ?? []), ...cut, ...verifyPdfNotices(g.evidence)],
      drugs: g.drugs,
    };
  }
}
