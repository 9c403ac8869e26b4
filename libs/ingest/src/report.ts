import { SECTION_TITLES, type SectionKey } from '@app/contracts';
import type { EditionDiff } from './diff';

/** ingest-report.json: what a pharmacist reviews before the converted corpus goes live. */
export interface IngestReport {
  source?: string;
  pages: number;
  printed_pages: { first: number; last: number } | null;
  /** Pages with no text at all: a scanned page (has_image) is text the conversion could not read. */
  pages_without_text: { page: number; has_image: boolean }[];
  monographs_found: number;
  monographs_written: number;
  parts: number;
  tables_converted: number;
  tables_quarantined: number;
  review_items: number;
  /** General chapters and front matter: capitalised titles without a "Tên chung quốc tế" line. */
  skipped: { title: string; pages: number[]; blocks: number }[];
  /** Lines taken out of the page margins and bottoms, by kind. */
  removed: { running_head: number; page_number: number; footnote: number };
  monographs: MonographReport[];
  edition_diff?: EditionDiff | { skipped: string };
  stats?: { seconds: number; peak_rss_mb: number };
}

export interface MonographReport {
  drug_id: string;
  title: string;
  name: string;
  atc: string | null;
  atc_all: string[];
  drug_class: string | null;
  /** First and last PDF page. */
  pages: [number, number];
  written: boolean;
  sections_found: SectionKey[];
  sections_missing: SectionKey[];
  extra_sections: { slug: string; title: string; parts: number }[];
  parts: number;
  tables: {
    section: string;
    page: number;
    printed_page: number | null;
    pages: number[];
    status: 'converted' | 'quarantined';
    reason?: string;
    rows: number;
  }[];
  review: ReviewItem[];
}

export interface ReviewItem {
  kind:
    | 'missing_section'
    | 'low_confidence_tag'
    | 'multiple_atc'
    | 'no_inn'
    | 'no_atc'
    | 'short_text'
    | 'text_before_first_heading'
    | 'duplicate_title'
    | 'invalid';
  section?: string;
  /** 1-based part number within the section (the n of the doc_id). */
  part?: number;
  detail: string;
}

const sectionName = (s: string) => SECTION_TITLES[s as SectionKey] ?? s;

/** ingest-report.md: the same report, readable on its own. */
export function renderReportMarkdown(r: IngestReport): string {
  const out: string[] = [];
  out.push('# Ingest report — Dược thư PDF → corpus', '');
  if (r.source) out.push(`Source: \`${r.source}\``, '');
  out.push(
    `- PDF pages: ${r.pages}${r.printed_pages ? ` (printed pages ${r.printed_pages.first}–${r.printed_pages.last})` : ''}`,
    `- Monographs found: ${r.monographs_found}; written: ${r.monographs_written}`,
    `- Parts: ${r.parts}; tables converted: ${r.tables_converted}; tables quarantined: ${r.tables_quarantined}`,
    `- Review items: ${r.review_items}`,
    `- Removed from margins: ${r.removed.running_head} running-head lines, ${r.removed.page_number} page numbers, ${r.removed.footnote} footnote lines`,
  );
  if (r.stats) out.push(`- Conversion: ${r.stats.seconds} s, peak RSS ${r.stats.peak_rss_mb} MB`);
  out.push('');
  out.push('## How to read this report', '');
  out.push(
    '- **Quarantined table**: the grid could not be read with certainty (merged cells, split across a page or column, rotated, printed as a picture). The corpus keeps it as one part marked `quarantined` with its PDF page; every answer that uses it tells the user to verify the PDF at that page. Open the PDF at the page given, and if the table matters, transcribe it into the monograph file by hand (remove `quarantined` once checked).',
    '- **Missing section**: the monograph prints no heading for one of the ten sections. Nothing is invented: questions about that section abstain for this drug. Check the PDF: a heading spelled differently is listed under extra sections.',
    '- **Low-confidence tag**: a dosing part whose lead phrase names no population (or two routes). Check its `population` and `route` in the file.',
    '- **Extra sections**: headings outside the ten keys, kept in `extra_sections` (not searched yet).',
    '',
  );
  if (r.pages_without_text.length) {
    out.push('## Pages without a text layer', '');
    for (const p of r.pages_without_text)
      out.push(
        `- PDF page ${p.page}: ${p.has_image ? 'image only (scanned?): its text is NOT in the corpus' : 'blank'}`,
      );
    out.push('');
  }
  if (r.edition_diff) {
    out.push('## Changes against the active corpus version', '');
    out.push(...renderDiffLines(r.edition_diff), '');
  }
  if (r.skipped.length) {
    out.push('## Not drug monographs (skipped)', '');
    for (const s of r.skipped) out.push(`- ${s.title} (PDF pages ${s.pages.join(', ') || '—'}, ${s.blocks} blocks)`);
    out.push('');
  }
  out.push('## Monographs', '');
  for (const m of r.monographs) {
    out.push(`### ${m.title} — \`${m.drug_id}\`${m.written ? '' : ' (NOT WRITTEN)'}`, '');
    out.push(
      `- Name: ${m.name}; ATC: ${m.atc ?? '—'}${m.atc_all.length > 1 ? ` (all: ${m.atc_all.join(', ')})` : ''}; class: ${m.drug_class ?? '—'}; PDF pages ${m.pages[0]}–${m.pages[1]}`,
      `- Sections found (${m.sections_found.length}/10): ${m.sections_found.map(sectionName).join(', ') || '—'}`,
    );
    if (m.sections_missing.length) out.push(`- **Missing**: ${m.sections_missing.map(sectionName).join(', ')}`);
    if (m.extra_sections.length)
      out.push(`- Extra sections: ${m.extra_sections.map((e) => `${e.title} (${e.parts})`).join(', ')}`);
    out.push(`- Parts: ${m.parts}`);
    for (const t of m.tables)
      out.push(
        `- Table in ${sectionName(t.section)}, PDF page ${t.page}${t.printed_page ? ` (printed ${t.printed_page})` : ''}: ${t.status === 'converted' ? `converted, ${t.rows} rows` : `**quarantined** (${t.reason}) — verify in the PDF`}`,
      );
    for (const i of m.review)
      out.push(
        `- Review — ${i.kind}${i.section ? ` [${sectionName(i.section)}${i.part ? ` #${i.part}` : ''}]` : ''}: ${i.detail}`,
      );
    out.push('');
  }
  return out.join('\n');
}

export function renderDiffLines(d: EditionDiff | { skipped: string }): string[] {
  if ('skipped' in d) return [`Not compared: ${d.skipped}`];
  const out = [
    `Against corpus version ${d.against_version}: ${d.added.length} monograph(s) added, ${d.removed.length} removed, ${d.changed.length} changed, ${d.unchanged} unchanged.`,
  ];
  if (d.added.length) out.push(`- Added: ${d.added.join(', ')}`);
  if (d.removed.length) out.push(`- Removed: ${d.removed.join(', ')}`);
  for (const c of d.changed)
    out.push(
      `- Changed ${c.drug_id}: ${c.sections.map((s) => `${sectionName(s.section)} (+${s.added} −${s.removed} ~${s.changed})`).join('; ')}`,
    );
  return out;
}
