import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { HashEmbedder } from '@app/llm';
import { CorpusRepository, createDataSource, ingestDirectory, migrate } from '@app/persistence';
import type { Book, Manifest } from '@app/pdf-book';
import { runCli } from '../../apps/cli/src/cli';
import { startStack, type Stack } from '../support/stack';
import { USER_KEY } from '../support/test-env';

const SAMPLE = join(__dirname, '..', '..', 'data', 'formulary');
const FIXTURES = join(__dirname, '..', 'fixtures', 'pdf');
const PDF = join(FIXTURES, 'formulary-sample.pdf');
const book = JSON.parse(readFileSync(join(FIXTURES, 'book-source.json'), 'utf8')) as Book;
const manifest = JSON.parse(readFileSync(join(FIXTURES, 'formulary-sample.manifest.json'), 'utf8')) as Manifest;
const drugIds = book.volumes.flatMap((v) => v.monographs.map((m) => m.drug_id)).sort();

/** Runs the CLI in this process and captures what it prints. */
async function cli(argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const o = jest.spyOn(process.stdout, 'write').mockImplementation((s) => ((out += String(s)), true));
  const e = jest.spyOn(process.stderr, 'write').mockImplementation((s) => ((err += String(s)), true));
  try {
    return { code: await runCli(argv), out, err };
  } finally {
    o.mockRestore();
    e.mockRestore();
  }
}

describe('npm run ingest -- <file.pdf>: convert the Dược thư PDF and load it into Postgres', () => {
  let ds: DataSource;
  let repo: CorpusRepository;
  const versions = async () => Number((await ds.query('SELECT count(*)::int AS n FROM corpus_versions'))[0].n);

  beforeAll(async () => {
    ds = createDataSource(process.env.DATABASE_URL!, 2);
    await ds.initialize();
    await migrate(ds);
    repo = new CorpusRepository(ds);
    await ingestDirectory(repo, SAMPLE, new HashEmbedder());
  });
  afterAll(async () => {
    // the other suites of the run serve the sample corpus: re-activate it
    await ingestDirectory(repo, SAMPLE, new HashEmbedder());
    await ds.destroy();
  });

  it('converts, prints the edition diff against the active (sample) version, and loads the PDF corpus as the new active version', async () => {
    const sample = await repo.active();
    const out = mkdtempSync(join(tmpdir(), 'pdf-ingest-'));
    const r = await cli(['ingest', PDF, '--out', out]);
    expect(r.code).toBe(0);
    expect(r.out).toContain(`converted ${manifest.pages} PDF pages: ${drugIds.length}/${drugIds.length} monographs`);
    expect(r.out).toMatch(
      new RegExp(`Against corpus version ${sample!.id}: \\d+ monograph\\(s\\) added, \\d+ removed`),
    );
    expect(r.out).toMatch(/- Added: .*aciclovir/);
    expect(r.out).toMatch(/ingested \d+ parts .* as corpus version \d+ \(now active\)/);
    expect(existsSync(join(out, 'ingest-report.md'))).toBe(true);

    const loaded = await repo.loadActive();
    expect(loaded!.versionId).not.toBe(sample!.id);
    expect(loaded!.corpus.sample).toBe(false);
    expect(loaded!.corpus.drugs.map((d) => d.drug_id)).toEqual(drugIds);
    // the quarantined tables keep the PDF page they start on, as the manifest of the rendering says
    const quarantinedPages = [...new Set(loaded!.corpus.parts.flatMap((p) => p.quarantined_page ?? []))].sort(
      (a, b) => a - b,
    );
    const tablePages = Object.values(manifest.tables);
    expect(quarantinedPages.length).toBeGreaterThan(0);
    for (const p of quarantinedPages) expect(tablePages).toContain(p);
  });

  it('answers from the converted corpus through the gateway', async () => {
    const stack: Stack = await startStack();
    try {
      const res = await request(stack.http)
        .post('/v1/rag/query')
        .set('Authorization', `Bearer ${USER_KEY}`)
        .send({ turn: 'Chống chỉ định của gentamicin?' })
        .expect(200);
      expect(res.body.decision).toBe('answerable');
      expect(res.body.citations.map((c: { doc_id: string }) => c.doc_id)).toContain('gentamicin__chong_chi_dinh__1');
      const corpus = await request(stack.http).get('/v1/corpus').set('Authorization', `Bearer ${USER_KEY}`).expect(200);
      expect(corpus.body.sample).toBe(false);
    } finally {
      await stack.close();
    }
  });

  it('re-ingesting the same PDF changes nothing and says so', async () => {
    const before = await versions();
    const r = await cli(['ingest', PDF, '--out', mkdtempSync(join(tmpdir(), 'pdf-ingest-'))]);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/0 monograph\(s\) added, 0 removed, 0 changed, \d+ unchanged/);
    expect(r.out).toContain('corpus unchanged (same content hash)');
    expect(await versions()).toBe(before);
  });

  it('ingest <dir> prints the edition diff too (here: back to the sample corpus)', async () => {
    const r = await cli(['ingest', SAMPLE]);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(
      /Against corpus version \d+: \d+ monograph\(s\) added, \d+ removed, 1 changed, 0 unchanged\./,
    );
    expect(r.out).toMatch(/- Removed: .*aciclovir/);
    // metformin is in both: its changes are listed per section
    expect(r.out).toMatch(/- Changed metformin: .*Chỉ định \(\+\d+ −\d+ ~\d+\)/);
  });

  it.each([
    ['not-a-pdf.pdf', /^error: .*not-a-pdf\.pdf: not a PDF file/],
    ['encrypted.pdf', /^error: .*encrypted\.pdf: the PDF is encrypted \(password-protected\)/],
    ['image-only.pdf', /^error: .*image-only\.pdf: the PDF has no text layer on any of its 1 page\(s\)/],
  ])('%s: exit 1 with one clear line, and nothing is loaded', async (file, message) => {
    const before = await versions();
    for (const argv of [
      ['ingest-pdf', join(FIXTURES, file), '--out', mkdtempSync(join(tmpdir(), 'pdf-bad-'))],
      ['ingest', join(FIXTURES, file), '--out', mkdtempSync(join(tmpdir(), 'pdf-bad-'))],
    ]) {
      const r = await cli(argv);
      expect(r.code).toBe(1);
      const lines = r.err.split('\n').filter((l) => l && !/^read[: ]/.test(l) && !l.startsWith('\r'));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(message);
    }
    expect(await versions()).toBe(before);
  });
});
