import { joinLines } from './blocks';
import type { Cell, TableCandidate } from './types';

/**
 * Step 6: a table found from positions becomes labelled rows when its grid is certain, or
 * one quarantined part with its page when it is not. Never dropped, never flattened into
 * unlabelled numbers.
 */
export type TableOutcome =
  | { status: 'converted'; rows: string[]; header: string[] | null }
  | { status: 'quarantined'; reason: string; text: string };

/** Two cell starts closer than this (points) are the same column. */
const ANCHOR_TOLERANCE = 4;
/** Lines of one wrapped cell are this close (in font sizes); rows are further apart. */
const CELL_LEADING = 1.35;

type PrintedLine = TableCandidate['rows'][number];
interface Grid {
  rows: string[][];
  bold: boolean[];
}

export function convertTable(t: TableCandidate): TableOutcome {
  const grid = readGrid(t);
  if (typeof grid === 'string') return { status: 'quarantined', reason: grid, text: rawText(t) };
  const hasHeader = grid.bold[0] && grid.bold.slice(1).every((b) => !b);
  const header = hasHeader ? grid.rows[0] : null;
  const body = hasHeader ? grid.rows.slice(1) : grid.rows;
  const rows = body.map(([label, ...values]) => {
    // the row keeps its label with its values; with more than one value column each value
    // keeps its column's header too
    if (values.length === 1) return `${label}: ${values[0]}`;
    return `${label}: ${values.map((v, i) => (header ? `${header[i + 1]} ${v}` : v)).join(', ')}`;
  });
  return { status: 'converted', rows, header };
}

/** The table's cells by row and column, or why the grid is not certain. */
function readGrid(t: TableCandidate): Grid | string {
  if (t.image) return 'printed as an image';
  if (t.rotated) return 'rotated table';
  if (t.pages.length > 1) return `split across pages ${t.pages.join(', ')}`;
  if (new Set(t.rows.map((r) => r.column)).size > 1) return 'split across columns';
  const anchors = anchorsOf(t.rows.flatMap((r) => r.cells));
  if (anchors.length < 2) return 'no columns';
  const groups = rowGroups(t.rows);
  if (groups.length < 2) return 'a single row';
  const rows: string[][] = [];
  let widestCell = 0;
  for (const g of groups) {
    const perAnchor: { y: number; text: string }[][] = anchors.map(() => []);
    for (const line of g)
      for (const c of line.cells) {
        const a = anchors.findIndex((x) => Math.abs(c.x0 - x) <= ANCHOR_TOLERANCE);
        if (a < 0) return 'cells off the grid';
        if (a + 1 < anchors.length && c.x1 > anchors[a + 1]) return 'a cell spans columns';
        perAnchor[a].push({ y: line.y, text: c.text });
      }
    if (perAnchor.some((cell) => !cell.length)) return 'merged or empty cells';
    for (const cell of perAnchor)
      for (let i = 1; i < cell.length; i++) {
        const gap = cell[i - 1].y - cell[i].y;
        // two lines of one column far apart inside a row: a cell beside them spans rows
        if (gap > CELL_LEADING * g[0].size) return 'merged cells';
        widestCell = Math.max(widestCell, gap);
      }
    rows.push(perAnchor.map((cell) => joinLines(cell.map((l) => l.text))));
  }
  // wrapped cells are only told from separate rows when rows stand further apart than lines
  if (widestCell > 0 && minRowGap(groups) < widestCell * 1.2) return 'wrapped cells, rows not separable';
  return { rows, bold: groups.map((g) => g.every((l) => l.bold > 0.5)) };
}

/** Column starts: the left edges of all cells, clustered. */
function anchorsOf(cells: Cell[]): number[] {
  const xs = cells.map((c) => c.x0).sort((a, b) => a - b);
  const out: number[] = [];
  for (const x of xs) if (!out.length || x - out[out.length - 1] > ANCHOR_TOLERANCE) out.push(x);
  return out;
}

/** Printed lines closer than a cell's leading belong to one row. */
function rowGroups(lines: PrintedLine[]): PrintedLine[][] {
  const groups: PrintedLine[][] = [];
  for (const l of lines) {
    const g = groups[groups.length - 1];
    const last = g?.[g.length - 1];
    if (last && last.y - l.y <= CELL_LEADING * l.size) g.push(l);
    else groups.push([l]);
  }
  return groups;
}

function minRowGap(groups: PrintedLine[][]): number {
  let min = Infinity;
  for (let i = 1; i < groups.length; i++)
    min = Math.min(min, groups[i - 1][groups[i - 1].length - 1].y - groups[i][0].y);
  return min;
}

function rawText(t: TableCandidate): string {
  if (t.image) return '(in dạng ảnh: chưa đọc được chữ, xem bản PDF)';
  return t.rows.map((r) => r.cells.map((c) => c.text).join(' | ')).join(' / ');
}
