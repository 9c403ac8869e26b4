import { renderReportMarkdown, type IngestReport } from './report';

const report: IngestReport = {
  source: 'duoc-thu-2018.pdf',
  pages: 1450,
  printed_pages: { first: 13, last: 1462 },
  pages_without_text: [{ page: 812, has_image: true }],
  monographs_found: 2,
  monographs_written: 1,
  parts: 40,
  tables_converted: 1,
  tables_quarantined: 1,
  review_items: 3,
  skipped: [{ title: 'SỬ DỤNG THUỐC CHO NGƯỜI CAO TUỔI', pages: [20, 21], blocks: 12 }],
  removed: { running_head: 1449, page_number: 1450, footnote: 3 },
  monographs: [
    {
      drug_id: 'warfarin',
      title: 'WARFARIN',
      name: 'Warfarin',
      atc: 'B01AA03',
      atc_all: ['B01AA03'],
      drug_class: 'Thuốc chống đông',
      pages: [1380, 1383],
      written: true,
      sections_found: ['chi_dinh'],
      sections_missing: ['qua_lieu_va_xu_tri'],
      extra_sections: [{ slug: 'duoc_dong_hoc', title: 'Dược động học', parts: 2 }],
      parts: 40,
      tables: [
        {
          section: 'tuong_tac_thuoc',
          page: 1382,
          printed_page: 1394,
          pages: [1382, 1383],
          status: 'quarantined',
          reason: 'split across pages 1382, 1383',
          rows: 14,
        },
      ],
      review: [
        {
          kind: 'low_confidence_tag',
          section: 'lieu_luong_cach_dung',
          part: 3,
          detail: 'lead "Liều dùng" → population —, route —: check the tags',
        },
      ],
    },
  ],
  edition_diff: { skipped: 'database not reachable' },
};

describe('ingest-report.md', () => {
  const md = renderReportMarkdown(report);
  it.each([
    ['the scanned page', '- PDF page 812: image only (scanned?): its text is NOT in the corpus'],
    [
      'the quarantined table with its pages',
      'PDF page 1382 (printed 1394): **quarantined** (split across pages 1382, 1383) — verify in the PDF',
    ],
    ['the missing section by its title', '- **Missing**: Quá liều và xử trí'],
    ['the extra section', '- Extra sections: Dược động học (2)'],
    ['the review item with its doc number', '- Review — low_confidence_tag [Liều lượng và cách dùng #3]'],
    ['the skipped general chapter', '- SỬ DỤNG THUỐC CHO NGƯỜI CAO TUỔI (PDF pages 20, 21, 12 blocks)'],
    ['why there is no diff', 'Not compared: database not reachable'],
  ])('shows %s', (_what, text) => {
    expect(md).toContain(text);
  });
});
