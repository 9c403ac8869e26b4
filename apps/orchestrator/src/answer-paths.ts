import { Inject, Injectable } from '@nestjs/common';
import {
  SECTION_TITLES,
  type AgentReply,
  type AnswerSentence,
  type EvidencePart,
  type QueryFrame,
} from '@app/contracts';
import {
  abstain,
  answeredReply,
  citationsFor,
  clarify,
  generationFailureReply,
  needsSafetyReview,
  patientGenerationQuery,
  routeQuickReplies,
  synthesizeQuery,
  userNumbers,
  verifyPdfNotices,
  W,
  whereToLook,
} from '@app/agent';
import { APP_CONFIG, type AppConfig, type HopTicket } from '@app/platform';
import type { TraceRecorder } from './trace-recorder';
import { TracedHops } from './traced-hops';

export interface TurnContext {
  turn: string;
  /** The user's earlier turns (numbers they gave may be repeated). */
  userTurns: string[];
  frame: QueryFrame;
  ticket: HopTicket;
  trace: TraceRecorder;
  nameOf: (drugId: string) => string;
  /** Legacy stateless path: run the sufficiency check (call #2). */
  legacy: boolean;
}

interface GroundedRequest {
  query: string;
  evidence: EvidencePart[];
  drugs: string[];
  header: string;
  listMode: boolean;
  candidates: string[];
  trailer?: string[];
  reason?: 'answered' | 'drug_list';
}

/** The three answer paths of the seed and the grounded-answer call sequence they share. */
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
    const query = synthesizeQuery(ctx.turn, frame);
    const r = await this.hops.call(ctx.trace, 'retrieval', 'retrieve_framed', { frame, query }, ctx.ticket);
    if (!r.ok) return generationFailureReply(r.code, frame.drugs);
    const names = frame.drugs.map(ctx.nameOf).join(', ');
    if (r.value.decision === 'AMBIGUOUS_ROUTE')
      return clarify('ambiguous_route', W.ambiguousRoute(names), routeQuickReplies(r.value.routes), frame.drugs);
    if (r.value.decision === 'INSUFFICIENT') {
      const dosing = frame.attribute === 'lieu_luong_cach_dung' && frame.population !== null;
      return abstain(
        'no_evidence',
        dosing
          ? W.noEvidenceForPopulation(names, frame.population!, frame.route)
          : W.noEvidence(names, frame.attribute),
        frame.drugs,
      );
    }
    const section = frame.attribute ? SECTION_TITLES[frame.attribute] : null;
    return this.grounded(ctx, {
      query,
      evidence: r.value.parts,
      drugs: frame.drugs,
      header: W.answerHeader(names, section),
      listMode: false,
      candidates: [],
    });
  }

  /**
   * Row 15: each drug's interaction section, in one retrieval hop; keep ANSWERABLE and
   * VERIFY_PDF parts (an unverified table and its notice are never dropped); the pool
   * must name the other drug.
   */
  async interaction(ctx: TurnContext): Promise<AgentReply> {
    const { frame } = ctx;
    const d = await this.hops.call(ctx.trace, 'retrieval', 'retrieve_interaction', { frame }, ctx.ticket);
    if (!d.ok) return generationFailureReply(d.code, frame.drugs);
    const names = frame.drugs.map(ctx.nameOf);
    if (d.value.decision === 'INSUFFICIENT' || !d.value.parts.length)
      return abstain('no_interaction_evidence', W.noInteraction(names), frame.drugs);
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
   * frame.drugs; a patient context runs the stage-2 safety review; list-mode generation
   * is bound to the candidate set.
   */
  async conditionToDrug(ctx: TurnContext, condition: string): Promise<AgentReply> {
    const { frame } = ctx;
    const r = await this.hops.call(ctx.trace, 'retrieval', 'retrieve_by_indication', { condition }, ctx.ticket);
    if (!r.ok) return generationFailureReply(r.code, []);
    const candidates = r.value.parts.map((p) => p.doc_id.split('__')[0]).filter((id, i, a) => a.indexOf(id) === i);
    if (!candidates.length) return abstain('no_evidence', W.noIndicationEvidence(condition));
    let evidence = r.value.parts;
    let query = synthesizeQuery(ctx.turn, frame);
    let listed = candidates;
    if (needsSafetyReview(frame)) {
      const s = await this.hops.call(
        ctx.trace,
        'retrieval',
        'assess_patient_candidates',
        { drug_ids: candidates, patient: frame.patient },
        ctx.ticket,
      );
      if (!s.ok) return generationFailureReply(s.code, candidates);
      if (!s.value.parts.length) return abstain('no_safety_evidence', W.noSafety, candidates);
      listed = s.value.reviewed_drug_ids;
      evidence = [...evidence.filter((p) => listed.includes(p.drug_id)), ...s.value.parts];
      query = patientGenerationQuery(condition, frame);
    }
    return this.grounded(ctx, {
      query,
      evidence,
      drugs: listed,
      header: W.drugList(condition, listed.map(ctx.nameOf)),
      listMode: true,
      candidates: listed,
      trailer: [W.drugListDisclaimer],
      reason: 'drug_list',
    });
  }

  /**
   * The seed's call table: [sufficiency (legacy only, fail-open)] → generation → [retry
   * once if the model said the evidence was insufficient] → guard + entailment →
   * [one repair + re-verify for a grounded omission]. Every failure is closed.
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
      if (s.ok && !s.value.sufficient)
        return abstain('no_evidence', W.noEvidence(g.drugs.map(ctx.nameOf).join(', '), frame.attribute), g.drugs);
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
    if (!gen.ok) return generationFailureReply(gen.code, g.drugs);
    if (!gen.value.evidence_sufficient) {
      if (gen.value.clarifying_question)
        return clarify(
          gen.value.quick_replies.length ? 'ambiguous_route' : 'needs_more_info',
          gen.value.clarifying_question,
          gen.value.quick_replies,
          g.drugs,
        );
      gen = await this.hops.call(trace, 'generation', 'generate', { ...base, retry: true }, ticket);
      if (!gen.ok) return generationFailureReply(gen.code, g.drugs);
      if (!gen.value.evidence_sufficient || !gen.value.answer_sentences.length)
        return abstain('no_evidence', W.noEvidence(g.drugs.map(ctx.nameOf).join(', '), frame.attribute), g.drugs);
    }
    let sentences: AnswerSentence[] = gen.value.answer_sentences;
    if (!sentences.length)
      return abstain('no_evidence', W.noEvidence(g.drugs.map(ctx.nameOf).join(', '), frame.attribute), g.drugs);

    const numbers = userNumbers([...ctx.userTurns, ctx.turn], frame);
    const verifyPayload = (s: AnswerSentence[]) => ({
      query: g.query,
      answer_sentences: s,
      evidence: g.evidence,
      user_numbers: numbers,
      list_mode: g.listMode,
      candidates: g.candidates,
    });
    let v = await this.hops.call(trace, 'verification', 'verify', verifyPayload(sentences), ticket);
    if (!v.ok) return generationFailureReply(v.code, g.drugs);
    if (!v.value.guard_ok)
      return abstain('ungrounded_answer', W.ungrounded(whereToLook(g.evidence)), g.drugs, verifyPdfNotices(g.evidence));
    if (!v.value.entailment?.entailed)
      return abstain('not_entailed', W.notEntailed(whereToLook(g.evidence)), g.drugs, verifyPdfNotices(g.evidence));

    const omissions = v.value.entailment.omissions.filter((o) => o.grounded);
    if (omissions.length) {
      const repair = await this.hops.call(
        trace,
        'generation',
        'generate',
        { ...base, omissions, previous: sentences, retry: false },
        ticket,
      );
      if (!repair.ok) return generationFailureReply(repair.code, g.drugs);
      sentences = repair.value.answer_sentences;
      v = await this.hops.call(trace, 'verification', 'verify', verifyPayload(sentences), ticket);
      if (!v.ok) return generationFailureReply(v.code, g.drugs);
      if (!v.value.guard_ok)
        return abstain(
          'ungrounded_answer',
          W.ungrounded(whereToLook(g.evidence)),
          g.drugs,
          verifyPdfNotices(g.evidence),
        );
      if (!v.value.entailment?.entailed)
        return abstain('not_entailed', W.notEntailed(whereToLook(g.evidence)), g.drugs, verifyPdfNotices(g.evidence));
    }
    return answeredReply(g.header, sentences, g.evidence, g.drugs, g.reason ?? 'answered', g.trailer ?? []);
  }

  /** ANSWER_PROVIDER=disabled: no LLM at all — the evidence itself, verbatim, with citations. */
  private quoteVerbatim(g: GroundedRequest): AgentReply {
    const sentences = g.evidence.slice(0, 8).map((p) => ({ text: `${p.drug_name}: ${p.text}`, doc_ids: [p.doc_id] }));
    return {
      decision: 'answerable',
      reason: 'retrieval_only',
      answer: [W.retrievalOnlyHeader, ...sentences.map((s) => s.text)].join('\n'),
      quick_replies: [],
      citations: citationsFor(sentences, g.evidence),
      notices: verifyPdfNotices(g.evidence),
      drugs: g.drugs,
    };
  }
}
