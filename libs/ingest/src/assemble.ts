import { SECTION_KEYS, SECTION_TITLES, type SectionKey } from '@app/contracts';
import { DRUG_ID, DrugMonographSchema, fold, type DrugMonograph, type MonographPart } from '@app/formulary';
import { DrugNameIndex, sectionParts } from './parts';
import type { IngestPart, LayoutResult, PageText, RawMonograph } from './types';
import type { SplitResult } from './monographs';
import type { IngestReport, MonographReport, ReviewItem } from './report';

/**
 * Step 7: monographs with their sections → corpus files (`sample_data: false`, valid against
 * DrugMonographSchema) and the report a pharmacist reads before the version goes live.
 */
export interface Assembled {
  monographs: DrugMonograph[];
  report: IngestReport;
}

const ATC = /^[A-Z]\d{2}[A-Z]{2}\d{2}$/;

export function assemble(pages: PageText[], layout: LayoutResult, split: SplitResult): Assembled {
  const names = new DrugNameIndex(
    split.monographs.map((m) => ({ drug_id: m.drug_id, names: [m.title, ...(m.name ? [m.name] : [])] })),
  );
  const monographs: DrugMonograph[] = [];
  const reports: MonographReport[] = [];
  const seen = new Set<string>();
  for (const raw of split.monographs) {
    const { file, report } = monograph(raw, names, layout.printedPages);
    if (file && seen.has(file.drug_id)) {
      report.review.push({
        kind: 'duplicate_title',
        detail: `a monograph with id ${file.drug_id} came earlier: not written`,
      });
      report.written = false;
    } else if (file) {
      const checked = DrugMonographSchema.safeParse(file);
      if (checked.success) {
        monographs.push(file);
        seen.add(file.drug_id);
      } else {
        report.written = false;
        for (const i of checked.error.issues)
          report.review.push({ kind: 'invalid', detail: `${i.path.join('.')}: ${i.message}` });
      }
    }
    reports.push(report);
  }
  // a drug named in an interaction must be in the corpus written beside it
  for (const m of monographs)
    for (const p of m.sections.tuong_tac_thuoc ?? []) {
      if (!p.interacts_with) continue;
      p.interacts_with = p.interacts_with.filter((id) => seen.has(id));
      if (!p.interacts_with.length) delete p.interacts_with;
    }
  const removed = { running_head: 0, page_number: 0, footnote: 0 };
  for (const r of layout.removed) removed[r.kind]++;
  const allTables = reports.flatMap((r) => r.tables);
  return {
    monographs,
    report: {
      pages: pages.length,
      printed_pages: printedRange(layout.printedPages),
      pages_without_text: pages.filter((p) => !p.items.length).map((p) => ({ page: p.page, has_image: p.hasImage })),
      monographs_found: reports.length,
      monographs_written: monographs.length,
      parts: monographs.reduce((s, m) => s + Object.values(m.sections).reduce((a, ps) => a + (ps?.length ?? 0), 0), 0),
      tables_converted: allTables.filter((t) => t.status === 'converted').length,
      tables_quarantined: allTables.filter((t) => t.status === 'quarantined').length,
      review_items: reports.reduce((s, r) => s + r.review.length, 0),
      skipped: split.skipped,
      removed,
      monographs: reports,
    },
  };
}

function monograph(
  raw: RawMonograph,
  names: DrugNameIndex,
  printed: Record<number, number>,
): { file: DrugMonograph | null; report: MonographReport } {
  const review: ReviewItem[] = [];
  const name = raw.name ?? titleCase(raw.title);
  if (!raw.name) review.push({ kind: 'no_inn', detail: 'no "Tên chung quốc tế" line: name taken from the title' });
  if (raw.atc.length > 1)
    review.push({ kind: 'multiple_atc', detail: `ATC codes ${raw.atc.join(', ')}: the first is kept` });
  const atc = raw.atc.find((a) => ATC.test(a)) ?? null;
  if (!atc) review.push({ kind: 'no_atc', detail: 'no valid "Mã ATC": the monograph cannot be written' });
  if (!DRUG_ID.test(raw.drug_id)) review.push({ kind: 'invalid', detail: `title gives no usable drug_id` });

  const sections: Partial<Record<SectionKey, MonographPart[]>> = {};
  const extra: NonNullable<DrugMonograph['extra_sections']> = {};
  const tables: MonographReport['tables'] = [];
  for (const s of raw.sections) {
    const { parts, tooShort } = sectionParts(s.key, s.blocks, names, raw.drug_id);
    const where = s.key ?? s.slug;
    for (const t of tooShort)
      review.push({ kind: 'short_text', section: where, detail: `"${t}" is too short for a part and was not written` });
    if (!s.key && s.slug === 'phan_mo_dau')
      review.push({
        kind: 'text_before_first_heading',
        section: where,
        detail: `${parts.length} part(s) kept as an extra section`,
      });
    parts.forEach((p) => {
      if (p.table)
        tables.push({
          section: where,
          page: p.page,
          printed_page: printed[p.page] ?? null,
          pages: p.table.pages,
          status: p.table.status,
          reason: p.table.reason,
          rows: p.table.rows,
        });
    });
    const n0 = s.key ? (sections[s.key]?.length ?? 0) : (extra[s.slug]?.parts.length ?? 0);
    parts.forEach((p, i) => {
      if (p.tag?.confidence === 'low')
        review.push({
          kind: 'low_confidence_tag',
          section: where,
          part: n0 + i + 1,
          detail: `lead "${p.tag.lead}" → population ${p.population?.join('+') ?? '—'}, route ${p.route ?? '—'}: check the tags`,
        });
    });
    if (!parts.length) continue;
    if (s.key) sections[s.key] = [...(sections[s.key] ?? []), ...parts.map(toPart)];
    else
      extra[s.slug] = {
        title: extra[s.slug]?.title ?? s.heading ?? s.slug,
        parts: [...(extra[s.slug]?.parts ?? []), ...parts.map(toPart)],
      };
  }
  const missing = SECTION_KEYS.filter((k) => !sections[k]);
  for (const k of missing)
    review.push({ kind: 'missing_section', section: k, detail: `no "${SECTION_TITLES[k]}" section found` });
  const report: MonographReport = {
    drug_id: raw.drug_id,
    title: raw.title,
    name,
    atc,
    atc_all: raw.atc,
    drug_class: raw.drugClass,
    pages: [Math.min(...raw.pages), Math.max(...raw.pages)],
    written: atc !== null,
    sections_found: SECTION_KEYS.filter((k) => sections[k]),
    sections_missing: missing,
    extra_sections: Object.entries(extra).map(([slug, e]) => ({ slug, title: e.title, parts: e.parts.length })),
    parts: Object.values(sections).reduce((a, ps) => a + ps.length, 0),
    tables,
    review,
  };
  if (!atc || !DRUG_ID.test(raw.drug_id)) return { file: null, report: { ...report, written: false } };
  const aliases = fold(raw.title) !== fold(name) ? [titleCase(raw.title)] : [];
  return {
    file: {
      drug_id: raw.drug_id,
      name,
      aliases,
      atc,
      sample_data: false,
      sections,
      ...(Object.keys(extra).length ? { extra_sections: extra } : {}),
    },
    report,
  };
}

/** The file keeps what the schema knows; page, table and tag details go to the report. */
function toPart(p: IngestPart): MonographPart {
  return {
    text: p.text,
    ...(p.population ? { population: p.population } : {}),
    ...(p.route ? { route: p.route } : {}),
    ...(p.interacts_with ? { interacts_with: p.interacts_with } : {}),
    ...(p.quarantined ? { quarantined: p.quarantined } : {}),
  };
}

function titleCase(text: string): string {
  const lower = text.toLocaleLowerCase('vi');
  return lower.charAt(0).toLocaleUpperCase('vi') + lower.slice(1);
}

function printedRange(printed: Record<number, number>): { first: number; last: number } | null {
  const values = Object.values(printed);
  return values.length ? { first: Math.min(...values), last: Math.max(...values) } : null;
}
