import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildCorpus, corpusHash, CorpusValidationError, readCorpusDir } from './corpus';
import { DrugMonographSchema } from './corpus.schema';
import { synthesizeCorpus, SYNTHETIC_MARK } from './synthetic';
import { sampleCorpus } from './test-corpus';

const SAMPLE = join(__dirname, '..', '..', '..', 'data', 'formulary');

function dirWith(files: Record<string, unknown>): string {
  const dir = mkdtempSync(join(tmpdir(), 'corpus-'));
  for (const [name, body] of Object.entries(files))
    writeFileSync(join(dir, name), typeof body === 'string' ? body : JSON.stringify(body));
  return dir;
}

describe('corpus format', () => {
  const valid = JSON.parse(readFileSync(join(SAMPLE, 'paracetamol.json'), 'utf8'));

  it('the sample corpus has the 46 required drugs, every section, and at least 4 drugs with quarantined parts (warfarin interactions among them)', () => {
    const c = sampleCorpus();
    expect(c.drugs).toHaveLength(46);
    expect(c.sample).toBe(true);
    const quarantined = new Set(c.parts.filter((p) => p.quarantined_page !== null).map((p) => p.drug_id));
    expect(quarantined.size).toBeGreaterThanOrEqual(4);
    expect(
      c.parts.some((p) => p.drug_id === 'warfarin' && p.section === 'tuong_tac_thuoc' && p.quarantined_page !== null),
    ).toBe(true);
    for (const d of c.drugs)
      for (const s of ['chi_dinh', 'lieu_luong_cach_dung', 'tuong_tac_thuoc'])
        expect(c.parts.some((p) => p.drug_id === d.drug_id && p.section === s)).toBe(true);
  });

  it('numbers parts from 1 in file order: doc_id = {drug_id}__{section}__{n}', () => {
    const c = buildCorpus([valid]);
    const dosing = c.parts.filter((p) => p.section === 'lieu_luong_cach_dung');
    expect(dosing[0].doc_id).toBe('paracetamol__lieu_luong_cach_dung__1');
    expect(dosing[1].doc_id).toBe('paracetamol__lieu_luong_cach_dung__2');
    expect(dosing[1].text).toBe(valid.sections.lieu_luong_cach_dung[1].text);
  });

  it('rejects bad files naming the file and the field, and every bad file at once', () => {
    const bad1 = { ...valid, drug_id: 'Bad Id' };
    const bad2 = { ...valid, drug_id: 'para2', sections: { ...valid.sections, chi_dinh: [] } };
    const bad3 = { ...valid, drug_id: 'para3', sections: { ...valid.sections, duoc_ly: [{ text: 'ngắn' }] } };
    const dir = dirWith({ 'bad1.json': bad1, 'para2.json': bad2, 'para3.json': bad3, 'broken.json': '{ nope' });
    let err: CorpusValidationError | null = null;
    try {
      readCorpusDir(dir);
    } catch (e) {
      err = e as CorpusValidationError;
    }
    expect(err).toBeInstanceOf(CorpusValidationError);
    const text = err!.problems.join('\n');
    expect(text).toMatch(/bad1\.json: drug_id: must be an ascii slug/);
    expect(text).toMatch(/para2\.json: sections\.chi_dinh: must have at least one part/);
    expect(text).toMatch(/para3\.json: sections\.duoc_ly\.0\.text: must be at least 20 characters/);
    expect(text).toMatch(/broken\.json: not valid JSON/);
  });

  it('rejects a file whose drug_id differs from its name, and an interacts_with id not in the corpus', () => {
    const dir = dirWith({
      'other.json': valid,
      'x.json': {
        ...valid,
        drug_id: 'x',
        sections: {
          ...valid.sections,
          tuong_tac_thuoc: [{ text: 'Tương tác với thuốc không có trong Dược thư.', interacts_with: ['nope'] }],
        },
      },
    });
    expect(() => readCorpusDir(dir)).toThrow(/other\.json: drug_id: must equal the file name/);
  });

  it('hashes content: the same monographs give the same hash, a changed part another', () => {
    const a = corpusHash([valid], 'hash-v1-384');
    expect(corpusHash([JSON.parse(JSON.stringify(valid))], 'hash-v1-384')).toBe(a);
    const changed = JSON.parse(JSON.stringify(valid));
    changed.sections.chi_dinh[0].text += ' (sửa)';
    expect(corpusHash([changed], 'hash-v1-384')).not.toBe(a);
    expect(corpusHash([valid], 'other-embedder')).not.toBe(a);
  });
});

describe('synthetic corpus (benchmarks)', () => {
  it('is deterministic, valid against the monograph schema and marked synthetic in every part', () => {
    const base = readCorpusDir(SAMPLE);
    const a = synthesizeCorpus(base, 5, 7);
    expect(synthesizeCorpus(base, 5, 7)).toEqual(a);
    for (const d of a) {
      expect(DrugMonographSchema.safeParse(d).success).toBe(true);
      for (const parts of Object.values(d.sections))
        for (const p of parts) expect(p.text.startsWith(SYNTHETIC_MARK)).toBe(true);
    }
    expect(new Set(a.map((d) => d.drug_id)).size).toBe(5);
  });
});
