import type { Cell, LayoutResult, Line, PageText, TextItem } from './types';

/**
 * Step 2: positioned items → body lines in reading order. Running heads, page numbers and
 * footnotes are taken out here, so no later step can mistake them for monograph text.
 */

/** Share of the page height, top and bottom, where running heads and folios live. */
const MARGIN_ZONE = 0.1;
/** A gap this many font sizes wide separates two cells of a table row (a stretched word space is under 1). */
const CELL_GAP_EM = 1.3;
/** Images narrower than this (points) are decoration, not content. */
const MIN_IMAGE = 40;
/** Horizontal gap (em) above which a space is inserted between two items. */
const SPACE_GAP_EM = 0.12;

export function layoutPages(pages: PageText[]): LayoutResult {
  const bodySize = medianSize(pages.flatMap((p) => p.items)) ?? 10;
  const removed: LayoutResult['removed'] = [];
  const printedPages: Record<number, number> = {};
  const bands = marginBands(pages);
  const bodies = pages.map((p) => {
    const body: TextItem[] = [];
    const rows = rowsOf(p.items);
    for (const [i, row] of rows.entries()) {
      const kind = marginKind(p, row, bands, bodySize, i === 0 || i === rows.length - 1);
      if (!kind) {
        body.push(...row);
        continue;
      }
      const text = joinItems(row);
      if (kind === 'page_number' && /^\d+$/.test(text)) printedPages[p.page] = Number(text);
      removed.push({ page: p.page, kind, text });
    }
    return body;
  });
  // a page with little text in one column (a monograph's last lines) shows its gutter weakly:
  // a gutter seen on other pages is accepted when the same strip is empty here
  const gutters = pages.map((p, i) => findGutter(p, flatItems(bodies[i])));
  const known = [...new Map(gutters.filter((g) => g !== null).map((g) => [Math.round(g.mid), g])).values()];
  const lines: Line[] = [];
  for (const [i, p] of pages.entries()) {
    const gutter = gutters[i] ?? known.find((g) => stripEmpty(p, flatItems(bodies[i]), g)) ?? null;
    const pageLines = linesOfPage(p, bodies[i], gutter);
    removed.push(...stripFootnotes(pageLines, bodySize));
    lines.push(...pageLines.filter((l) => !l.footnote));
  }
  return { lines, bodySize, removed, printedPages };
}

/** Items on one baseline (a whole-page row, before columns are known). */
function rowsOf(items: TextItem[]): TextItem[][] {
  const sorted = [...items].sort((a, b) => b.y - a.y || a.x - b.x);
  const rows: TextItem[][] = [];
  for (const it of sorted) {
    const last = rows[rows.length - 1];
    if (last && Math.abs(last[0].y - it.y) < 0.4 * Math.min(last[0].size, it.size)) last.push(it);
    else rows.push([it]);
  }
  return rows;
}

/**
 * Running heads and folios sit at the same height on most pages: rows at the top or bottom
 * of a page whose height recurs on ≥ 30 % of pages (and at least two) are margin rows.
 */
function marginBands(pages: PageText[]): Set<number> {
  const count = new Map<number, number>();
  for (const p of pages) {
    const rows = rowsOf(p.items);
    const ends = [rows[0], rows[rows.length - 1]].filter((r) => r !== undefined);
    for (const y of new Set(ends.map((r) => Math.round(r[0].y)))) count.set(y, (count.get(y) ?? 0) + 1);
  }
  const bands = new Set<number>();
  const need = Math.max(2, Math.ceil(pages.length * 0.3));
  for (const [y, n] of count) if (n >= need) bands.add(y);
  return bands;
}

function marginKind(
  page: PageText,
  row: TextItem[],
  bands: Set<number>,
  bodySize: number,
  extreme: boolean,
): 'running_head' | 'page_number' | null {
  const y = row[0].y;
  const top = y > page.height * (1 - MARGIN_ZONE);
  const bottom = y < page.height * MARGIN_ZONE;
  if (!top && !bottom) return null;
  const text = joinItems(row);
  const inBand = [...bands].some((b) => Math.abs(b - y) <= 1.5);
  // only the page's top and bottom rows can be margins, unless they sit where margins recur:
  // a small table row at the top of a column is body text
  if (!inBand && !extreme) return null;
  const small = row.every((i) => i.size < bodySize * 0.95);
  if (/^(trang\s+)?\d{1,4}$/i.test(text) && (inBand || small || bottom)) return 'page_number';
  if (inBand || small) return 'running_head';
  return null;
}

interface PageLine extends Line {
  footnote?: boolean;
}

const flatItems = (items: TextItem[]) => items.filter((i) => i.angle === 0);

type Gutter = { from: number; to: number; mid: number };

function stripEmpty(page: PageText, items: TextItem[], g: Gutter): boolean {
  const crossing = items.filter((i) => i.x < g.to && i.x + i.width > g.from).length;
  const left = items.some((i) => i.x + i.width <= g.from + 1);
  const right = items.some((i) => i.x >= g.to - 1);
  // a page whose text fills one column only (the other left blank) is still a two-column page
  return items.length > 0 && (left || right) && crossing <= (left && right ? 2 : 0);
}

function linesOfPage(page: PageText, items: TextItem[], gutter: Gutter | null): PageLine[] {
  const flat = flatItems(items);
  const rotated = items.filter((i) => i.angle !== 0);
  const left = Math.min(...flat.map((i) => i.x));
  const right = Math.max(...flat.map((i) => i.x + i.width));
  const groups: { column: number; colLeft: number; colRight: number; items: TextItem[] }[] = [];
  if (!gutter) groups.push({ column: 0, colLeft: left, colRight: right, items: flat });
  else {
    const inLeft = flat.filter((i) => i.x + i.width / 2 < gutter.mid);
    const inRight = flat.filter((i) => i.x + i.width / 2 >= gutter.mid);
    groups.push({ column: 0, colLeft: left, colRight: gutter.from, items: inLeft });
    groups.push({ column: 1, colLeft: gutter.to, colRight: right, items: inRight });
  }
  const out: PageLine[] = [];
  const columns = groups.length;
  const box = (g: (typeof groups)[number]): Box => ({
    page: page.page,
    column: g.column,
    columns,
    colLeft: g.colLeft,
    colRight: g.colRight,
  });
  for (const g of groups) for (const row of rowsOf(g.items)) out.push(makeLine(box(g), row));
  if (rotated.length) {
    // rotated text (a table set sideways) is kept as one line at the top of its area,
    // so the table step can quarantine it with its page
    const column = gutter && rotated[0].x >= gutter.mid ? 1 : 0;
    out.push(rotatedLine(box(groups[Math.min(column, groups.length - 1)]), rotated));
  }
  for (const img of page.images) {
    // a picture in the text flow (a table printed as an image): a line without text where it
    // starts, so it lands in its section; rules and logos are too small to count
    if (img.x1 - img.x0 < MIN_IMAGE || img.y1 - img.y0 < MIN_IMAGE / 2 || !flat.length) continue;
    const column = gutter && (img.x0 + img.x1) / 2 >= gutter.mid ? 1 : 0;
    const g = groups[Math.min(column, groups.length - 1)];
    out.push({
      ...box(g),
      x0: img.x0,
      x1: img.x1,
      y: img.y1,
      size: 0,
      text: '',
      bold: 0,
      italic: 0,
      lead: '',
      cells: [],
      rotated: false,
      image: true,
    });
  }
  // reading order: column by column, top to bottom
  return out.sort((a, b) => a.column - b.column || b.y - a.y);
}

/**
 * A vertical strip in the middle of the page that no body text crosses: the gutter
 * between two columns. Justified one-column text covers the middle on every line.
 */
function findGutter(page: PageText, items: TextItem[]): Gutter | null {
  if (items.length < 10) return null;
  const bin = 2;
  const bins = new Array<number>(Math.ceil(page.width / bin) + 1).fill(0);
  for (const i of items)
    for (let b = Math.floor(i.x / bin); b <= Math.floor((i.x + i.width) / bin) && b < bins.length; b++) bins[b]++;
  // a footnote or a title set across both columns may cross the gutter: a couple of items may
  const crossing = 2;
  const lo = Math.floor((page.width * 0.3) / bin);
  const hi = Math.ceil((page.width * 0.7) / bin);
  let best: { from: number; to: number } | null = null;
  let start = -1;
  for (let b = lo; b <= hi + 1; b++) {
    const empty = b <= hi && bins[b] <= crossing;
    if (empty && start < 0) start = b;
    if (!empty && start >= 0) {
      if (!best || b - start > best.to - best.from) best = { from: start, to: b };
      start = -1;
    }
  }
  if (!best || (best.to - best.from) * bin < 8) return null;
  // text must start on both sides of the strip: a gap between two table columns is not a gutter
  const from = best.from * bin;
  const to = best.to * bin;
  const leftRows = new Set(items.filter((i) => i.x + i.width <= from + 1).map((i) => Math.round(i.y)));
  const rightRows = new Set(items.filter((i) => i.x >= to - 1).map((i) => Math.round(i.y)));
  if (leftRows.size < 3 || rightRows.size < 3) return null;
  return { from, to, mid: (from + to) / 2 };
}

/** Where a line is printed: its page and its column's edges. */
type Box = Pick<Line, 'page' | 'column' | 'columns' | 'colLeft' | 'colRight'>;

function makeLine(box: Box, row: TextItem[]): PageLine {
  const { colLeft, colRight } = box;
  const items = [...row].sort((a, b) => a.x - b.x);
  const cells: Cell[] = [];
  let cur: TextItem[] = [];
  const flush = () => {
    if (!cur.length) return;
    const text = joinItems(cur);
    if (text) cells.push({ text, x0: cur[0].x, x1: end(cur[cur.length - 1]), bold: share(cur, (i) => i.bold) });
    cur = [];
  };
  for (const it of items) {
    const prev = cur[cur.length - 1];
    if (prev && it.x - end(prev) > CELL_GAP_EM * Math.max(prev.size, it.size)) flush();
    cur.push(it);
  }
  flush();
  if (looksJustified(cells, colLeft, colRight)) cells.splice(0, cells.length, mergeCells(cells));
  const boldLead = items.slice(
    0,
    Math.max(
      0,
      items.findIndex((i) => !i.bold),
    ),
  );
  return {
    ...box,
    x0: Math.min(...row.map((i) => i.x)),
    x1: Math.max(...row.map(end)),
    y: row[0].y,
    size: medianSize(row) ?? row[0].size,
    text: cells.map((c) => c.text).join(' '),
    bold: share(row, (i) => i.bold),
    italic: share(row, (i) => i.italic),
    lead: joinItems(boldLead),
    cells,
    rotated: false,
  };
}

/**
 * A justified line in a narrow column can stretch its word spaces past the cell gap. Such a
 * line runs from edge to edge, and its gaps are all alike and separate single words; a
 * table row's gaps differ with its cells' text.
 */
function looksJustified(cells: Cell[], colLeft: number, colRight: number): boolean {
  if (cells.length < 2) return false;
  const width = colRight - colLeft;
  if (cells[cells.length - 1].x1 - cells[0].x0 < 0.9 * width) return false;
  const gaps = cells.slice(1).map((c, i) => c.x0 - cells[i].x1);
  const short = cells.every((c) => c.text.split(' ').length <= 2);
  return short && Math.max(...gaps) <= Math.min(...gaps) * 1.25 + 1;
}

function mergeCells(cells: Cell[]): Cell {
  const chars = cells.reduce((s, c) => s + c.text.length, 0);
  return {
    text: cells.map((c) => c.text).join(' '),
    x0: cells[0].x0,
    x1: cells[cells.length - 1].x1,
    bold: cells.reduce((s, c) => s + c.bold * c.text.length, 0) / chars,
  };
}

/** Text set sideways: each vertical run is one printed line, read right to left, top to bottom. */
function rotatedLine(box: Box, row: TextItem[]): PageLine {
  const runs = new Map<number, TextItem[]>();
  for (const i of row) runs.set(Math.round(i.x / 2), [...(runs.get(Math.round(i.x / 2)) ?? []), i]);
  const text = [...runs.entries()]
    .sort((a, b) => b[0] - a[0])
    .map(([, items]) =>
      items
        .sort((a, b) => b.y - a.y)
        .map((i) => i.text)
        .join(' '),
    )
    .join(' / ');
  const x0 = Math.min(...row.map((i) => i.x));
  return {
    ...box,
    x0,
    x1: Math.max(...row.map((i) => i.x + i.size)),
    // at the top of its area, where a reader meets it
    y: Math.max(...row.map((i) => i.y)),
    size: row[0].size,
    text,
    bold: 0,
    italic: 0,
    lead: '',
    cells: [{ text, x0, x1: x0, bold: 0 }],
    rotated: true,
  };
}

/**
 * Footnotes: a run of small lines at the bottom of a column whose first line starts with
 * a note mark ("*", "(1)", "1)", a superscript digit).
 */
function stripFootnotes(lines: PageLine[], bodySize: number): LayoutResult['removed'] {
  const removed: LayoutResult['removed'] = [];
  for (const column of new Set(lines.map((l) => l.column))) {
    const col = lines.filter((l) => l.column === column && !l.rotated);
    let i = col.length;
    while (i > 0 && col[i - 1].size < bodySize * 0.88) i--;
    const run = col.slice(i);
    if (!run.length || !/^(\*+|\(\d+\)|\d+\)|[¹²³⁴⁵⁶⁷⁸⁹])/.test(run[0].text)) continue;
    for (const l of run) {
      l.footnote = true;
      removed.push({ page: l.page, kind: 'footnote', text: l.text });
    }
  }
  return removed;
}

const end = (i: TextItem) => i.x + i.width;

function share(items: TextItem[], test: (i: TextItem) => boolean): number {
  const total = items.reduce((s, i) => s + i.text.replace(/\s/g, '').length, 0);
  if (!total) return 0;
  return items.filter(test).reduce((s, i) => s + i.text.replace(/\s/g, '').length, 0) / total;
}

/** Joins items left to right, adding a space where the gap between two of them is one. */
export function joinItems(items: TextItem[]): string {
  let out = '';
  let prev: TextItem | null = null;
  for (const it of [...items].sort((a, b) => a.x - b.x)) {
    if (prev && it.x - end(prev) > SPACE_GAP_EM * it.size && !/\s$/.test(out) && !/^\s/.test(it.text)) out += ' ';
    out += it.text;
    prev = it;
  }
  return out.replace(/\s+/g, ' ').trim();
}

/** The size most characters are set in (the median weighted by characters, no array per character). */
function medianSize(items: TextItem[]): number | null {
  const sorted = items.filter((i) => i.text.length).sort((a, b) => a.size - b.size);
  const total = sorted.reduce((n, i) => n + i.text.length, 0);
  let seen = 0;
  for (const i of sorted) {
    seen += i.text.length;
    if (seen * 2 > total) return i.size;
  }
  return null;
}
