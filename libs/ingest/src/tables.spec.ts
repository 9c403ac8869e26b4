import { convertTable } from './tables';
import type { Cell, TableCandidate } from './types';

const cell = (text: string, x0: number): Cell => ({ text, x0, x1: x0 + text.length * 3.5, bold: 0 });
function table(lines: [number, [string, number][], number?][], over: Partial<TableCandidate> = {}): TableCandidate {
  return {
    page: 7,
    pages: [7],
    anchors: [],
    caption: null,
    rotated: false,
    rows: lines.map(([y, cells, bold]) => ({
      cells: cells.map(([t, x]) => cell(t, x)),
      page: 7,
      column: 0,
      y,
      size: 8,
      bold: bold ?? 0,
    })),
    ...over,
  };
}

describe('tables: a certain grid keeps its labels; anything else is quarantined with its page', () => {
  it('turns each row of a two-column grid into "label: value"', () => {
    const t = table([
      [
        700,
        [
          ['Tuổi', 56],
          ['Liều', 160],
        ],
        1,
      ],
      [
        686,
        [
          ['Trẻ em 1 - 5 tuổi', 56],
          ['125 mg mỗi lần', 160],
        ],
      ],
      [
        672,
        [
          ['Trẻ em 6 - 12 tuổi', 56],
          ['250 mg mỗi lần', 160],
        ],
      ],
    ]);
    expect(convertTable(t)).toEqual({
      status: 'converted',
      header: ['Tuổi', 'Liều'],
      rows: ['Trẻ em 1 - 5 tuổi: 125 mg mỗi lần', 'Trẻ em 6 - 12 tuổi: 250 mg mỗi lần'],
    });
  });

  it('names each value by its column header when there are several', () => {
    const t = table([
      [
        700,
        [
          ['Mức độ', 56],
          ['Liều', 120],
          ['Cách chia', 180],
        ],
        1,
      ],
      [
        686,
        [
          ['Nặng', 56],
          ['45 mg/kg', 120],
          ['2 lần', 180],
        ],
      ],
    ]);
    expect(convertTable(t)).toMatchObject({ rows: ['Nặng: Liều 45 mg/kg, Cách chia 2 lần'] });
  });

  it('joins a cell that wraps onto a second line (rows stand further apart than its lines)', () => {
    const t = table([
      [
        700,
        [
          ['Độ thanh thải', 56],
          ['Liều', 160],
        ],
        1,
      ],
      [690, [['creatinin', 56]], 1],
      [
        676,
        [
          ['25 - 50 ml/phút', 56],
          ['5 - 10 mg/kg mỗi', 160],
        ],
      ],
      [666, [['12 giờ', 160]]],
      [
        652,
        [
          ['Dưới 10 ml/phút', 56],
          ['2,5 - 5 mg/kg', 160],
        ],
      ],
    ]);
    expect(convertTable(t)).toMatchObject({
      status: 'converted',
      rows: ['25 - 50 ml/phút: 5 - 10 mg/kg mỗi 12 giờ', 'Dưới 10 ml/phút: 2,5 - 5 mg/kg'],
    });
  });

  it('quarantines a table with a cell spanning rows (its label sits between two rows)', () => {
    const t = table([
      [
        700,
        [
          ['Chế độ', 56],
          ['Nồng độ', 140],
          ['Giá trị', 220],
        ],
        1,
      ],
      [
        686,
        [
          ['Đỉnh', 140],
          ['5 - 10 mg/l', 220],
        ],
      ],
      [679, [['Chia nhiều lần', 56]]],
      [
        672,
        [
          ['Đáy', 140],
          ['dưới 2 mg/l', 220],
        ],
      ],
    ]);
    expect(convertTable(t)).toMatchObject({ status: 'quarantined', reason: 'merged cells' });
  });

  it('quarantines a table whose rows are missing a cell (merged or empty)', () => {
    const t = table([
      [
        700,
        [
          ['A', 56],
          ['B', 140],
          ['C', 220],
        ],
      ],
      [
        686,
        [
          ['Đáy', 140],
          ['dưới 2 mg/l', 220],
        ],
      ],
    ]);
    expect(convertTable(t)).toMatchObject({ status: 'quarantined', reason: 'merged or empty cells' });
  });

  it.each([
    [{ pages: [7, 8] }, 'split across pages 7, 8'],
    [{ rotated: true }, 'rotated table'],
    [{ image: true }, 'printed as an image'],
  ])('quarantines %j: %s', (over, reason) => {
    const t = table(
      [
        [
          700,
          [
            ['Tuổi', 56],
            ['Liều', 160],
          ],
        ],
        [
          686,
          [
            ['1 - 5 tuổi', 56],
            ['125 mg', 160],
          ],
        ],
      ],
      over,
    );
    expect(convertTable(t)).toMatchObject({ status: 'quarantined', reason });
  });

  it('quarantines wrapped cells when rows are set as tight as lines (rows could not be told apart)', () => {
    const t = table([
      [
        700,
        [
          ['Tuổi', 56],
          ['Liều', 160],
        ],
      ],
      [
        690,
        [
          ['1 - 5 tuổi', 56],
          ['125 mg', 160],
        ],
      ],
      [680, [['mỗi lần', 160]]],
      [
        670,
        [
          ['6 - 12 tuổi', 56],
          ['250 mg', 160],
        ],
      ],
    ]);
    expect(convertTable(t)).toMatchObject({ status: 'quarantined' });
  });
});
