import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { CorpusValidationError } from '@app/formulary';
import { HashEmbedder } from '@app/llm';
import { CorpusRepository, CorpusService, createDataSource, ingestDirectory, migrate } from '@app/persistence';
import { startStack, type Stack } from '../support/stack';
import { USER_KEY } from '../support/test-env';

const SAMPLE = join(__dirname, '..', '..', 'data', 'formulary');

describe('ingestion (real Postgres)', () => {
  let ds: DataSource;
  let repo: CorpusRepository;
  beforeAll(async () => {
    ds = createDataSource(process.env.DATABASE_URL!, 2);
    await ds.initialize();
    await migrate(ds);
    repo = new CorpusRepository(ds);
  });
  afterAll(() => ds.destroy());

  it('re-ingesting an unchanged corpus is a no-op; a changed one becomes the new active version atomically', async () => {
    const embedder = new HashEmbedder();
    const first = await ingestDirectory(repo, SAMPLE, embedder);
    const again = await ingestDirectory(repo, SAMPLE, embedder);
    expect(again).toEqual({ kind: 'unchanged', versionId: first.versionId });
    const versions = Number((await ds.query('SELECT count(*)::int AS n FROM corpus_versions'))[0].n);

    const dir = mkdtempSync(join(tmpdir(), 'corpus-v2-'));
    cpSync(SAMPLE, dir, { recursive: true });
    const p = JSON.parse(readFileSync(join(dir, 'paracetamol.json'), 'utf8'));
    p.sections.chi_dinh[0].text += ' Bản sửa đổi thử nghiệm.';
    writeFileSync(join(dir, 'paracetamol.json'), JSON.stringify(p));
    const second = await ingestDirectory(repo, dir, embedder);
    expect(second.kind).toBe('ingested');
    expect(second.versionId).not.toBe(first.versionId);
    const active = await ds.query('SELECT id FROM corpus_versions WHERE active');
    expect(active).toEqual([{ id: second.versionId }]);
    expect(Number((await ds.query('SELECT count(*)::int AS n FROM corpus_versions'))[0].n)).toBe(versions + 1);
    const loaded = await repo.loadActive();
    expect(loaded!.corpus.parts.find((x) => x.doc_id === 'paracetamol__chi_dinh__1')!.text).toMatch(
      /Bản sửa đổi thử nghiệm\.$/,
    );
    expect(loaded!.vectors!.length).toBe(loaded!.corpus.parts.length * embedder.dim);

    // switching back to the original content re-activates the stored version, writing nothing new
    const back = await ingestDirectory(repo, SAMPLE, embedder);
    expect(back).toEqual({ kind: 'unchanged', versionId: first.versionId });
    expect(await ds.query('SELECT id FROM corpus_versions WHERE active')).toEqual([{ id: first.versionId }]);
  });

  it('an invalid directory ingests nothing and names every bad file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'corpus-bad-'));
    cpSync(join(SAMPLE, 'warfarin.json'), join(dir, 'warfarin.json'));
    writeFileSync(join(dir, 'a.json'), '{}');
    writeFileSync(join(dir, 'b.json'), 'not json');
    const before = await ds.query('SELECT count(*)::int AS n FROM corpus_versions');
    const err = await ingestDirectory(repo, dir, new HashEmbedder()).catch((e) => e);
    expect(err).toBeInstanceOf(CorpusValidationError);
    expect(err.problems.some((p: string) => p.startsWith('a.json: drug_id'))).toBe(true);
    expect(err.problems.some((p: string) => p.startsWith('b.json: not valid JSON'))).toBe(true);
    expect(await ds.query('SELECT count(*)::int AS n FROM corpus_versions')).toEqual(before);
  });
});

describe('a running worker picks up a new active corpus version', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(() => stack.close());

  it('reloads the index when the active version changes, and serves the new text', async () => {
    const svc = stack.app.get(CorpusService);
    const before = svc.versionId;
    const dir = mkdtempSync(join(tmpdir(), 'corpus-v3-'));
    cpSync(SAMPLE, dir, { recursive: true });
    const p = JSON.parse(readFileSync(join(dir, 'omeprazol.json'), 'utf8'));
    p.sections.chi_dinh[0].text += ' Phiên bản thử nghiệm mới.';
    writeFileSync(join(dir, 'omeprazol.json'), JSON.stringify(p));
    const repo = new CorpusRepository(stack.ds);
    const v = await ingestDirectory(repo, dir, new HashEmbedder());
    await svc.checkVersion();
    expect(svc.versionId).toBe(v.versionId);
    expect(svc.versionId).not.toBe(before);
    expect(svc.index.part('omeprazol__chi_dinh__1')!.text).toMatch(/Phiên bản thử nghiệm mới\.$/);
    // back to the shipped sample for the other tests
    await ingestDirectory(repo, SAMPLE, new HashEmbedder());
    await svc.checkVersion();
    expect(svc.index.part('omeprazol__chi_dinh__1')!.text).not.toMatch(/thử nghiệm mới/);
  });
});

describe('ANSWER_PROVIDER=disabled: retrieval only', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ ANSWER_PROVIDER: 'disabled' });
  });
  afterAll(() => stack.close());

  it('quotes the evidence verbatim with citations, with no LLM call', async () => {
    const res = await request(stack.http)
      .post('/v1/rag/query')
      .set('Authorization', `Bearer ${USER_KEY}`)
      .send({ turn: 'Chống chỉ định của ibuprofen?' })
      .expect(200);
    expect([res.body.decision, res.body.reason]).toEqual(['answerable', 'retrieval_only']);
    expect(res.body.usage.llm_calls).toBe(0);
    expect(res.body.citations.length).toBeGreaterThan(0);
    for (const c of res.body.citations) {
      expect(c.doc_id).toMatch(/^ibuprofen__chong_chi_dinh__\d+$/);
      expect(res.body.answer).toContain(c.quote);
    }
  });

  const say = (turn: string, conversation_id?: string) =>
    request(stack.http)
      .post('/v1/rag/query')
      .set('Authorization', `Bearer ${USER_KEY}`)
      .send(conversation_id ? { turn, conversation_id } : { turn })
      .expect(200);

  it('never asks a question it cannot use: the answer to its clarify continues the question', async () => {
    const first = await say('Liều paracetamol?');
    expect([first.body.decision, first.body.reason]).toEqual(['clarify', 'missing_population']);
    const second = await say('Trẻ em', first.body.conversation_id);
    // before: the retrieval-only mode kept no memory and answered this with "which drug?" (no_drug)
    expect([second.body.decision, second.body.reason]).toEqual(['clarify', 'missing_pediatric_age_or_weight']);
    expect(second.body.drugs).toEqual(['paracetamol']);
    const third = await say('5 tuổi, 18 kg, đường uống', first.body.conversation_id);
    expect([third.body.decision, third.body.reason]).toEqual(['answerable', 'retrieval_only']);
    expect(third.body.usage.llm_calls).toBe(0);
  });

  it('says so when it quotes only the first 8 parts', async () => {
    const res = await say('Cho tôi toàn bộ mục liều dùng của paracetamol');
    expect(res.body.reason).toBe('retrieval_only');
    // the whole dosing section (every route: an overview is never a route question) is 11 parts
    expect(res.body.citations).toHaveLength(8);
    expect(res.body.answer).toMatch(/Chỉ trích 8\/11 đoạn/);
  });
});

describe('EMBEDDING_PROVIDER=disabled', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ EMBEDDING_PROVIDER: 'disabled' });
  });
  afterAll(() => stack.close());

  it('/ready is 200 and says rag: disabled', async () => {
    const res = await request(stack.http).get('/ready').expect(200);
    expect(res.body).toMatchObject({ status: 'ok', info: { rag: { status: 'up', mode: 'disabled' } } });
  });

  it('POST /v1/rag/query answers 503 rag_disabled', async () => {
    const res = await request(stack.http)
      .post('/v1/rag/query')
      .set('Authorization', `Bearer ${USER_KEY}`)
      .send({ turn: 'Liều paracetamol?' });
    expect(res.status).toBe(503);
    expect(res.body.error.code).toBe('rag_disabled');
  });
});
