import { SECTION_KEYS } from '@app/contracts';
import { DrugMonographSchema } from '@app/formulary';
import { assemble } from './assemble';
import type { LayoutResult, PageText, RawMonograph, RawSection } from './types';

const section = (key: RawSection['key'], slug: string, text: string): RawSection => ({
  heading: slug,
  key,
  slug,
  blocks: [{ kind: 'paragraph', text, page: 2, pages: [2] }],
});
const mono = (over: Partial<RawMonograph> = {}): RawMonograph => ({
  title: 'WARFARIN',
  drug_id: 'warfarin',
  name: 'Warfarin',
  atc: ['B01AA03'],
  drugClass: 'Thuốc chống đông',
  pages: [2, 3],
  sections: SECTION_KEYS.map((k) => section(k, k, `Nội dung mục ${k} của chuyên luận.`)),
  ...over,
});
const pages: PageText[] = [
  { page: 1, width: 595, height: 842, items: [], hasImage: true, images: [{ x0: 0, y0: 0, x1: 595, y1: 842 }] },
  { page: 2, width: 595, height: 842, items: [], hasImage: false, images: [] },
];
const layout: LayoutResult = { lines: [], bodySize: 10, removed: [], printedPages: { 2: 138 } };

describe('assemble: monographs → corpus files and the report', () => {
  it('writes a valid file (sample_data false) and lists pages without text', () => {
    const { monographs, report } = assemble(pages, layout, { monographs: [mono()], skipped: [] });
    expect(DrugMonographSchema.safeParse(monographs[0]).success).toBe(true);
    expect(monographs[0].sample_data).toBe(false);
    expect(report.pages_without_text).toEqual([
      { page: 1, has_image: true },
      { page: 2, has_image: false },
    ]);
  });

  it('writes only the sections the book prints and reports a missing one (no placeholder)', () => {
    const m = mono({ sections: mono().sections.filter((s) => s.key !== 'qua_lieu_va_xu_tri') });
    const { monographs, report } = assemble(pages, layout, { monographs: [m], skipped: [] });
    expect(monographs[0].sections.qua_lieu_va_xu_tri).toBeUndefined();
    expect(DrugMonographSchema.safeParse(monographs[0]).success).toBe(true);
    expect(report.monographs[0].sections_missing).toEqual(['qua_lieu_va_xu_tri']);
    expect(report.monographs[0].review).toContainEqual(
      expect.objectContaining({ kind: 'missing_section', section: 'qua_lieu_va_xu_tri' }),
    );
  });

  it('keeps headings outside the ten in extra_sections, with their printed title', () => {
    const m = mono({
      sections: [
        ...mono().sections,
        { ...section(null, 'duoc_dong_hoc', 'Hấp thu tốt qua đường uống.'), heading: 'Dược động học' },
      ],
    });
    const { monographs, report } = assemble(pages, layout, { monographs: [m], skipped: [] });
    expect(monographs[0].extra_sections).toEqual({
      duoc_dong_hoc: { title: 'Dược động học', parts: [{ text: 'Hấp thu tốt qua đường uống.' }] },
    });
    expect(report.monographs[0].extra_sections).toEqual([{ slug: 'duoc_dong_hoc', title: 'Dược động học', parts: 1 }]);
  });

  it('does not write a monograph without a valid ATC code, and says so', () => {
    const { monographs, report } = assemble(pages, layout, { monographs: [mono({ atc: [] })], skipped: [] });
    expect(monographs).toEqual([]);
    expect(report.monographs[0].written).toBe(false);
    expect(report.monographs[0].review.map((r) => r.kind)).toContain('no_atc');
  });

  it('keeps the first of several ATC codes and lists them all', () => {
    const { monographs, report } = assemble(pages, layout, {
      monographs: [mono({ atc: ['B01AA03', 'B01AA99'] })],
      skipped: [],
    });
    expect(monographs[0].atc).toBe('B01AA03');
    expect(report.monographs[0].atc_all).toEqual(['B01AA03', 'B01AA99']);
  });

  it('names an interaction only with a drug written in the same corpus', () => {
    const withInteraction = (id: string, title: string, atc: string[]) =>
      mono({
        drug_id: id,
        title,
        name: title,
        atc,
        sections: mono().sections.map((s) =>
          s.key === 'tuong_tac_thuoc' ? section(s.key, s.slug, `Tương tác với ASPIRIN và WARFARIN cần theo dõi.`) : s,
        ),
      });
    const { monographs } = assemble(pages, layout, {
      monographs: [withInteraction('warfarin', 'WARFARIN', ['B01AA03']), withInteraction('aspirin', 'ASPIRIN', [])],
      skipped: [],
    });
    // aspirin has no ATC code: it is not written, so warfarin may not point at it
    expect(monographs.map((m) => m.drug_id)).toEqual(['warfarin']);
    expect(monographs[0].sections.tuong_tac_thuoc![0].interacts_with).toBeUndefined();
  });
});
