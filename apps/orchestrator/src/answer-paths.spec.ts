import { ProviderUnavailable, type GenerationOutput, type TurnReply, type VerifyResult } from '@app/contracts';
import { newTestAgent, quoting, verifyResult } from './testing/test-agent';

/** The generated text of the test's answers: none of it may reach a reply that abstains. */
const QUOTED = 'Quá mẫn với ibuprofen';
const OMITTED = 'ibuprofen__chong_chi_dinh__3';
const withOmission = verifyResult({
  entailment: {
    entailed: true,
    unsupported_claims: [],
    omissions: [{ grounded: true, detail: 'suy tim, suy gan, suy thận nặng', doc_id: OMITTED }],
  },
});
const notEntailed = verifyResult({
  entailment: { entailed: false, unsupported_claims: ['an unsupported claim'], omissions: [] },
});
const givesUp: GenerationOutput = { ...quoting([]), evidence_sufficient: false };

/** A fake op that answers each call with the next scripted result (the last one repeats). */
function inTurn<T>(...results: (T | Error)[]): () => Promise<T> {
  let i = 0;
  return async () => {
    const r = results[Math.min(i++, results.length - 1)];
    if (r instanceof Error) throw r;
    return r;
  };
}

const outage = () => new ProviderUnavailable('server_error', 'HTTP 503');

function expectNoModelText(reply: TurnReply): void {
  expect(reply.answer).not.toContain(QUOTED);
  expect(reply.citations).toEqual([]);
}

describe('AnswerPaths: the grounded answer (generation, checks, one repair) fails closed', () => {
  it('answers with the quoted part and its citation after one generation and one verification', async () => {
    const t = newTestAgent();
    const job = t.job();
    const reply = await t.agent.handle(job);
    expect(reply).toMatchObject({ decision: 'answerable', reason: 'answered' });
    expect(reply.answer).toContain(QUOTED);
    expect(reply.citations.map((c) => c.doc_id)).toEqual(['ibuprofen__chong_chi_dinh__1']);
    expect(t.hopsOf(job.turn_id)).toEqual([
      'understanding.understand ok',
      'retrieval.retrieve_framed ok',
      'generation.generate ok',
      'verification.verify ok',
    ]);
  });

  it('a generation outage abstains as generation_unavailable, with no verification and no model text', async () => {
    const t = newTestAgent();
    t.workers.generation.generate = inTurn<GenerationOutput>(outage());
    const job = t.job();
    const reply = await t.agent.handle(job);
    expect(reply).toMatchObject({ decision: 'abstain', reason: 'generation_unavailable' });
    expectNoModelText(reply);
    expect(t.hopsOf(job.turn_id).slice(-1)).toEqual(['generation.generate provider_unavailable']);
  });

  it('a verification refusal abstains as not_entailed at once: no repair is asked for', async () => {
    const t = newTestAgent();
    t.workers.verification.verify = inTurn<VerifyResult>(notEntailed);
    const job = t.job();
    const reply = await t.agent.handle(job);
    expect(reply).toMatchObject({ decision: 'abstain', reason: 'not_entailed' });
    expectNoModelText(reply);
    expect(t.hopsOf(job.turn_id).filter((h) => h.startsWith('generation.'))).toHaveLength(1);
  });

  it('a grounded omission triggers exactly one repair, given the omission and the first answer, and one re-verify', async () => {
    const t = newTestAgent();
    t.workers.verification.verify = inTurn<VerifyResult>(withOmission, verifyResult());
    const repairs: unknown[] = [];
    const generate = t.workers.generation.generate;
    t.workers.generation.generate = (p, ticket) => {
      if (p.omissions.length) repairs.push({ omissions: p.omissions, previous: p.previous });
      return generate(p, ticket);
    };
    const job = t.job();
    const reply = await t.agent.handle(job);
    expect(reply).toMatchObject({ decision: 'answerable', reason: 'answered' });
    expect(reply.citations.map((c) => c.doc_id)).toEqual(['ibuprofen__chong_chi_dinh__1', OMITTED]);
    expect(repairs).toEqual([
      {
        omissions: withOmission.entailment!.omissions,
        previous: [{ text: expect.stringContaining(QUOTED), doc_ids: ['ibuprofen__chong_chi_dinh__1'] }],
      },
    ]);
    expect(t.hopsOf(job.turn_id).slice(2)).toEqual([
      'generation.generate ok',
      'verification.verify ok',
      'generation.generate ok',
      'verification.verify ok',
    ]);
  });

  it('an omission the evidence does not hold (not grounded) asks for no repair', async () => {
    const t = newTestAgent();
    t.workers.verification.verify = inTurn<VerifyResult>(
      verifyResult({
        entailment: {
          entailed: true,
          unsupported_claims: [],
          omissions: [{ grounded: false, detail: 'x', doc_id: null }],
        },
      }),
    );
    const job = t.job();
    expect(await t.agent.handle(job)).toMatchObject({ decision: 'answerable', reason: 'answered' });
    expect(t.hopsOf(job.turn_id).filter((h) => h.startsWith('generation.'))).toHaveLength(1);
  });

  it('a repaired answer that fails its re-verify abstains as not_entailed, with neither answer in the reply', async () => {
    const t = newTestAgent();
    t.workers.verification.verify = inTurn<VerifyResult>(withOmission, notEntailed);
    const job = t.job();
    const reply = await t.agent.handle(job);
    expect(reply).toMatchObject({ decision: 'abstain', reason: 'not_entailed' });
    expectNoModelText(reply);
    expect(t.hopsOf(job.turn_id).filter((h) => h.startsWith('verification.'))).toHaveLength(2);
  });

  it.each([
    { what: 'gives up', repair: givesUp, reason: 'no_evidence' },
    { what: 'says nothing', repair: quoting([]), reason: 'no_evidence' },
    { what: 'fails', repair: outage(), reason: 'generation_unavailable' },
  ])('a repair that $what fails closed as $reason, and is never verified', async ({ repair, reason }) => {
    const t = newTestAgent();
    t.workers.verification.verify = inTurn<VerifyResult>(withOmission);
    const first = t.workers.generation.generate;
    t.workers.generation.generate = (p, ticket) =>
      p.omissions.length ? inTurn<GenerationOutput>(repair)() : first(p, ticket);
    const job = t.job();
    const reply = await t.agent.handle(job);
    expect(reply).toMatchObject({ decision: 'abstain', reason });
    expectNoModelText(reply);
    expect(t.hopsOf(job.turn_id).filter((h) => h.startsWith('verification.'))).toHaveLength(1);
  });

  it('an answer that finds the evidence insufficient without a question is retried once, then answered', async () => {
    const t = newTestAgent();
    const first = t.workers.generation.generate;
    const retries: boolean[] = [];
    t.workers.generation.generate = async (p, ticket) => {
      retries.push(p.retry);
      return p.retry ? first(p, ticket) : givesUp;
    };
    expect(await t.agent.handle(t.job())).toMatchObject({ decision: 'answerable', reason: 'answered' });
    expect(retries).toEqual([false, true]);
  });

  it('an answer that finds the evidence insufficient twice abstains as no_evidence', async () => {
    const t = newTestAgent();
    t.workers.generation.generate = inTurn(givesUp);
    const job = t.job();
    expect(await t.agent.handle(job)).toMatchObject({ decision: 'abstain', reason: 'no_evidence' });
    expect(t.hopsOf(job.turn_id).filter((h) => h.startsWith('generation.'))).toHaveLength(2);
  });

  it('an insufficient answer with a question asks it (clarify with its quick replies) instead of retrying', async () => {
    const t = newTestAgent();
    t.workers.generation.generate = inTurn<GenerationOutput>({
      ...givesUp,
      clarifying_question: 'Dùng đường nào?',
      quick_replies: ['Uống', 'Tiêm tĩnh mạch'],
    });
    const job = t.job();
    const reply = await t.agent.handle(job);
    expect(reply).toMatchObject({
      decision: 'clarify',
      reason: 'ambiguous_route',
      answer: 'Dùng đường nào?',
      quick_replies: ['Uống', 'Tiêm tĩnh mạch'],
    });
    expect(t.hopsOf(job.turn_id).filter((h) => h.startsWith('generation.'))).toHaveLength(1);
  });

  describe('the stateless legacy path runs the sufficiency check first', () => {
    const legacy = { legacy: true, conversation_id: null };

    it('fails open: a sufficiency outage still answers', async () => {
      const t = newTestAgent();
      t.workers.verification.check_sufficiency = inTurn<{ sufficient: boolean }>(outage());
      const job = t.job(legacy);
      expect(await t.agent.handle(job)).toMatchObject({ decision: 'answerable', reason: 'answered' });
      expect(t.hopsOf(job.turn_id)).toContain('verification.check_sufficiency provider_unavailable');
    });

    it('evidence it finds insufficient abstains as no_evidence before any generation', async () => {
      const t = newTestAgent();
      t.workers.verification.check_sufficiency = inTurn({ sufficient: false });
      const job = t.job(legacy);
      expect(await t.agent.handle(job)).toMatchObject({ decision: 'abstain', reason: 'no_evidence' });
      expect(t.hopsOf(job.turn_id).some((h) => h.startsWith('generation.'))).toBe(false);
    });
  });
});
