import type { Population, Route, SectionKey } from '@app/contracts';

/**
 * The source of a typeset book: what the generator prints and what the round-trip test
 * expects back. SAMPLE DATA: the fixture's text is written for the tests, not for patients.
 */
export interface Book {
  book_title: string;
  first_page_number: number;
  /** Footnote text by PDF page (1-based). */
  footnotes: Record<string, string>;
  chapters: { title: string; paragraphs: string[] }[];
  /** Lines printed as a picture on a last page of their own: a scanned page, with no text layer. */
  scanned_page?: string[];
  volumes: { columns: 1 | 2; monographs: BookMonograph[] }[];
}

export interface BookMonograph {
  title: string;
  drug_id: string;
  inn: string;
  atc: string[];
  drug_class: string;
  /** Headings set run-in, in bold before the section's first paragraph ("Chỉ định: …"), as some books do. */
  run_in_headings?: boolean;
  sections: BookSection[];
}

export interface BookSection {
  heading: string;
  /** The section key the heading must map to, or the extra section's slug. */
  key?: SectionKey;
  extra?: string;
  parts: BookPart[];
}

export type BookPart = TextPart | { table: BookTable };

export interface TextPart {
  text: string;
  population?: Population[];
  route?: Route;
  interacts_with?: string[];
  /** Printed in the same paragraph as the part before it (two regimens run together). */
  run_in?: boolean;
}

export type TableCell = string | { text: string; rowspan?: number } | null;

export interface BookTable {
  /** grid: certain; merged: a cell spans rows; split: forced across a column or page; rotated: set sideways; image: printed as a picture. */
  kind: 'grid' | 'merged' | 'split' | 'rotated' | 'image';
  caption: string;
  header: string[];
  rows: TableCell[][];
  population?: Population[];
  route?: Route;
}

export const isTable = (p: BookPart): p is { table: BookTable } => 'table' in p;
