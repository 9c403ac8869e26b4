import request from 'supertest';
import { FakeBedrock, toolReply } from '../support/fake-bedrock';
import { docsOf, promptOf, wellBehavedModel } from '../support/fake-model';
import { startStack, type Stack } from '../support/stack';
import { OPERATOR_KEY, USER_KEY } from '../support/test-env';

/** The whole service against a fake Bedrock endpoint (real AWS SDK, real queues, real Postgres). */
describe('grounded answers with the Bedrock Converse provider (fake endpoint)', () => {
  const fake = new FakeBedrock();
  let stack: Stack;
  const ask = (turn: string) =>
    request(stack.http).post('/v1/rag/query').set('Authorization', `Bearer ${USER_KEY}`).send({ turn }).expect(200);

  async function start(env: Record<string, string> = {}) {
    stack = await startStack({
      ANSWER_PROVIDER: 'bedrock-converse',
      BEDROCK_ENDPOINT: await endpoint,
      BEDROCK_READ_TIMEOUT_MS: '2000',
      AWS_REGION: 'us-east-1',
      ...env,
    });
  }
  const endpoint = fake.start();
  beforeAll(() => {
    process.env.AWS_ACCESS_KEY_ID = 'AKIDTEST';
    process.env.AWS_SECRET_ACCESS_KEY = 'test-secret';
  });
  afterAll(() => fake.stop());
  beforeEach(() => fake.requests.splice(0));

  describe('normal limits', () => {
    beforeAll(() => start());
    afterAll(() => stack.close());

    it('answers with three calls (understanding, generation, entailment) and carries the verify-PDF notice', async () => {
      fake.handler = wellBehavedModel();
      const r = await ask('Warfarin và aspirin có tương tác không?');
      expect([r.body.decision, r.body.reason]).toEqual(['answerable', 'answered']);
      expect(fake.requests.map((q) => q.tool)).toEqual(['understand_turn', 'answer_from_evidence', 'check_entailment']);
      expect(r.body.usage.llm_calls).toBe(3);
      expect(r.body.notices.join(' ')).toMatch(/Warfarin.*PDF trang \d+/);
      expect(r.body.citations.some((c: { verify_pdf: boolean }) => c.verify_pdf)).toBe(true);
    });

    it('a grounded omission triggers exactly one repair and one re-verify', async () => {
      let entailments = 0;
      fake.handler = wellBehavedModel({
        check_entailment: (req) => {
          entailments++;
          const docs = docsOf(promptOf(req));
          return entailments === 1
            ? toolReply(req, {
                entailed: true,
                unsupported_claims: [],
                omissions: [{ grounded: true, detail: 'thiếu cảnh báo chảy máu', doc_id: docs[0].id }],
              })
            : toolReply(req, {
                entailed: true,
                unsupported_claims: [],
                omissions: [{ grounded: true, detail: 'vẫn thiếu', doc_id: docs[0].id }],
              });
        },
      });
      const r = await ask('Chống chỉ định của ibuprofen?');
      expect(r.body.reason).toBe('answered');
      expect(fake.requests.map((q) => q.tool)).toEqual([
        'understand_turn',
        'answer_from_evidence',
        'check_entailment',
        'answer_from_evidence',
        'check_entailment',
      ]);
      expect(JSON.stringify(fake.requests[3].body)).toContain('thiếu cảnh báo chảy máu');
    });

    it('a generated number not in the evidence abstains as ungrounded_answer, with no model text in the reply', async () => {
      fake.handler = wellBehavedModel({
        answer_from_evidence: (req) => {
          const [d] = docsOf(promptOf(req));
          return toolReply(req, {
            answer_sentences: [{ text: 'Người lớn uống 1234 mg mỗi lần.', doc_ids: [d.id] }],
            evidence_sufficient: true,
            clarifying_question: null,
            quick_replies: [],
          });
        },
      });
      const r = await ask('Liều ibuprofen cho người lớn?');
      expect([r.body.decision, r.body.reason]).toEqual(['abstain', 'ungrounded_answer']);
      expect(r.body.answer).not.toContain('1234');
      expect(fake.count('check_entailment')).toBe(0);
    });

    it('not entailed → abstain not_entailed; a provider outage → generation_unavailable (fail closed)', async () => {
      fake.handler = wellBehavedModel({
        check_entailment: (req) => toolReply(req, { entailed: false, unsupported_claims: ['x'], omissions: [] }),
      });
      expect((await ask('Chỉ định của omeprazol?')).body.reason).toBe('not_entailed');
      fake.handler = wellBehavedModel({
        answer_from_evidence: () => ({ status: 500, errorType: 'InternalServerException', json: { message: 'boom' } }),
      });
      const r = await ask('Chỉ định của omeprazol?');
      expect([r.body.decision, r.body.reason]).toEqual(['abstain', 'generation_unavailable']);
    });

    it('3b: an "insufficient" answer without a question is retried once, then answered', async () => {
      let gens = 0;
      const model = wellBehavedModel();
      fake.handler = (req) => {
        if (req.tool === 'answer_from_evidence' && gens++ === 0)
          return toolReply(req, {
            answer_sentences: [],
            evidence_sufficient: false,
            clarifying_question: null,
            quick_replies: [],
          });
        return model(req);
      };
      const r = await ask('Chỉ định của omeprazol?');
      expect(r.body.reason).toBe('answered');
      expect(fake.requests.map((q) => q.tool)).toEqual([
        'understand_turn',
        'answer_from_evidence',
        'answer_from_evidence',
        'check_entailment',
      ]);
      expect(JSON.stringify(fake.requests[2].body)).toContain('Lần trước bạn cho rằng bằng chứng chưa đủ');
    });

    it('the stateless legacy path reads the turn without a model (resolver + section router), runs the sufficiency check, and fails open when it is down', async () => {
      const legacy = (turn: string) =>
        request(stack.http)
          .post('/v1/rag/answer')
          .set('Authorization', `Bearer ${USER_KEY}`)
          .send({ turn })
          .expect(200);
      fake.handler = wellBehavedModel();
      const r = await legacy('Chống chỉ định của ibuprofen?');
      expect(r.body.reason).toBe('answered');
      expect(r.body.conversation_id).toBeNull();
      // three calls, as the legacy path of the original: no understanding call
      expect(fake.requests.map((q) => q.tool)).toEqual([
        'check_sufficiency',
        'answer_from_evidence',
        'check_entailment',
      ]);
      expect(r.body.usage.llm_calls).toBe(3);
      fake.requests.splice(0);
      fake.handler = wellBehavedModel({
        check_sufficiency: () => ({ status: 503, errorType: 'ServiceUnavailableException', json: { message: 'down' } }),
      });
      const open = await legacy('Chống chỉ định của ibuprofen?');
      expect(open.body.reason).toBe('answered');
      expect(fake.count('check_sufficiency')).toBe(2);
    });

    it('understanding that fails closes the turn as understanding_unavailable', async () => {
      fake.handler = wellBehavedModel({ understand_turn: (req) => toolReply(req, { turn_type: 'nonsense' }) });
      const r = await ask('Chỉ định của omeprazol?');
      expect([r.body.decision, r.body.reason]).toEqual(['abstain', 'understanding_unavailable']);
    });

    /** The frame the well-behaved model would return, changed as a misbehaving model might. */
    const understandAs = (change: (frame: Record<string, unknown>) => Record<string, unknown>) => {
      const model = wellBehavedModel();
      return wellBehavedModel({
        understand_turn: (req) => {
          const honest = model(req) as {
            json: { output: { message: { content: { toolUse: { input: Record<string, unknown> } }[] } } };
          };
          const input = honest.json.output.message.content[0].toolUse.input;
          return toolReply(req, change(input));
        },
      });
    };
    const trace = async (turnId: string) =>
      (await request(stack.http).get(`/v1/traces/${turnId}`).set('Authorization', `Bearer ${OPERATOR_KEY}`).expect(200))
        .body;

    it('a model frame with an age and weight the user never gave cannot complete a child’s dose', async () => {
      fake.handler = understandAs((f) => ({ ...f, age_text: '5 tuổi', weight_kg: 18 }));
      const r = await ask('Liều paracetamol cho trẻ em?');
      expect([r.body.decision, r.body.reason]).toEqual(['clarify', 'missing_pediatric_age_or_weight']);
      const t = await trace(r.body.turn_id);
      expect(JSON.stringify(t)).toMatch(/"age_text".*"weight_kg"|dropped/);
    });

    it('a model frame naming a drug the user did not name is overruled by the user’s words', async () => {
      fake.handler = understandAs((f) => ({ ...f, drugs: ['Warfarin'] }));
      const r = await ask('Chống chỉ định của aspirin là gì?');
      expect(r.body.drugs).toEqual(['aspirin']);
      expect(r.body.citations.every((c: { drug_id: string }) => c.drug_id === 'aspirin')).toBe(true);
    });

    it('a model that swaps a drug outside the formulary for its look-alike gets drug_not_in_formulary', async () => {
      fake.handler = understandAs((f) => ({ ...f, drugs: ['Cetirizin'], unknown_drugs: [] }));
      const r = await ask('Liều levocetirizin cho người lớn?');
      expect([r.body.decision, r.body.reason]).toEqual(['abstain', 'drug_not_in_formulary']);
      expect(r.body.answer).toContain('Levocetirizin');
    });

    it('a generated answer from the wrong band row is refused in code (band_mismatch), whatever entailment says', async () => {
      fake.handler = wellBehavedModel({
        answer_from_evidence: (req) => {
          const table = docsOf(promptOf(req)).find((d) => d.text.includes('Trẻ em 8 - 9 tuổi'))!;
          return toolReply(req, {
            answer_sentences: [{ text: 'Trẻ em 8 - 9 tuổi: 360 - 375 mg.', doc_ids: [table.id] }],
            evidence_sufficient: true,
            clarifying_question: null,
            quick_replies: [],
          });
        },
      });
      const r = await ask('Trẻ 5 tuổi nặng 18 kg, liều paracetamol đường uống?');
      expect([r.body.decision, r.body.reason]).toEqual(['abstain', 'band_mismatch']);
      expect(r.body.answer).not.toContain('360');
      expect(fake.count('check_entailment')).toBe(0);
    });

    it('a reassurance the evidence contradicts is refused in code even when entailment says yes', async () => {
      fake.handler = wellBehavedModel({
        answer_from_evidence: (req) => {
          const [d] = docsOf(promptOf(req)).filter((x) => x.id.startsWith('warfarin__'));
          return toolReply(req, {
            answer_sentences: [
              { text: 'Warfarin và aspirin không có tương tác đáng kể, có thể dùng chung an toàn.', doc_ids: [d.id] },
            ],
            evidence_sufficient: true,
            clarifying_question: null,
            quick_replies: [],
          });
        },
      });
      const r = await ask('Warfarin và aspirin có tương tác không?');
      expect([r.body.decision, r.body.reason]).toEqual(['abstain', 'not_entailed']);
      expect(r.body.answer).not.toContain('an toàn');
      expect(fake.count('check_entailment')).toBe(0);
    });

    it('a repair that gives up fails closed like a first answer would (no header-only "answer")', async () => {
      let generations = 0;
      fake.handler = wellBehavedModel({
        check_entailment: (req) =>
          toolReply(req, {
            entailed: true,
            unsupported_claims: [],
            omissions: [{ grounded: true, detail: 'thiếu', doc_id: docsOf(promptOf(req))[0].id }],
          }),
        answer_from_evidence: (req) => {
          generations++;
          const docs = docsOf(promptOf(req)).slice(0, 2);
          return toolReply(req, {
            answer_sentences: generations === 1 ? docs.map((d) => ({ text: d.text, doc_ids: [d.id] })) : [],
            evidence_sufficient: generations === 1,
            clarifying_question: null,
            quick_replies: [],
          });
        },
      });
      const r = await ask('Chống chỉ định của ibuprofen?');
      expect([r.body.decision, r.body.reason]).toEqual(['abstain', 'no_evidence']);
    });

    it('a "which drugs …" frame with no relation is not read as "which drugs treat" when the words ask what causes', async () => {
      fake.handler = understandAs((f) => ({
        ...f,
        turn_type: 'condition_to_drug',
        condition: 'ho khan',
        condition_relation: null,
      }));
      const r = await ask('Thuốc nào gây ho khan?');
      expect([r.body.decision, r.body.reason]).toEqual(['abstain', 'unsupported_reverse_relation']);
    });

    it('an understanding outage still runs the scope guard first: an animal is out of scope', async () => {
      fake.handler = wellBehavedModel({ understand_turn: (req) => toolReply(req, { turn_type: 'nonsense' }) });
      const r = await ask('Liều paracetamol cho chó 10 kg?');
      expect([r.body.decision, r.body.reason]).toEqual(['abstain', 'out_of_scope']);
    });

    it('the model asking which route becomes a clarify with its quick replies', async () => {
      fake.handler = wellBehavedModel({
        answer_from_evidence: (req) =>
          toolReply(req, {
            answer_sentences: [],
            evidence_sufficient: false,
            clarifying_question: 'Bạn dùng đường nào?',
            quick_replies: ['Uống', 'Tiêm tĩnh mạch'],
          }),
      });
      const r = await ask('Liều omeprazol cho người lớn đường uống?');
      expect([r.body.decision, r.body.reason, r.body.quick_replies]).toEqual([
        'clarify',
        'ambiguous_route',
        ['Uống', 'Tiêm tĩnh mạch'],
      ]);
    });
  });

  describe('a scaled-down budget', () => {
    beforeAll(() => start({ MAX_WALL_CLOCK_MS: '1500', MAX_LLM_CALLS_PER_TURN: '8' }));
    afterAll(() => stack.close());

    it('a slow Bedrock ends the turn as budget_exhausted inside the budget plus one read timeout', async () => {
      const model = wellBehavedModel();
      fake.handler = async (req) => ({ ...model(req), delayMs: 700 });
      const started = Date.now();
      const r = await ask('Chống chỉ định của ibuprofen?');
      expect([r.body.decision, r.body.reason]).toEqual(['abstain', 'budget_exhausted']);
      expect(Date.now() - started).toBeLessThan(1500 + 2000 + 1000);
      const trace = await request(stack.http)
        .get(`/v1/traces/${r.body.turn_id}`)
        .set('Authorization', `Bearer ${OPERATOR_KEY}`)
        .expect(200);
      expect(
        trace.body.events.some(
          (e: { outcome: string }) => e.outcome === 'budget_exhausted' || e.outcome === 'deadline_passed',
        ),
      ).toBe(true);
    });
  });

  describe('a call cap of 2', () => {
    beforeAll(() => start({ MAX_LLM_CALLS_PER_TURN: '2' }));
    afterAll(() => stack.close());

    it('never makes a third call: the turn ends as budget_exhausted after understanding and generation', async () => {
      fake.handler = wellBehavedModel();
      const r = await ask('Chống chỉ định của ibuprofen?');
      expect([r.body.decision, r.body.reason]).toEqual(['abstain', 'budget_exhausted']);
      expect(fake.requests.map((q) => q.tool)).toEqual(['understand_turn', 'answer_from_evidence']);
      expect(r.body.usage.llm_calls).toBe(2);
    });
  });
});
