import { layoutPages } from './layout';
import { item, page } from './testing/builders';

/** A page of a two-column book: head, folio, left and right column text. */
function twoColumnPage(n: number, left: string[], right: string[], extra: ReturnType<typeof item>[] = []) {
  return page(n, [
    item('DƯỢC THƯ QUỐC GIA', 50, 800, { size: 8 }),
    item('PARACETAMOL', 480, 800, { size: 8 }),
    ...left.map((t, i) => item(t, 50, 760 - i * 13, { width: 235 })),
    ...right.map((t, i) => item(t, 310, 760 - i * 13, { width: 235 })),
    ...extra,
    item(String(136 + n), 290, 30, { size: 8 }),
  ]);
}

const lefts = ['trái một', 'trái hai', 'trái ba', 'trái bốn', 'trái năm', 'trái sáu'];
const rights = ['phải một', 'phải hai', 'phải ba', 'phải bốn', 'phải năm', 'phải sáu'];

describe('layout: positioned text → body lines in reading order', () => {
  it('reads a two-column page column by column, top to bottom', () => {
    const r = layoutPages([twoColumnPage(1, lefts, rights), twoColumnPage(2, lefts, rights)]);
    expect(r.lines.filter((l) => l.page === 1).map((l) => l.text)).toEqual([...lefts, ...rights]);
    expect(r.lines.every((l) => l.columns === 2)).toBe(true);
  });

  it('takes running heads and page numbers out, and keeps the printed page number', () => {
    const r = layoutPages([twoColumnPage(1, lefts, rights), twoColumnPage(2, lefts, rights)]);
    expect(r.lines.some((l) => /DƯỢC THƯ|PARACETAMOL|^13\d$/.test(l.text))).toBe(false);
    expect(r.removed.map((x) => x.kind).sort()).toEqual(['page_number', 'page_number', 'running_head', 'running_head']);
    expect(r.printedPages).toEqual({ 1: 137, 2: 138 });
  });

  it('keeps a small table row printed at the top of a column (it is not a running head)', () => {
    const tableTop = item('Theophylin', 310, 775, { size: 8, width: 40 });
    const r = layoutPages([
      twoColumnPage(1, lefts, rights, [tableTop, item('tăng nồng độ', 380, 775, { size: 8, width: 50 })]),
      twoColumnPage(2, lefts, rights),
    ]);
    expect(r.lines.find((l) => l.text.startsWith('Theophylin'))?.cells.map((c) => c.text)).toEqual([
      'Theophylin',
      'tăng nồng độ',
    ]);
  });

  it('removes a footnote: small lines at the foot of a column starting with a note mark', () => {
    const note = item('* Dữ liệu mẫu, không dùng cho lâm sàng.', 50, 90, { size: 8, width: 200 });
    const r = layoutPages([twoColumnPage(1, lefts, rights, [note]), twoColumnPage(2, lefts, rights)]);
    expect(r.removed.filter((x) => x.kind === 'footnote').map((x) => x.text)).toEqual([note.text]);
    expect(r.lines.some((l) => l.text.includes('Dữ liệu mẫu'))).toBe(false);
  });

  it('reads a one-column page as one column, joining items with the spaces their gaps show', () => {
    const p = page(1, [
      item('Người lớn,', 50, 700, { width: 50 }),
      item('uống: 500 mg', 102, 700, { width: 60 }),
      ...Array.from({ length: 12 }, (_, i) =>
        item('dòng chữ trải hết chiều ngang trang giấy', 50, 680 - i * 13, { width: 495 }),
      ),
    ]);
    const r = layoutPages([p]);
    expect(r.lines[0].text).toBe('Người lớn, uống: 500 mg');
    expect(r.lines.every((l) => l.columns === 1)).toBe(true);
  });

  it('splits a row into cells at wide gaps, but not a justified line whose word spaces are stretched', () => {
    const p = page(1, [
      item('Trẻ em 1 - 5 tuổi', 50, 700, { width: 80, size: 8 }),
      item('125 mg mỗi lần', 200, 700, { width: 60, size: 8 }),
      // a justified line: single words spread edge to edge with equal gaps
      item('kháng', 50, 680, { width: 30 }),
      item('sinh', 125, 680, { width: 25 }),
      item('nhóm', 195, 680, { width: 28 }),
      item('macrolid', 262, 680, { width: 28 }),
      ...Array.from({ length: 10 }, (_, i) =>
        item('một dòng chữ bình thường của cột', 50, 660 - i * 13, { width: 240 }),
      ),
    ]);
    const r = layoutPages([p]);
    expect(r.lines[0].cells.map((c) => c.text)).toEqual(['Trẻ em 1 - 5 tuổi', '125 mg mỗi lần']);
    expect(r.lines[1].cells.map((c) => c.text)).toEqual(['kháng sinh nhóm macrolid']);
  });

  it('keeps a picture in the text flow as an image line where it starts, in its column; ignores small ones', () => {
    const p = page(
      1,
      Array.from({ length: 10 }, (_, i) => item('dòng chữ của cột', 50, 700 - i * 13, { width: 240 })),
      {
        images: [
          { x0: 50, y0: 400, x1: 290, y1: 560 },
          { x0: 50, y0: 300, x1: 60, y1: 310 },
        ],
      },
    );
    const images = layoutPages([p]).lines.filter((l) => l.image);
    expect(images.map((l) => [l.y, l.column])).toEqual([[560, 0]]);
  });

  it('keeps text set sideways as one rotated line, read right to left', () => {
    const p = page(1, [
      ...Array.from({ length: 10 }, (_, i) => item('dòng chữ của cột', 50, 700 - i * 13, { width: 240 })),
      item('Có adrenalin', 70, 500, { angle: 90 }),
      item('Không có adrenalin', 90, 500, { angle: 90 }),
    ]);
    const rotated = layoutPages([p]).lines.find((l) => l.rotated);
    expect(rotated?.text).toBe('Không có adrenalin / Có adrenalin');
  });
});
