import { splitMonographs } from './monographs';
import { sectionFor } from './sections';
import type { Block } from './types';

const p = (text: string, page = 1): Block => ({ kind: 'paragraph', text, page, pages: [page] });

describe('monographs: blocks → drug monographs and their sections', () => {
  const blocks: Block[] = [
    { kind: 'title', text: 'SỬ DỤNG THUỐC CHO PHỤ NỮ CÓ THAI', page: 1 },
    p('Chương chung, không phải chuyên luận thuốc.'),
    { kind: 'title', text: 'ACID VALPROIC', page: 2 },
    { kind: 'field', label: 'Tên chung quốc tế', value: 'Valproic acid.', page: 2 },
    { kind: 'field', label: 'Mã ATC', value: 'N03AG01.', page: 2 },
    { kind: 'field', label: 'Loại thuốc', value: 'Thuốc chống động kinh.', page: 2 },
    p('Đoạn trước mục đầu tiên.', 2),
    { kind: 'heading', text: 'Chỉ định', page: 2 },
    p('Động kinh toàn thể và cục bộ.', 2),
    { kind: 'heading', text: 'Dược động học', page: 3 },
    p('Hấp thu gần hoàn toàn qua đường uống.', 3),
  ];
  const { monographs, skipped } = splitMonographs(blocks);

  it('opens a monograph at a title in capitals followed by "Tên chung quốc tế"; a general chapter is skipped', () => {
    expect(monographs.map((m) => m.drug_id)).toEqual(['acid_valproic']);
    expect(skipped).toEqual([{ title: 'SỬ DỤNG THUỐC CHO PHỤ NỮ CÓ THAI', pages: [1], blocks: 1 }]);
  });

  it('reads name, ATC and drug class from the fields; the slug folds diacritics', () => {
    expect(monographs[0]).toMatchObject({
      name: 'Valproic acid',
      atc: ['N03AG01'],
      drugClass: 'Thuốc chống động kinh',
      pages: [2, 3],
    });
  });

  it('maps the book headings to section keys and keeps others as extra sections', () => {
    expect(monographs[0].sections.map((s) => [s.key, s.slug])).toEqual([
      [null, 'phan_mo_dau'],
      ['chi_dinh', 'chi_dinh'],
      [null, 'duoc_dong_hoc'],
    ]);
  });

  it.each([
    ['Dược lý và cơ chế tác dụng', 'duoc_ly'],
    ['Tác dụng không mong muốn (ADR)', 'tac_dung_khong_mong_muon'],
    ['Liều lượng và cách dùng', 'lieu_luong_cach_dung'],
    ['Cách dùng và liều lượng', 'lieu_luong_cach_dung'],
    ['Quá liều và xử trí', 'qua_lieu_va_xu_tri'],
    ['THỜI KỲ CHO CON BÚ', 'thoi_ky_cho_con_bu'],
    ['Hướng dẫn cách xử trí ADR', null],
    ['Độ ổn định và bảo quản', null],
  ])('heading "%s" → %s', (heading, key) => {
    expect(sectionFor(heading).key).toBe(key);
  });
});
