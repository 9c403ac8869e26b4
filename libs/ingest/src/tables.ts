import type { TableCandidate } from './types';

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

export function convertTable(t: TableCandidate): TableOutcome {
  const reason = uncertainty(t);
  if (reason) return { status: 'quarantined', reason, text: rawText(t) };
  const hasHeader = t.rows[0].bold > 0.5 && t.rows.slice(1).every((r) => r.bold <= 0.5);
  const header = hasHeader ? t.rows[0].cells.map((c) => c.text) : null;
  const body = hasHeader ? t.rows.slice(1) : t.rows;
  const rows = body.map((r) => {
    const [label, ...values] = r.cells.map((c) => c.text);
    // the row keeps its label with its values; with more than one value column each value
    // keeps its column's header too
    if (values.length === 1) return `${label}: ${values[0]}`;
    return `${label}: ${values.map((v, i) => (header ? `${header[i + 1]} ${v}` : v)).join(', ')}`;
  });
  return { status: 'converted', rows, header };
}

/** Why the grid is not certain, or null when every row has one cell per column. */
function uncertainty(t: TableCandidate): string | null {
  if (t.rotated) return 'rotated table';
  if (t.pages.length > 1) return `split across pages ${t.pages.join(', ')}`;
  if (new Set(t.rows.map((r) => r.column)).size > 1) return 'split across columns';
  if (t.rows.length < 2) return 'a single row';
  const anchors = anchorsOf(t);
  if (anchors.length < 2) return 'no columns';
  for (const r of t.rows) {
    if (r.cells.length !== anchors.length) return 'merged or wrapped cells';
    for (const [i, c] of r.cells.entries()) {
      if (Math.abs(c.x0 - anchors[i]) > ANCHOR_TOLERANCE && !rightAligned(t, i)) return 'cells off the grid';
      if (i + 1 < anchors.length && c.x1 > anchors[i + 1]) return 'a cell spans columns';
    }
  }
  return null;
}

/** Column starts: the left edges of the rows that have the most cells. */
function anchorsOf(t: TableCandidate): number[] {
  const most = Math.max(...t.rows.map((r) => r.cells.length));
  const full = t.rows.filter((r) => r.cells.length === most);
  return full[0].cells.map((_, i) => Math.min(...full.map((r) => r.cells[i].x0)));
}

/** Numbers are often set flush right: a column whose right edges agree is on the grid too. */
function rightAligned(t: TableCandidate, i: number): boolean {
  const ends = t.rows.map((r) => r.cells[i]?.x1).filter((x): x is number => x !== undefined);
  return ends.length === t.rows.length && Math.max(...ends) - Math.min(...ends) <= ANCHOR_TOLERANCE;
}

function rawText(t: TableCandidate): string {
  return t.rows.map((r) => r.cells.map((c) => c.text).join(' | ')).join(' / ');
}
