import { isKnownHeading } from './sections';
import type { Block, Line, TableCandidate } from './types';

/**
 * Step 3: body lines → blocks (title, heading, field, paragraph, table). Paragraphs are
 * joined across line, column and page breaks: a justified line that runs to the column's
 * right edge continues on the next line, wherever that line is printed.
 */

/** Titles are set at least this much larger than body text. */
const TITLE_SCALE = 1.25;
/** A line ending more than this many ems short of its column's right edge ends its paragraph (justified lines reach it). */
const SHORT_LINE_EM = 1;
/** A first line indented by this many ems starts a paragraph. */
const INDENT_EM = 0.8;

export const FIELD_LABELS = ['Tên chung quốc tế', 'Mã ATC', 'Loại thuốc'] as const;
const FIELD = new RegExp(`^(${FIELD_LABELS.join('|')})\\s*:\\s*(.*)$`, 'iu');
const CAPTION = /^Bảng\s*\d*[.:]?\s/u;

interface Geometry {
  left: number;
  right: number;
}

export function buildBlocks(lines: Line[], bodySize: number): Block[] {
  const geo = columnGeometry(lines);
  const leading = medianLeading(lines);
  const inTable = tableLines(lines, bodySize);
  const blocks: Block[] = [];
  let para: { lines: Line[] } | null = null;
  let table: TableCandidate | null = null;

  const closePara = () => {
    if (!para) return;
    const text = joinLines(para.lines.map((l) => l.text));
    const pages = [...new Set(para.lines.map((l) => l.page))];
    const field = FIELD.exec(text);
    const label = field && FIELD_LABELS.find((f) => f.toLowerCase() === field[1].toLowerCase());
    if (label) blocks.push({ kind: 'field', label, value: field[2].trim(), page: pages[0] });
    else if (CAPTION.test(text) && para.lines.length <= 2) pendingCaption = text;
    else blocks.push({ kind: 'paragraph', text, page: pages[0], pages });
    para = null;
  };
  let pendingCaption: string | null = null;
  const closeTable = () => {
    if (!table) return;
    blocks.push({ kind: 'table', table });
    table = null;
  };

  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const prev = lines[i - 1];
    if (line.image) {
      closePara();
      closeTable();
      blocks.push({
        kind: 'table',
        table: {
          page: line.page,
          pages: [line.page],
          anchors: [],
          rows: [],
          rotated: false,
          image: true,
          caption: pendingCaption,
        },
      });
      pendingCaption = null;
      continue;
    }
    if (inTable[i]) {
      closePara();
      if (!table) {
        table = {
          page: line.page,
          pages: [],
          anchors: [],
          rows: [],
          rotated: false,
          caption: pendingCaption,
        };
        pendingCaption = null;
      }
      addRow(table, line);
      continue;
    }
    closeTable();
    if (pendingCaption) {
      // a caption with no table under it is an ordinary paragraph
      blocks.push({ kind: 'paragraph', text: pendingCaption, page: line.page, pages: [line.page] });
      pendingCaption = null;
    }
    if (line.size >= bodySize * TITLE_SCALE && isCapitals(line.text)) {
      closePara();
      const last = blocks[blocks.length - 1];
      // a long title wraps onto a second line set the same way
      if (last?.kind === 'title' && prev && prev.size >= bodySize * TITLE_SCALE) last.text += ` ${line.text}`;
      else blocks.push({ kind: 'title', text: line.text, page: line.page });
      continue;
    }
    if (isHeading(line, bodySize)) {
      closePara();
      const last = blocks[blocks.length - 1];
      if (last?.kind === 'heading' && prev && isHeading(prev, bodySize) && !/[.:]$/.test(last.text))
        last.text += ` ${line.text}`;
      else blocks.push({ kind: 'heading', text: line.text.replace(/:$/, ''), page: line.page });
      continue;
    }
    // "Chỉ định: Điều trị …": the bold lead is the section's heading, the rest its first
    // paragraph — even after a full line, which would otherwise run on into it
    const runIn = runInHeading(line);
    if (runIn) {
      closePara();
      blocks.push({ kind: 'heading', text: runIn.heading, page: line.page });
      para = { lines: [{ ...line, text: runIn.rest, lead: '' }] };
    } else if (para && continues(para.lines[para.lines.length - 1], line, geo, leading)) para.lines.push(line);
    else {
      closePara();
      para = { lines: [line] };
    }
  }
  closePara();
  closeTable();
  const lastPage = lines[lines.length - 1]?.page ?? 1;
  if (pendingCaption) blocks.push({ kind: 'paragraph', text: pendingCaption, page: lastPage, pages: [lastPage] });
  return blocks;
}

/**
 * Lines join with a space, except after a hyphen that ends a word broken at the line end
 * ("beta-" + "lactamase"); a spaced dash ("500 mg -" + "1 g") keeps its space.
 */
export function joinLines(texts: string[]): string {
  let out = '';
  for (const t of texts) {
    if (!out) out = t;
    else if (/\p{L}-$/u.test(out) && /^\p{L}/u.test(t)) out += t;
    else out += ` ${t}`;
  }
  return out.replace(/\s+/g, ' ').trim();
}

const key = (l: Line) => `${l.columns}:${l.column}`;

/** Where each column's text starts and ends, measured over the whole document (robust to short pages). */
function columnGeometry(lines: Line[]): Map<string, Geometry> {
  const out = new Map<string, Geometry>();
  for (const k of new Set(lines.map(key))) {
    const ls = lines.filter((l) => key(l) === k && l.cells.length === 1 && !l.rotated);
    const x0 = ls.map((l) => l.x0).sort((a, b) => a - b);
    const x1 = ls.map((l) => l.x1).sort((a, b) => a - b);
    const pick = (xs: number[], q: number, fallback: number) =>
      xs.length ? xs[Math.floor(q * (xs.length - 1))] : fallback;
    const any = lines.find((l) => key(l) === k)!;
    out.set(k, { left: pick(x0, 0.1, any.colLeft), right: pick(x1, 0.9, any.colRight) });
  }
  return out;
}

function medianLeading(lines: Line[]): number {
  const gaps: number[] = [];
  for (let i = 1; i < lines.length; i++) {
    const a = lines[i - 1];
    const b = lines[i];
    if (a.page === b.page && a.column === b.column && a.y > b.y) gaps.push(a.y - b.y);
  }
  gaps.sort((a, b) => a - b);
  return gaps.length ? gaps[Math.floor(gaps.length / 2)] : 12;
}

/** Does `line` carry on the paragraph whose last line is `prev`? */
function continues(prev: Line, line: Line, geo: Map<string, Geometry>, leading: number): boolean {
  const gp = geo.get(key(prev))!;
  const gl = geo.get(key(line))!;
  const prevFull = prev.x1 >= gp.right - SHORT_LINE_EM * prev.size;
  const indented = line.x0 > gl.left + INDENT_EM * line.size;
  const sameColumn = prev.page === line.page && prev.column === line.column && prev.columns === line.columns;
  if (indented) return false;
  // a ragged (left-aligned) line wraps onto a line that starts in lower case: no paragraph starts so
  if (!prevFull) return sameColumn && /^\p{Ll}/u.test(line.text) && prev.y - line.y <= leading * 1.25;
  // a change of type (a caption under a paragraph, a note) starts a new block
  if (Math.abs(prev.size - line.size) > 0.5 || Math.abs(prev.italic - line.italic) > 0.5) return false;
  if (line.bold > 0.6 && prev.bold < 0.4) return false;
  // within a column, a blank line's worth of space ends a paragraph; across a column or
  // page break there is no space to see, and the justified edge decides
  return !sameColumn || prev.y - line.y <= leading * 1.25;
}

/** A known heading set in bold at the start of a paragraph and ended by a colon or a full stop. */
function runInHeading(line: Line): { heading: string; rest: string } | null {
  const m = /^(.+?)\s*[:.]$/u.exec(line.lead);
  if (!m || !isKnownHeading(m[1]) || !line.text.startsWith(line.lead)) return null;
  const rest = line.text.slice(line.lead.length).trim();
  return rest ? { heading: m[1], rest } : null;
}

function isCapitals(text: string): boolean {
  const letters = text.replace(/[^\p{L}]/gu, '');
  return letters.length >= 3 && letters === letters.toUpperCase() && letters !== letters.toLowerCase();
}

/** A heading: a bold line of body size on its own, not a sentence. */
function isHeading(line: Line, bodySize: number): boolean {
  if (line.bold < 0.6 || line.cells.length > 1 || line.rotated) return false;
  if (line.size < bodySize * 0.9 || line.size >= bodySize * TITLE_SCALE) return false;
  if (line.text.length > 90 || /[.;,]$/.test(line.text)) return false;
  // a bold field label followed by its value on the same line is a field, not a heading
  if (FIELD.test(line.text) && !/:$/.test(line.text)) return false;
  // a bold lead ended by a colon, then plain text, is a run-in heading (runInHeading)
  if (line.lead && line.lead.length < line.text.length && /[:.]$/.test(line.lead)) return false;
  return /^\p{Lu}/u.test(line.text);
}

const isSmall = (l: Line, bodySize: number) => l.size < bodySize * 0.92;

/**
 * Which lines belong to tables. A row whose cells wrap puts its cells on several baselines,
 * so a table is found as a run of lines in the table's (smaller) type, in one column, holding
 * at least one line of several cells; a line of several cells at body size is a row on its own.
 * Captions ("Bảng 2. …") and italic notes are not table lines.
 */
function tableLines(lines: Line[], bodySize: number): boolean[] {
  const out = lines.map((l) => l.rotated || (l.cells.length >= 2 && !CAPTION.test(l.text)));
  let i = 0;
  while (i < lines.length) {
    const small = (l: Line) => !l.image && isSmall(l, bodySize) && l.italic < 0.5 && !CAPTION.test(l.text);
    if (!small(lines[i])) {
      i++;
      continue;
    }
    let j = i;
    while (
      j + 1 < lines.length &&
      small(lines[j + 1]) &&
      lines[j + 1].page === lines[i].page &&
      lines[j + 1].column === lines[i].column
    )
      j++;
    if (lines.slice(i, j + 1).some((l) => l.cells.length >= 2 || l.rotated)) for (let k = i; k <= j; k++) out[k] = true;
    i = j + 1;
  }
  return out;
}

function addRow(t: TableCandidate, line: Line): void {
  if (line.rotated) t.rotated = true;
  if (!t.pages.includes(line.page)) t.pages.push(line.page);
  t.rows.push({ cells: line.cells, page: line.page, column: line.column, y: line.y, size: line.size, bold: line.bold });
}
