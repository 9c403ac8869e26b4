import type { Population, Route, SectionKey } from '@app/contracts';

/**
 * Step 1's output: what pdf.js saw on one page, as plain data. Coordinates are PDF points
 * with the origin at the bottom left (y grows upwards); `y` is the text baseline.
 */
export interface TextItem {
  text: string;
  x: number;
  y: number;
  width: number;
  /** Font size in points (the text matrix' scale). */
  size: number;
  /** The font's PostScript name without its subset prefix ("DejaVuSerif-Bold"), or pdf.js' id when unknown. */
  font: string;
  bold: boolean;
  italic: boolean;
  /** Rotation in degrees (0 for horizontal text). */
  angle: number;
}

export interface PageText {
  /** 1-based index of the page in the PDF file (what a PDF viewer shows). */
  page: number;
  width: number;
  height: number;
  items: TextItem[];
  /** The page paints an image: on a page without text, a scanned page. */
  hasImage: boolean;
  /** Where images are painted (PDF points): a table or figure printed as a picture. */
  images: Box[];
}

export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Step 2's output: one visual line of body text, in reading order. */
export interface Line {
  page: number;
  /** 0 = the only or the left column, 1 = the right column. */
  column: number;
  columns: number;
  /** Left and right edges of the line's column: justified lines end near `colRight`. */
  colLeft: number;
  colRight: number;
  x0: number;
  x1: number;
  y: number;
  size: number;
  text: string;
  /** Share of the line's characters set in a bold / italic font. */
  bold: number;
  italic: number;
  /** The line's leading run of bold text ("Chỉ định:" set run-in before its paragraph), or ''. */
  lead: string;
  /** The runs of the line separated by wide gaps (table cells), left to right. */
  cells: Cell[];
  rotated: boolean;
  /** An image in the text flow (no text): kept so the table step can quarantine it. */
  image?: boolean;
}

export interface Cell {
  text: string;
  x0: number;
  x1: number;
  bold: number;
}

/** What layout removed from the page margins and bottoms (for the report and the tests). */
export interface LayoutResult {
  lines: Line[];
  /** Median size of body text: headings and footnotes are measured against it. */
  bodySize: number;
  removed: { page: number; kind: 'running_head' | 'page_number' | 'footnote'; text: string }[];
  /** Printed page number per PDF page, when the footer shows one. */
  printedPages: Record<number, number>;
}

/** Step 3: a block is a paragraph, a heading, a field line or a table, in reading order. */
export type Block =
  | { kind: 'title'; text: string; page: number }
  | { kind: 'heading'; text: string; page: number }
  | { kind: 'field'; label: string; value: string; page: number }
  | { kind: 'paragraph'; text: string; page: number; pages: number[] }
  | { kind: 'table'; table: TableCandidate };

/** Rows of cells found from positions, before deciding whether the grid is certain. */
export interface TableCandidate {
  /** PDF page where the table starts. */
  page: number;
  pages: number[];
  /** Column starts shared by the rows (x positions). */
  anchors: number[];
  /** One entry per printed line of the table (a row whose cells wrap spans several). */
  rows: { cells: Cell[]; page: number; column: number; y: number; size: number; bold: number }[];
  rotated: boolean;
  /** Printed as a picture: there is no text to read. */
  image?: boolean;
  /** A caption printed just above ("Bảng 1. …"), when there is one. */
  caption: string | null;
}

/** Step 4: one monograph's blocks, with the fields read from the lines under its title. */
export interface RawMonograph {
  title: string;
  drug_id: string;
  name: string | null;
  atc: string[];
  drugClass: string | null;
  pages: number[];
  sections: RawSection[];
}

export interface RawSection {
  heading: string;
  /** One of our ten keys, or null for a heading outside them (kept in extra_sections). */
  key: SectionKey | null;
  slug: string;
  blocks: Block[];
}

/** Step 5: a part ready for the corpus file, with where it came from. */
export interface IngestPart {
  text: string;
  population?: Population[];
  route?: Route;
  interacts_with?: string[];
  quarantined?: { pdf_page: number };
  page: number;
  table?: { status: 'converted' | 'quarantined'; reason?: string; rows: number; pages: number[] };
  tag?: { confidence: TagConfidence; lead: string };
}

export type TagConfidence = 'high' | 'medium' | 'low';
