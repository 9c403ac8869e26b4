import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SECTION_KEYS, type EvidencePart } from '@app/contracts';
import { DrugMonographSchema, sectionParts, type DrugMonograph } from './corpus.schema';

export interface CorpusDrug {
  drug_id: string;
  name: string;
  aliases: string[];
  atc: string;
  sample_data: boolean;
}

/** A corpus in memory: drugs and their parts, each part with its doc id. */
export interface Corpus {
  drugs: CorpusDrug[];
  parts: EvidencePart[];
  sample: boolean;
}

export class CorpusValidationError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid corpus:\n${problems.join('\n')}`);
  }
}

/** The PDF conversion's report sits beside the monographs it wrote (libs/ingest); it is not one. */
export const INGEST_REPORT_FILE = 'ingest-report.json';

/** Reads and validates every `*.json` in a directory; throws naming every bad file and field. */
export function readCorpusDir(dir: string): DrugMonograph[] {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.json') && f !== INGEST_REPORT_FILE)
    .sort();
  const problems: string[] = [];
  const drugs: DrugMonograph[] = [];
  for (const file of files) {
    let raw: unknown;
    try {
      raw = JSON.parse(readFileSync(join(dir, file), 'utf8'));
    } catch (e) {
      problems.push(`${file}: not valid JSON: ${(e as Error).message}`);
      continue;
    }
    const parsed = DrugMonographSchema.safeParse(raw);
    if (!parsed.success) {
      for (const i of parsed.error.issues) problems.push(`${file}: ${i.path.join('.') || '(root)'}: ${i.message}`);
      continue;
    }
    if (`${parsed.data.drug_id}.json` !== file) problems.push(`${file}: drug_id: must equal the file name`);
    else drugs.push(parsed.data as DrugMonograph);
  }
  if (files.length === 0) problems.push(`${dir}: no *.json monographs`);
  const ids = new Set(drugs.map((d) => d.drug_id));
  for (const d of drugs)
    for (const [n, p] of sectionParts(d, 'tuong_tac_thuoc').entries())
      for (const other of p.interacts_with ?? [])
        if (!ids.has(other))
          problems.push(`${d.drug_id}.json: sections.tuong_tac_thuoc.${n}.interacts_with: unknown drug_id ${other}`);
  if (problems.length) throw new CorpusValidationError(problems);
  return drugs;
}

/** Splits monographs into parts: doc_id = {drug_id}__{section}__{n}, n from 1 in file order. */
export function buildCorpus(monographs: DrugMonograph[]): Corpus {
  const drugs: CorpusDrug[] = [];
  const parts: EvidencePart[] = [];
  for (const m of [...monographs].sort((a, b) => a.drug_id.localeCompare(b.drug_id))) {
    drugs.push({ drug_id: m.drug_id, name: m.name, aliases: m.aliases, atc: m.atc, sample_data: m.sample_data });
    for (const section of SECTION_KEYS) {
      sectionParts(m, section).forEach((p, i) => {
        parts.push({
          doc_id: `${m.drug_id}__${section}__${i + 1}`,
          drug_id: m.drug_id,
          drug_name: m.name,
          section,
          n: i + 1,
          text: p.text.normalize('NFC'),
          population: p.population ?? [],
          route: p.route ?? null,
          interacts_with: p.interacts_with ?? [],
          quarantined_page: p.quarantined?.pdf_page ?? null,
        });
      });
    }
  }
  return { drugs, parts, sample: drugs.some((d) => d.sample_data) };
}

/** Content hash of a corpus: re-ingesting the same content is a no-op. */
export function corpusHash(monographs: DrugMonograph[], embedderId: string): string {
  const h = createHash('sha256');
  h.update(`embedder:${embedderId}\n`);
  for (const m of [...monographs].sort((a, b) => a.drug_id.localeCompare(b.drug_id))) h.update(JSON.stringify(m));
  return h.digest('hex');
}
