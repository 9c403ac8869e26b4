import { buildBlocks, joinLines } from './blocks';
import { line, row } from './testing/builders';
import type { Block, Line } from './types';

const texts = (blocks: Block[]) =>
  blocks.map((b) =>
    b.kind === 'table' ? `table:${b.table.rows.length}` : `${b.kind}:${'text' in b ? b.text : `${b.label}=${b.value}`}`,
  );
/** Filler lines so the column's right edge (290) is measured over more than the lines under test. */
const filler = (y: number, page = 9): Line[] =>
  Array.from({ length: 6 }, (_, i) => line(`lấp đầy ${i}`, y - i * 13, { page, x0: 62, x1: i === 5 ? 120 : 290 }));

describe('blocks: lines → titles, headings, fields, paragraphs and tables', () => {
  it('joins a paragraph across a column and a page break when its last line runs to the right edge', () => {
    const lines = [
      line('Người lớn, uống: 500 mg - 1 g mỗi lần, cách', 100, { x0: 62 }),
      line('4 - 6 giờ; tối đa 4 g/ngày.', 760, { page: 2, x1: 180 }),
      ...filler(700),
    ];
    expect(texts(buildBlocks(lines, 10)).slice(0, 1)).toEqual([
      'paragraph:Người lớn, uống: 500 mg - 1 g mỗi lần, cách 4 - 6 giờ; tối đa 4 g/ngày.',
    ]);
  });

  it('starts a paragraph after a short line, at an indent, after a blank line, and after a heading', () => {
    const lines = [
      line('Liều lượng và cách dùng', 700, { bold: 1, x1: 170 }),
      line('Câu thứ nhất kết thúc ngắn.', 687, { x0: 62, x1: 200 }),
      line('Câu thứ hai chạy hết dòng và', 674, { x0: 62 }),
      line('dừng ở đây.', 661, { x1: 120 }),
      line('Câu thứ ba, sau một dòng trống.', 630, { x1: 200 }),
      ...filler(600),
    ];
    expect(texts(buildBlocks(lines, 10)).slice(0, 4)).toEqual([
      'heading:Liều lượng và cách dùng',
      'paragraph:Câu thứ nhất kết thúc ngắn.',
      'paragraph:Câu thứ hai chạy hết dòng và dừng ở đây.',
      'paragraph:Câu thứ ba, sau một dòng trống.',
    ]);
  });

  it('reads a title in capitals, its fields, and a field value wrapped onto a line in lower case', () => {
    const lines = [
      line('AMOXICILIN', 760, { size: 15, bold: 1, x1: 150 }),
      line('Tên chung quốc tế: Amoxicillin.', 740, { x1: 200, bold: 0.6 }),
      line('Loại thuốc: Kháng sinh nhóm beta-lactam,', 727, { x1: 250, bold: 0.3 }),
      line('aminopenicilin.', 714, { x1: 120 }),
      ...filler(690),
    ];
    expect(texts(buildBlocks(lines, 10)).slice(0, 3)).toEqual([
      'title:AMOXICILIN',
      'field:Tên chung quốc tế=Amoxicillin.',
      'field:Loại thuốc=Kháng sinh nhóm beta-lactam, aminopenicilin.',
    ]);
  });

  it('gathers a table with its caption, including a line where a cell wrapped', () => {
    const lines = [
      line('Bảng 1. Trẻ em, uống: liều theo tuổi', 700, { size: 9, italic: 1, x1: 220 }),
      row(
        686,
        [
          ['Tuổi', 56],
          ['Liều', 160],
        ],
        { bold: 1 },
      ),
      row(672, [
        ['1 - 5 tuổi', 56],
        ['125 mg mỗi lần', 160],
      ]),
      row(662, [['mỗi ngày', 160]]),
      line('Đoạn văn sau bảng.', 640, { x1: 150 }),
      ...filler(600),
    ];
    const blocks = buildBlocks(lines, 10);
    expect(texts(blocks).slice(0, 2)).toEqual(['table:3', 'paragraph:Đoạn văn sau bảng.']);
    expect(blocks[0].kind === 'table' && blocks[0].table.caption).toBe('Bảng 1. Trẻ em, uống: liều theo tuổi');
  });

  it('reads a run-in heading ("Chỉ định: …" in bold before its text), even right after a full line', () => {
    const lines = [
      line('Thận trọng ở người suy gan và người cao tuổi, theo', 700, { x0: 62 }),
      line('dõi huyết áp khi bắt đầu điều trị thuốc này.', 687, { x1: 290 }),
      line('Thời kỳ mang thai: Chỉ dùng khi thật cần thiết.', 674, { x1: 240, bold: 0.4, lead: 'Thời kỳ mang thai:' }),
      line('Loại thuốc: Thuốc chẹn kênh calci.', 661, { x1: 200, bold: 0.3, lead: 'Loại thuốc:' }),
      ...filler(630),
    ];
    expect(texts(buildBlocks(lines, 10)).slice(0, 4)).toEqual([
      'paragraph:Thận trọng ở người suy gan và người cao tuổi, theo dõi huyết áp khi bắt đầu điều trị thuốc này.',
      'heading:Thời kỳ mang thai',
      'paragraph:Chỉ dùng khi thật cần thiết.',
      'field:Loại thuốc=Thuốc chẹn kênh calci.',
    ]);
  });

  it('joins a word broken after its hyphen, and keeps the space of a spaced dash', () => {
    expect(joinLines(['bền với beta-', 'lactamase'])).toBe('bền với beta-lactamase');
    expect(joinLines(['500 mg -', '1 g mỗi lần'])).toBe('500 mg - 1 g mỗi lần');
  });
});
