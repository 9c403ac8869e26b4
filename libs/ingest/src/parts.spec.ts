import { DrugNameIndex, MAX_PART, sectionParts, splitLong } from './parts';
import type { Block, TableCandidate } from './types';

const names = new DrugNameIndex([
  { drug_id: 'warfarin', names: ['WARFARIN', 'Warfarin'] },
  { drug_id: 'acid_valproic', names: ['ACID VALPROIC', 'Valproic acid'] },
  { drug_id: 'aspirin', names: ['ASPIRIN'] },
]);
const para = (text: string, page = 3): Block => ({ kind: 'paragraph', text, page, pages: [page] });
const grid = (over: Partial<TableCandidate> = {}): Block => ({
  kind: 'table',
  table: {
    page: 12,
    pages: [12],
    anchors: [],
    caption: 'Bảng 1. Trẻ em, uống: liều theo tuổi',
    rotated: false,
    rows: [
      ['Tuổi', 'Liều'],
      ['1 - 5 tuổi', '125 mg'],
      ['6 - 12 tuổi', '250 mg'],
    ].map((cells, i) => ({
      cells: cells.map((text, j) => ({ text, x0: 56 + j * 100, x1: 90 + j * 100, bold: i === 0 ? 1 : 0 })),
      page: 12,
      column: 0,
      y: 700 - i * 14,
      size: 8,
      bold: i === 0 ? 1 : 0,
    })),
    ...over,
  },
});

describe('parts: a section’s blocks → corpus parts', () => {
  it('splits dosing paragraphs per regimen and tags each one', () => {
    const { parts } = sectionParts(
      'lieu_luong_cach_dung',
      [para('Người lớn, uống: 500 mg mỗi 6 giờ. Trẻ em, uống: 10 mg/kg mỗi 6 giờ.')],
      names,
      'paracetamol',
    );
    expect(parts.map((p) => [p.text, p.population, p.route, p.tag?.confidence])).toEqual([
      ['Người lớn, uống: 500 mg mỗi 6 giờ.', ['adult'], 'uong', 'high'],
      ['Trẻ em, uống: 10 mg/kg mỗi 6 giờ.', ['pediatric'], 'uong', 'high'],
    ]);
  });

  it('turns a certain table into one labelled part under its caption, tagged from the caption', () => {
    const { parts } = sectionParts('lieu_luong_cach_dung', [grid()], names, 'paracetamol');
    expect(parts).toEqual([
      expect.objectContaining({
        text: 'Bảng 1. Trẻ em, uống: liều theo tuổi: 1 - 5 tuổi: 125 mg; 6 - 12 tuổi: 250 mg',
        population: ['pediatric'],
        route: 'uong',
        page: 12,
      }),
    ]);
    expect(parts[0].quarantined).toBeUndefined();
  });

  it('quarantines an uncertain table as one part with the page it starts on', () => {
    const { parts } = sectionParts('tuong_tac_thuoc', [grid({ pages: [12, 13] })], names, 'aspirin');
    expect(parts).toHaveLength(1);
    expect(parts[0].quarantined).toEqual({ pdf_page: 12 });
    expect(parts[0].table).toMatchObject({ status: 'quarantined', reason: 'split across pages 12, 13' });
    expect(parts[0].text).toContain('1 - 5 tuổi | 125 mg');
  });

  it('lists the corpus drugs an interaction names, never the monograph’s own drug', () => {
    const { parts } = sectionParts(
      'tuong_tac_thuoc',
      [para('Aspirin làm tăng tác dụng của warfarin; acid valproic bị đẩy khỏi protein huyết tương.')],
      names,
      'aspirin',
    );
    expect(parts[0].interacts_with).toEqual(['warfarin', 'acid_valproic']);
  });

  it('joins a paragraph under 20 characters to the next one', () => {
    const { parts, tooShort } = sectionParts(
      null,
      [para('Không có.'), para('Dữ liệu còn hạn chế ở trẻ em.')],
      names,
      'x',
    );
    expect(parts.map((p) => p.text)).toEqual(['Không có. Dữ liệu còn hạn chế ở trẻ em.']);
    expect(tooShort).toEqual([]);
  });

  it('reports a lone short paragraph instead of writing an invalid part', () => {
    expect(sectionParts(null, [para('Không có.')], names, 'x')).toEqual({ parts: [], tooShort: ['Không có.'] });
  });

  it('splits a paragraph over 1200 characters at sentence ends', () => {
    const sentence = 'Theo dõi chức năng thận và thính giác của người bệnh trong suốt đợt điều trị. ';
    const pieces = splitLong(sentence.repeat(30).trim());
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.every((p) => p.length <= MAX_PART && p.endsWith('.'))).toBe(true);
    expect(pieces.join(' ')).toBe(sentence.repeat(30).trim());
  });
});
