import type { Cell, Line, PageText, TextItem } from '../types';

/** Test builders: text items and lines as pdf.js and the layout step would give them. */
export function item(text: string, x: number, y: number, over: Partial<TextItem> = {}): TextItem {
  const size = over.size ?? 10;
  return {
    text,
    x,
    y,
    width: over.width ?? text.length * size * 0.5,
    size,
    font: over.bold ? 'Serif-Bold' : 'Serif',
    bold: false,
    italic: false,
    angle: 0,
    ...over,
  };
}

export function page(n: number, items: TextItem[], over: Partial<PageText> = {}): PageText {
  return { page: n, width: 595, height: 842, items, hasImage: false, images: [], ...over };
}

/** A line of one column (left 50, right 290 unless told), ending at `x1`. */
export function line(text: string, y: number, over: Partial<Line> = {}): Line {
  const x0 = over.x0 ?? 50;
  const cells: Cell[] = over.cells ?? [{ text, x0, x1: over.x1 ?? 290, bold: over.bold ?? 0 }];
  return {
    page: 1,
    column: 0,
    columns: 1,
    colLeft: 50,
    colRight: 290,
    x0,
    x1: 290,
    y,
    size: 10,
    text,
    bold: 0,
    italic: 0,
    lead: '',
    rotated: false,
    ...over,
    cells,
  };
}

/** A table row line: cells at the given x positions, in 8 pt type. */
export function row(y: number, cells: [string, number][], over: Partial<Line> = {}): Line {
  const cs = cells.map(([text, x0]) => ({ text, x0, x1: x0 + text.length * 4, bold: over.bold ?? 0 }));
  return line(cs.map((c) => c.text).join(' '), y, {
    size: 8,
    x0: cs[0].x0,
    x1: cs[cs.length - 1].x1,
    cells: cs,
    ...over,
  });
}
