import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SECTION_KEYS } from '@app/contracts';
import { buildCorpus, DrugMonographSchema } from '@app/formulary';
import { convertPages, extractPdf, PdfInputError, type Assembled } from '@app/ingest';
import {
  expectedParts,
  partFinder,
  placedParts,
  scoreConversion,
  type Book,
  type ExpectedPart,
  type Manifest,
  type PlacedPart,
  type Score,
} from '@app/pdf-book';

/**
 * Issue 19's round trip: the fixture book (apps/pdf-book typesets test/fixtures/pdf/book-source.json,
 * Chromium prints it) is converted back and compared with its source. Nothing here is hard-coded
 * from the conversion's output: every expectation comes from the source and the page manifest.
 */
const DIR = join(__dirname, '../fixtures/pdf');
const book = JSON.parse(readFileSync(join(DIR, 'book-source.json'), 'utf8')) as Book;
const manifest = JSON.parse(readFileSync(join(DIR, 'formulary-sample.manifest.json'), 'utf8')) as Manifest;
const expected = expectedParts(book, manifest);

const sameSet = (a: string[] = [], b: string[] = []) => [...a].sort().join(',') === [...b].sort().join(',');

let result: Assembled;
let actual: PlacedPart[];
let score: Score;
let findExact: (e: ExpectedPart) => PlacedPart | undefined;

beforeAll(async () => {
  const pages = await extractPdf(new Uint8Array(readFileSync(join(DIR, 'formulary-sample.pdf'))));
  result = convertPages(pages);
  actual = placedParts(result.monographs);
  score = scoreConversion(expected, result.monographs);
  findExact = partFinder(actual);
});

const textParts = () => expected.filter((e) => !e.table?.quarantined);

describe('PDF round trip (fixture book: 1- and 2-column pages, tables of every kind, footnotes, a scanned page)', () => {
  it('writes every drug monograph of the book, each valid against the corpus schema with sample_data false', () => {
    const ids = book.volumes.flatMap((v) => v.monographs.map((m) => m.drug_id));
    expect(result.monographs.map((m) => m.drug_id).sort()).toEqual([...ids].sort());
    for (const m of result.monographs) {
      expect(DrugMonographSchema.safeParse(m).success).toBe(true);
      expect(m.sample_data).toBe(false);
    }
    expect(() => buildCorpus(result.monographs)).not.toThrow();
  });

  it('recovers ≥ 99 % of the text parts with their exact text (whitespace normalised)', () => {
    const share = score.exact / score.text_parts;
    process.stdout.write(
      `round trip: ${score.exact}/${score.text_parts} parts exact (${(share * 100).toFixed(1)} %)\n`,
    );
    expect(score.text_parts).toBe(textParts().length);
    expect(share).toBeGreaterThanOrEqual(0.99);
  });

  it('puts 100 % of the parts in the right drug and section (wherever their text landed)', () => {
    expect({ lost: score.lost, misplaced: score.misplaced }).toEqual({ lost: [], misplaced: [] });
  });

  it('writes no part the book does not have (no stray lines, no split paragraphs)', () => {
    expect(score.written_parts).toBe(score.expected_parts);
  });

  it('tags ≥ 95 % of the dosing parts with the right population and route', () => {
    const dosing = textParts().filter((e) => e.dosing);
    const wrong = dosing.filter((e) => {
      const a = findExact(e);
      return !a || !sameSet(a.population, e.population) || a.route !== e.route;
    });
    const share = 1 - wrong.length / dosing.length;
    process.stdout.write(
      `round trip: dosing tags ${dosing.length - wrong.length}/${dosing.length} (${(share * 100).toFixed(1)} %)\n`,
    );
    expect(dosing.length).toBeGreaterThanOrEqual(20);
    expect(share).toBeGreaterThanOrEqual(0.95);
  });

  it('finds interacts_with from the book drugs a part names', () => {
    for (const e of textParts().filter((x) => x.section === 'tuong_tac_thuoc'))
      expect({ text: e.text, ids: findExact(e)?.interacts_with ?? [] }).toEqual({
        text: e.text,
        ids: e.interacts_with ?? [],
      });
  });

  it('keeps no running head, page number or footnote text inside any part', () => {
    const printed = Array.from({ length: manifest.pages }, (_, i) => book.first_page_number + i);
    for (const a of actual) {
      expect(a.text).not.toContain(book.book_title);
      for (const fn of Object.values(book.footnotes)) expect(a.text).not.toContain(fn.slice(0, 30));
      // titles in capitals are running heads; the text spells drug names in lower case
      for (const title of Object.keys(manifest.titles)) expect(a.text).not.toContain(title);
      const numbers = a.text.match(/\b\d{3}\b/g) ?? [];
      for (const n of numbers) expect(printed).not.toContain(Number(n));
    }
    expect(result.report.removed.page_number).toBe(manifest.pages - 1);
    expect(result.report.removed.footnote).toBe(Object.keys(book.footnotes).length);
  });

  it('converts every certain table with its labels, and quarantines every other one with the page it starts on', () => {
    const tables = expected.filter((e) => e.table);
    expect(score.tables_right).toBe(tables.length);
    expect(tables.map((t) => t.table!.kind).sort()).toEqual([
      'grid',
      'grid',
      'grid',
      'grid',
      'image',
      'merged',
      'rotated',
      'split',
      'split',
    ]);
    for (const t of tables) {
      const inSection = actual.filter((a) => a.drug_id === t.drug_id && a.section === t.section);
      if (t.table!.quarantined) {
        const q = inSection.filter((a) => a.quarantined);
        expect({ drug: t.drug_id, pages: q.map((a) => a.quarantined!.pdf_page) }).toEqual({
          drug: t.drug_id,
          pages: [t.table!.page],
        });
      } else {
        const a = findExact(t);
        expect({ drug: t.drug_id, text: a?.text, quarantined: a?.quarantined }).toEqual({
          drug: t.drug_id,
          text: t.text,
          quarantined: undefined,
        });
      }
    }
  });

  it('reports what a pharmacist must review: missing sections, extra sections, several ATC codes, tables, the scanned page', () => {
    const r = result.report;
    const by = (id: string) => r.monographs.find((m) => m.drug_id === id)!;
    for (const v of book.volumes)
      for (const m of v.monographs) {
        const rep = by(m.drug_id);
        const keys = m.sections.flatMap((s) => (s.key ? [s.key] : []));
        expect(rep.sections_missing).toEqual(SECTION_KEYS.filter((k) => !keys.includes(k)));
        expect(rep.extra_sections.map((e) => e.slug)).toEqual(m.sections.flatMap((s) => (s.extra ? [s.extra] : [])));
        expect(rep.atc).toBe(m.atc[0]);
        expect(rep.atc_all).toEqual(m.atc);
        expect(rep.review.some((i) => i.kind === 'multiple_atc')).toBe(m.atc.length > 1);
        expect(rep.name).toBe(m.inn);
      }
    expect(r.pages_without_text).toEqual([{ page: manifest.pages, has_image: true }]);
    expect(r.skipped.map((s) => s.title)).toEqual(book.chapters.map((c) => c.title));
    expect(r.printed_pages).toEqual({
      first: book.first_page_number,
      last: book.first_page_number + manifest.pages - 2,
    });
    expect(r.tables_quarantined).toBe(expected.filter((e) => e.table?.quarantined).length);
  });
});

describe('bad inputs give one clear error', () => {
  const read = (f: string) => new Uint8Array(readFileSync(join(DIR, f)));
  it.each([
    ['not-a-pdf.pdf', 'not_pdf', /not a PDF/],
    ['encrypted.pdf', 'encrypted', /encrypted/],
    ['image-only.pdf', 'no_text_layer', /no text layer/],
  ])('%s → %s', async (file, code, message) => {
    const e = await extractPdf(read(file)).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(PdfInputError);
    expect((e as PdfInputError).code).toBe(code);
    expect((e as PdfInputError).message).toMatch(message);
  });
});
