import { HOPS, UNKNOWN_SEVERITY, type HopOutcome, type QueueName } from '@app/contracts';
import { GenerationWorkerModule } from '@app/generation-worker';
import { RetrievalWorkerModule } from '@app/retrieval-worker';
import { UnderstandingWorkerModule } from '@app/understanding-worker';
import { VerificationWorkerModule } from '@app/verification-worker';
import { DOSING_FRAME, PART } from './fixtures';
import { startWorker, type Harness } from './worker-harness';

function value<T>(o: HopOutcome<T>): T {
  if (!o.ok) throw new Error(`hop failed: ${o.code}: ${o.message}`);
  return o.value;
}

/**
 * The worker itself, not the hop client, refuses a raw job with a payload outside the contract
 * (invalid_payload) or a passed deadline (deadline_passed), before any provider call.
 */
async function expectWorkerRefuses(h: Harness, queue: QueueName, op: string, bad: unknown, good: unknown) {
  const t = await h.turn();
  expect(await h.raw.run(op, { turn_id: t.turnId, deadline: t.deadline, payload: bad })).toMatchObject({
    state: 'completed',
    value: { ok: false, code: 'invalid_payload' },
  });
  expect(await h.raw.run(op, { turn_id: t.turnId, deadline: Date.now() - 1, payload: good })).toEqual({
    state: 'failed',
    reason: `deadline_passed: ${queue}.${op}`,
  });
  expect((await h.budget.state(t.turnId))!.calls).toBe(0);
}

/**
 * Contract tests: each worker alone on its real queue, fed fixture payloads through the
 * hop client; results checked against libs/contracts; bad payloads and expired deadlines
 * come back as typed failures, never as a crash. The hop client refuses those two before
 * enqueueing, so each worker also gets them as raw jobs (`expectWorkerRefuses`).
 */
describe('understanding worker contract', () => {
  let h: Harness;
  beforeAll(async () => (h = await startWorker(UnderstandingWorkerModule, 'understanding')));
  afterAll(() => h.close());

  it('turns a Vietnamese turn into a QueryFrame with resolved drug ids', async () => {
    const t = await h.turn();
    const r = value(
      await h.hops.call(
        'understanding',
        'understand',
        {
          turn: 'Tre 5 tuoi nang 18 kg, lieu paracetamon duong uong?',
          history: [],
          prior_frame: null,
          deterministic: false,
        },
        t,
      ),
    );
    expect(HOPS.understanding.understand.result.safeParse(r).success).toBe(true);
    expect(r.frame).toMatchObject({
      turn_type: 'dosing_calc',
      drugs: ['paracetamol'],
      population: 'pediatric',
      age_text: '5 tuổi',
      weight_kg: 18,
      route: 'uong',
    });
    expect((await h.budget.state(t.turnId))!.calls).toBe(1);
  });

  it('answers invalid_payload for a payload outside the contract, and keeps serving', async () => {
    const t = await h.turn();
    const bad = await h.hops.call('understanding', 'understand', { turn: 5 } as never, t);
    expect(bad).toMatchObject({ ok: false, code: 'invalid_payload' });
    const ok = await h.hops.call(
      'understanding',
      'understand',
      { turn: 'Chỉ định của ibuprofen?', history: [], prior_frame: null, deterministic: false },
      t,
    );
    expect(ok.ok).toBe(true);
  });

  it('drops a job whose deadline has passed with deadline_passed, without calling the provider', async () => {
    const t = await h.turn();
    const o = await h.hops.call(
      'understanding',
      'understand',
      { turn: 'Chỉ định của ibuprofen?', history: [], prior_frame: null, deterministic: false },
      { ...t, deadline: Date.now() - 1 },
    );
    expect(o).toMatchObject({ ok: false, code: 'deadline_passed' });
    expect((await h.budget.state(t.turnId))!.calls).toBe(0);
  });

  it('refuses a raw job with a bad payload or a passed deadline in the worker itself', () =>
    expectWorkerRefuses(
      h,
      'understanding',
      'understand',
      { turn: 5 },
      {
        turn: 'Chỉ định của ibuprofen?',
        history: [],
        prior_frame: null,
        deterministic: false,
      },
    ));
});

describe('retrieval worker contract', () => {
  let h: Harness;
  beforeAll(async () => (h = await startWorker(RetrievalWorkerModule, 'retrieval')));
  afterAll(() => h.close());

  it('retrieve_framed narrows paracetamol dosing to the child oral regimens', async () => {
    const r = value(
      await h.hops.call(
        'retrieval',
        'retrieve_framed',
        {
          frame: DOSING_FRAME,
          query: 'liều paracetamol trẻ 5 tuổi uống',
          context: '',
          severity: UNKNOWN_SEVERITY,
          said: 'liều paracetamol trẻ 5 tuổi uống',
        },
        await h.turn(),
      ),
    );
    expect(HOPS.retrieval.retrieve_framed.result.safeParse(r).success).toBe(true);
    expect(r.decision).toBe('ANSWERABLE');
    expect(r.parts.length).toBeGreaterThan(0);
    for (const p of r.parts) {
      expect(p.drug_id).toBe('paracetamol');
      if (p.route) expect(p.route).toBe('uong');
      if (p.population.length) expect(p.population).toContain('pediatric');
    }
  });

  it('retrieve_by_indication finds drugs by their chi_dinh parts', async () => {
    const r = value(
      await h.hops.call(
        'retrieval',
        'retrieve_by_indication',
        { condition: 'bệnh gút', classes: [], context: '' },
        await h.turn(),
      ),
    );
    expect(r.drug_ids).toEqual(expect.arrayContaining(['allopurinol', 'colchicin']));
    for (const p of r.parts) expect(p.doc_id).toMatch(/^[a-z_]+__chi_dinh__\d+$/);
  });

  it('retrieve_section, assess_patient_candidates and decide answer within their contracts', async () => {
    const t = await h.turn();
    const s = value(
      await h.hops.call('retrieval', 'retrieve_section', { drug_id: 'warfarin', section: 'tuong_tac_thuoc' }, t),
    );
    expect(s.parts.some((p) => p.quarantined_page !== null)).toBe(true);
    const severity = { trimester: 3, renal_range: null, hepatic_grade: null, age_years: null };
    const a = value(
      await h.hops.call(
        'retrieval',
        'assess_patient_candidates',
        {
          drug_ids: ['enalapril', 'paracetamol', 'ibuprofen'],
          patient: { ...DOSING_FRAME.patient, pregnant: true },
          severity,
          condition: null,
          said: 'sản phụ thai 32 tuần, sốt 38,7 độ',
        },
        t,
      ),
    );
    // enalapril is contraindicated in pregnancy, ibuprofen in the third trimester: both kept off, quoted
    expect(a.reviewed_drug_ids).toEqual(['paracetamol']);
    expect(a.parts.every((p) => p.section === 'thoi_ky_mang_thai')).toBe(true);
    expect(a.contraindicated.map((c) => [c.drug_id, c.applies])).toEqual([
      ['enalapril', 'yes'],
      ['ibuprofen', 'yes'],
    ]);
    const d = value(
      await h.hops.call(
        'retrieval',
        'decide',
        {
          parts: s.parts,
          frame: { ...DOSING_FRAME, turn_type: 'interaction', drugs: ['warfarin', 'aspirin'] },
          require_mention_of: ['warfarin', 'aspirin'],
        },
        t,
      ),
    );
    expect(d.decision).toBe('VERIFY_PDF');
    // a budget-free worker: no provider call was counted
    expect((await h.budget.state(t.turnId))!.calls).toBe(0);
  });

  it("retrieve_interaction pools both drugs' interaction sections in one hop, the same as retrieve_section ×2 + decide", async () => {
    const t = await h.turn();
    const frame = {
      ...DOSING_FRAME,
      turn_type: 'interaction' as const,
      attribute: 'tuong_tac_thuoc' as const,
      drugs: ['warfarin', 'aspirin'],
    };
    const one = value(await h.hops.call('retrieval', 'retrieve_interaction', { frame }, t));
    const sections = await Promise.all(
      frame.drugs.map(async (drug_id) =>
        value(await h.hops.call('retrieval', 'retrieve_section', { drug_id, section: 'tuong_tac_thuoc' }, t)),
      ),
    );
    const three = value(
      await h.hops.call(
        'retrieval',
        'decide',
        { parts: sections.flatMap((s) => s.parts), frame, require_mention_of: frame.drugs },
        t,
      ),
    );
    expect(one).toEqual(three);
    // warfarin's table is quarantined: kept, with its notice
    expect(one.decision).toBe('VERIFY_PDF');
    expect(one.parts.length).toBeGreaterThan(0);
    for (const p of one.parts) expect(['warfarin', 'aspirin']).toContain(p.drug_id);
    for (const p of one.parts) expect(p.section).toBe('tuong_tac_thuoc');
  });

  it('answers invalid_payload for an unknown section', async () => {
    const o = await h.hops.call(
      'retrieval',
      'retrieve_section',
      { drug_id: 'warfarin', section: 'nope' } as never,
      await h.turn(),
    );
    expect(o).toMatchObject({ ok: false, code: 'invalid_payload' });
  });

  it('drops an expired job with deadline_passed', async () => {
    const t = await h.turn();
    const o = await h.hops.call(
      'retrieval',
      'retrieve_section',
      { drug_id: 'warfarin', section: 'chi_dinh' },
      { ...t, deadline: Date.now() - 1 },
    );
    expect(o).toMatchObject({ ok: false, code: 'deadline_passed' });
  });

  it('refuses a raw job with a bad payload or a passed deadline in the worker itself', () =>
    expectWorkerRefuses(
      h,
      'retrieval',
      'retrieve_section',
      { drug_id: 'warfarin', section: 'nope' },
      { drug_id: 'warfarin', section: 'chi_dinh' },
    ));
});

describe('generation worker contract', () => {
  let h: Harness;
  beforeAll(async () => (h = await startWorker(GenerationWorkerModule, 'generation')));
  afterAll(() => h.close());

  const request = {
    query: 'Liều paracetamol cho trẻ 5 tuổi nặng 18 kg, đường uống.',
    frame: DOSING_FRAME,
    evidence: [PART],
    list_mode: false,
    candidates: [],
    omissions: [],
    retry: false,
    previous: [],
  };

  it('generates cited sentences in the generation output contract, counting one provider call', async () => {
    const t = await h.turn();
    const r = value(await h.hops.call('generation', 'generate', request, t));
    expect(HOPS.generation.generate.result.safeParse(r).success).toBe(true);
    expect(r.evidence_sufficient).toBe(true);
    expect(r.answer_sentences[0].doc_ids).toEqual([PART.doc_id]);
    expect((await h.budget.state(t.turnId))!.calls).toBe(1);
  });

  it('answers budget_exhausted once the turn has used its calls', async () => {
    const t = await h.turn();
    for (let i = 0; i < 8; i++) await h.budget.require(t.turnId);
    expect(await h.hops.call('generation', 'generate', request, t)).toMatchObject({
      ok: false,
      code: 'budget_exhausted',
    });
  });

  it('answers invalid_payload for empty evidence and deadline_passed for an expired job (no provider call)', async () => {
    const t = await h.turn();
    expect(await h.hops.call('generation', 'generate', { ...request, evidence: [] }, t)).toMatchObject({
      ok: false,
      code: 'invalid_payload',
    });
    expect(await h.hops.call('generation', 'generate', request, { ...t, deadline: Date.now() - 1 })).toMatchObject({
      ok: false,
      code: 'deadline_passed',
    });
    expect((await h.budget.state(t.turnId))!.calls).toBe(0);
  });

  it('refuses a raw job with a bad payload or a passed deadline in the worker itself', () =>
    expectWorkerRefuses(h, 'generation', 'generate', { ...request, evidence: [] }, request));
});

describe('verification worker contract', () => {
  let h: Harness;
  beforeAll(async () => (h = await startWorker(VerificationWorkerModule, 'verification')));
  afterAll(() => h.close());

  const base = {
    query: 'q',
    evidence: [PART],
    user_numbers: ['5', '18'],
    list_mode: false,
    candidates: [],
    frame: null,
  };

  it('passes a quoted sentence through the guard and entailment', async () => {
    const r = value(
      await h.hops.call(
        'verification',
        'verify',
        { ...base, answer_sentences: [{ text: PART.text, doc_ids: [PART.doc_id] }] },
        await h.turn(),
      ),
    );
    expect(HOPS.verification.verify.result.safeParse(r).success).toBe(true);
    expect(r).toMatchObject({ guard_ok: true, entailment: { entailed: true } });
  });

  it('rejects a computed dose in the guard, without an entailment call', async () => {
    const t = await h.turn();
    const r = value(
      await h.hops.call(
        'verification',
        'verify',
        { ...base, answer_sentences: [{ text: 'Bé 18 kg uống 270 mg mỗi lần.', doc_ids: [PART.doc_id] }] },
        t,
      ),
    );
    expect(r.guard_ok).toBe(false);
    expect(r.entailment).toBeNull();
    expect((await h.budget.state(t.turnId))!.calls).toBe(0);
  });

  it('list mode: a sentence citing a drug outside the candidate set fails the guard, without an entailment call', async () => {
    const sentences = [{ text: PART.text, doc_ids: [PART.doc_id] }];
    const t = await h.turn();
    const outside = value(
      await h.hops.call(
        'verification',
        'verify',
        { ...base, answer_sentences: sentences, list_mode: true, candidates: ['ibuprofen'] },
        t,
      ),
    );
    expect(outside.guard_ok).toBe(false);
    expect(outside.guard_failures).toEqual([`sentence 1: cites ${PART.doc_id}, outside the candidate set`]);
    expect(outside.entailment).toBeNull();
    expect((await h.budget.state(t.turnId))!.calls).toBe(0);
    const inside = value(
      await h.hops.call(
        'verification',
        'verify',
        { ...base, answer_sentences: sentences, list_mode: true, candidates: [PART.drug_id] },
        await h.turn(),
      ),
    );
    expect(inside).toMatchObject({ guard_ok: true, entailment: { entailed: true } });
  });

  it('check_sufficiency answers in its contract; a bad payload is invalid_payload; an expired job is deadline_passed', async () => {
    const t = await h.turn();
    expect(value(await h.hops.call('verification', 'check_sufficiency', { query: 'q', evidence: [PART] }, t))).toEqual({
      sufficient: true,
    });
    expect(await h.hops.call('verification', 'verify', { ...base, answer_sentences: 'x' } as never, t)).toMatchObject({
      ok: false,
      code: 'invalid_payload',
    });
    expect(
      await h.hops.call(
        'verification',
        'check_sufficiency',
        { query: 'q', evidence: [PART] },
        { ...t, deadline: Date.now() - 1 },
      ),
    ).toMatchObject({
      ok: false,
      code: 'deadline_passed',
    });
  });

  it('refuses a raw job with a bad payload or a passed deadline in the worker itself', () =>
    expectWorkerRefuses(
      h,
      'verification',
      'verify',
      { ...base, answer_sentences: 'x' },
      {
        ...base,
        answer_sentences: [{ text: PART.text, doc_ids: [PART.doc_id] }],
      },
    ));
});
