import { emptyFrame, ProviderUnavailable } from '@app/contracts';
import {
  bedrockClient,
  BedrockProvider,
  ClaudeToolCaller,
  CohereEmbedder,
  ConverseToolCaller,
  TitanEmbedder,
  toolJsonSchema,
} from '@app/llm';
import { errorReply, FakeBedrock, toolReply, type FakeRequest } from '../support/fake-bedrock';

const PART = {
  doc_id: 'warfarin__tuong_tac_thuoc__1',
  drug_id: 'warfarin',
  drug_name: 'Warfarin',
  section: 'tuong_tac_thuoc' as const,
  n: 1,
  text: 'Aspirin làm tăng nguy cơ chảy máu khi dùng cùng warfarin.',
  population: [],
  route: null,
  interacts_with: ['aspirin'],
  quarantined_page: null,
};
const GEN_REQ = {
  query: 'Warfarin và aspirin?',
  frame: emptyFrame({ turn_type: 'interaction', drugs: ['warfarin', 'aspirin'] }),
  evidence: [PART],
  list_mode: false,
  candidates: [],
  omissions: [],
  retry: false,
  previous: [],
};

/** The real AWS SDK client against a local fake Bedrock endpoint (no network, no credentials). */
describe.each(['bedrock-converse', 'bedrock-claude'] as const)('%s adapter', (provider) => {
  const fake = new FakeBedrock();
  let endpoint: string;
  const make = (readTimeoutMs = 2_000) => {
    const client = bedrockClient({
      region: 'us-east-1',
      modelId: 'test-model',
      endpoint,
      readTimeoutMs,
      maxAttempts: 2,
    });
    return new BedrockProvider(
      provider === 'bedrock-converse'
        ? new ConverseToolCaller(client, 'test-model')
        : new ClaudeToolCaller(client, 'test-model'),
    );
  };
  const kind = provider === 'bedrock-converse' ? 'converse' : 'invoke';

  beforeAll(async () => {
    process.env.AWS_ACCESS_KEY_ID = 'AKIDTEST';
    process.env.AWS_SECRET_ACCESS_KEY = 'test-secret';
    endpoint = await fake.start();
  });
  afterAll(() => fake.stop());
  beforeEach(() => fake.requests.splice(0));

  it('understand_turn: forces the tool and returns the frame', async () => {
    const frame = emptyFrame({
      turn_type: 'interaction',
      drugs: ['warfarin', 'aspirin'],
      attribute: 'tuong_tac_thuoc',
    });
    fake.handler = (r) => toolReply(r, frame);
    expect(await make().understand('Warfarin và aspirin?', [], null)).toEqual(frame);
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]).toMatchObject({ kind, tool: 'understand_turn', modelId: 'test-model' });
    const body = JSON.stringify(fake.requests[0].body);
    expect(body).toContain('<user_turn>');
    if (provider === 'bedrock-claude') expect(fake.requests[0].body.anthropic_version).toBe('bedrock-2023-05-31');
  });

  it('answer_from_evidence: evidence goes in delimited blocks with doc ids; the output is the generation contract', async () => {
    const out = {
      answer_sentences: [{ text: PART.text, doc_ids: [PART.doc_id] }],
      evidence_sufficient: true,
      clarifying_question: null,
      quick_replies: [],
    };
    fake.handler = (r) => toolReply(r, out);
    expect(await make().generate(GEN_REQ)).toEqual(out);
    expect(fake.requests[0].tool).toBe('answer_from_evidence');
    expect(JSON.stringify(fake.requests[0].body)).toContain('<doc id=\\"warfarin__tuong_tac_thuoc__1\\"');
  });

  it('check_sufficiency and check_entailment return their contracts', async () => {
    fake.handler = (r) =>
      r.tool === 'check_sufficiency'
        ? toolReply(r, { sufficient: true })
        : toolReply(r, { entailed: true, unsupported_claims: [], omissions: [] });
    const p = make();
    expect(await p.sufficiency('q', [PART])).toEqual({ sufficient: true });
    expect(await p.entail('q', [{ text: PART.text, doc_ids: [PART.doc_id] }], [PART])).toEqual({
      entailed: true,
      unsupported_claims: [],
      omissions: [],
    });
    expect(fake.requests.map((r: FakeRequest) => r.tool)).toEqual(['check_sufficiency', 'check_entailment']);
  });

  it('500 twice → provider_unavailable (server_error) after 2 attempts', async () => {
    fake.handler = () => errorReply(500, 'InternalServerException');
    const err = await make()
      .generate(GEN_REQ)
      .catch((e) => e);
    expect(err).toBeInstanceOf(ProviderUnavailable);
    expect(err.code).toBe('provider_unavailable');
    expect(err.kind).toBe('server_error');
    expect(fake.requests).toHaveLength(2);
  });

  it('429 then success → answered on the second attempt', async () => {
    let n = 0;
    fake.handler = (r) => (n++ === 0 ? errorReply(429, 'ThrottlingException') : toolReply(r, { sufficient: false }));
    expect(await make().sufficiency('q', [PART])).toEqual({ sufficient: false });
    expect(fake.requests).toHaveLength(2);
  });

  it('429 twice → provider_unavailable (throttled)', async () => {
    fake.handler = () => errorReply(429, 'ThrottlingException');
    const err = await make()
      .sufficiency('q', [PART])
      .catch((e) => e);
    expect(err).toBeInstanceOf(ProviderUnavailable);
    expect(err.kind).toBe('throttled');
    expect(fake.requests).toHaveLength(2);
  });

  it('a hang past the read timeout → provider_unavailable (timeout), within the attempts × timeout bound', async () => {
    fake.handler = () => ({ hang: true });
    const started = Date.now();
    const err = await make(300)
      .sufficiency('q', [PART])
      .catch((e) => e);
    expect(err).toBeInstanceOf(ProviderUnavailable);
    expect(err.kind).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(fake.requests.length).toBeLessThanOrEqual(2);
  });

  it('malformed tool input → provider_unavailable (malformed_output), and the error names no evidence', async () => {
    fake.handler = (r) => toolReply(r, { answer_sentences: 'not a list' });
    const err = await make()
      .generate(GEN_REQ)
      .catch((e) => e);
    expect(err).toBeInstanceOf(ProviderUnavailable);
    expect(err.kind).toBe('malformed_output');
    expect(err.message).not.toContain(PART.text);
  });

  it('a reply with no tool call → malformed_output', async () => {
    fake.handler = (r) =>
      r.kind === 'converse'
        ? {
            json: {
              output: { message: { role: 'assistant', content: [{ text: 'xin chào' }] } },
              stopReason: 'end_turn',
              usage: { inputTokens: 1, outputTokens: 1, totalTokens: 2 },
              metrics: { latencyMs: 1 },
            },
          }
        : { json: { content: [{ type: 'text', text: 'xin chào' }] } };
    const err = await make()
      .understand('x', [], null)
      .catch((e) => e);
    expect(err.kind).toBe('malformed_output');
  });
});

describe('tool input schemas (generated from libs/contracts)', () => {
  it('describe every field of the contracts', () => {
    const gen = toolJsonSchema('answer_from_evidence') as { properties: Record<string, unknown>; required: string[] };
    expect(Object.keys(gen.properties).sort()).toEqual([
      'answer_sentences',
      'clarifying_question',
      'evidence_sufficient',
      'quick_replies',
    ]);
    const frame = toolJsonSchema('understand_turn') as { properties: Record<string, unknown> };
    expect(Object.keys(frame.properties)).toEqual(
      expect.arrayContaining(['turn_type', 'drugs', 'population', 'age_text', 'weight_kg', 'route']),
    );
  });
});

describe('Bedrock embedders', () => {
  const fake = new FakeBedrock();
  let endpoint: string;
  beforeAll(async () => {
    process.env.AWS_ACCESS_KEY_ID = 'AKIDTEST';
    process.env.AWS_SECRET_ACCESS_KEY = 'test-secret';
    endpoint = await fake.start();
  });
  afterAll(() => fake.stop());

  it('titan: one invoke per text, vectors normalised', async () => {
    fake.handler = () => ({ json: { embedding: Array.from({ length: 8 }, (_, i) => i + 1), inputTextTokenCount: 3 } });
    const e = new TitanEmbedder(
      bedrockClient({
        region: 'us-east-1',
        modelId: 'amazon.titan-embed-text-v2:0',
        endpoint,
        readTimeoutMs: 2000,
        maxAttempts: 2,
      }),
      'amazon.titan-embed-text-v2:0',
      8,
    );
    const [v, w] = await e.embed(['tăng huyết áp', 'đái tháo đường']);
    expect(v).toHaveLength(8);
    expect(Math.hypot(...v)).toBeCloseTo(1, 5);
    expect(w).toHaveLength(8);
    expect(fake.requests.at(-1)!.body).toMatchObject({ inputText: 'đái tháo đường', dimensions: 8, normalize: true });
  });

  it('cohere: batches texts, checks the count', async () => {
    fake.handler = (r) => ({ json: { embeddings: (r.body.texts as string[]).map(() => [3, 4]) } });
    const e = new CohereEmbedder(
      bedrockClient({
        region: 'us-east-1',
        modelId: 'cohere.embed-multilingual-v3',
        endpoint,
        readTimeoutMs: 2000,
        maxAttempts: 2,
      }),
    );
    const vs = await e.embed(['a', 'b', 'c']);
    expect(vs.map((v) => Array.from(v))).toEqual(
      [
        [0.6, 0.8],
        [0.6, 0.8],
        [0.6, 0.8],
      ].map((x) => x.map((y) => Math.fround(y))),
    );
    fake.handler = () => ({ json: { embeddings: [[1, 0]] } });
    await expect(e.embed(['a', 'b'])).rejects.toMatchObject({ kind: 'malformed_output' });
  });
});
