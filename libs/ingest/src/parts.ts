import type { SectionKey } from '@app/contracts';
import { syllables } from '@app/formulary';
import { splitRegimens, tagDosing } from './dosing';
import { convertTable } from './tables';
import type { Block, IngestPart } from './types';

/**
 * Step 5: a section's blocks → parts (one paragraph or one regimen each, tables converted
 * or quarantined), within the corpus format's 20–1200 characters.
 */

export const MIN_PART = 20;
export const MAX_PART = 1200;

export interface PartsResult {
  parts: IngestPart[];
  /** Text too short to stand as a part even after joining its neighbours. */
  tooShort: string[];
}

export function sectionParts(
  key: SectionKey | null,
  blocks: Block[],
  drugNames: DrugNameIndex,
  drugId: string,
): PartsResult {
  const raw: IngestPart[] = [];
  for (const b of blocks) {
    if (b.kind === 'paragraph') {
      const pieces = key === 'lieu_luong_cach_dung' ? splitRegimens(b.text) : [b.text];
      for (const piece of pieces) for (const text of splitLong(piece)) raw.push({ text, page: b.page });
    } else if (b.kind === 'table') raw.push(...tableParts(b.table.caption, b.table));
    else if (b.kind === 'field') raw.push({ text: `${b.label}: ${b.value}`, page: b.page });
  }
  const { parts, tooShort } = joinShort(raw);
  for (const p of parts) {
    if (key === 'lieu_luong_cach_dung') {
      const tag = tagDosing(p.text);
      if (tag.population) p.population = tag.population;
      if (tag.route) p.route = tag.route;
      p.tag = { confidence: tag.confidence, lead: tag.lead };
    }
    if (key === 'tuong_tac_thuoc') {
      const ids = drugNames.mentioned(p.text, drugId);
      if (ids.length) p.interacts_with = ids;
    }
  }
  return { parts, tooShort };
}

function tableParts(caption: string | null, table: Parameters<typeof convertTable>[0]): IngestPart[] {
  const out = convertTable(table);
  const lead = caption ? `${caption.replace(/[.:]\s*$/, '')}: ` : '';
  if (out.status === 'quarantined') {
    // the raw cells, for retrieval and for the reviewer; the answer carries "verify in the PDF"
    const text = `${lead || 'Bảng: '}${out.text}`;
    return [
      {
        text: text.length > MAX_PART ? `${text.slice(0, MAX_PART - 1)}…` : text,
        page: table.page,
        quarantined: { pdf_page: table.page },
        table: { status: 'quarantined', reason: out.reason, rows: table.rows.length, pages: table.pages },
      },
    ];
  }
  // rows stay together (the table is one regimen) unless they overflow a part
  const chunks: string[][] = [[]];
  for (const row of out.rows) {
    const cur = chunks[chunks.length - 1];
    if (cur.length && (lead + [...cur, row].join('; ')).length > MAX_PART) chunks.push([row]);
    else cur.push(row);
  }
  return chunks.map((rows) => ({
    text: `${lead}${rows.join('; ')}`,
    page: table.page,
    table: { status: 'converted', rows: rows.length, pages: table.pages },
  }));
}

/** Splits a paragraph over the part limit at sentence ends (at a "; " when a sentence alone is too long). */
export function splitLong(text: string): string[] {
  if (text.length <= MAX_PART) return [text];
  const out: string[] = [];
  let cur = '';
  for (const sentence of text.split(/(?<=[.;])\s+/)) {
    if (cur && `${cur} ${sentence}`.length > MAX_PART) {
      out.push(cur);
      cur = sentence;
    } else cur = cur ? `${cur} ${sentence}` : sentence;
    while (cur.length > MAX_PART) {
      const cut = cur.lastIndexOf(' ', MAX_PART);
      out.push(cur.slice(0, cut));
      cur = cur.slice(cut + 1);
    }
  }
  if (cur) out.push(cur);
  return out;
}

/** A paragraph under 20 characters ("Không có.") joins the next one, or the previous when it is last. */
function joinShort(parts: IngestPart[]): PartsResult {
  const out: IngestPart[] = [];
  const tooShort: string[] = [];
  let carry: IngestPart | null = null;
  for (const p of parts) {
    if (p.table) {
      if (carry) out.push(carry);
      carry = null;
      out.push(p);
      continue;
    }
    const merged: IngestPart = carry ? { ...p, text: `${carry.text} ${p.text}`, page: carry.page } : p;
    carry = null;
    if (merged.text.length < MIN_PART) carry = merged;
    else out.push(merged);
  }
  if (carry) {
    const last = out[out.length - 1];
    if (last && !last.table && `${last.text} ${carry.text}`.length <= MAX_PART) last.text += ` ${carry.text}`;
    else tooShort.push(carry.text);
  }
  return { parts: out, tooShort };
}

/** The corpus drugs' names, to find the ones a part mentions (interacts_with). */
export class DrugNameIndex {
  private readonly names: { id: string; tokens: string }[];

  constructor(drugs: { drug_id: string; names: string[] }[]) {
    this.names = drugs.flatMap((d) =>
      d.names.map((n) => ({ id: d.drug_id, tokens: syllables(n).join(' ') })).filter((n) => n.tokens.length >= 3),
    );
  }

  /** drug_ids whose name occurs on syllable boundaries, in order of first mention. */
  mentioned(text: string, exclude?: string): string[] {
    const hay = ` ${syllables(text).join(' ')} `;
    const hits = this.names
      .map((n) => ({ id: n.id, at: hay.indexOf(` ${n.tokens} `) }))
      .filter((h) => h.at >= 0 && h.id !== exclude)
      .sort((a, b) => a.at - b.at);
    return [...new Set(hits.map((h) => h.id))];
  }
}
