import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { buildCorpus, INGEST_REPORT_FILE, type DrugMonograph } from '@app/formulary';
import {
  convertPages,
  diffCorpora,
  extractPdf,
  PdfInputError,
  renderDiffLines,
  renderReportMarkdown,
  type EditionDiff,
  type IngestReport,
} from '@app/ingest';
import { createDataSource, CorpusRepository } from '@app/persistence';
import { Progress } from './progress';

export interface PdfConversion {
  out: string;
  report: IngestReport;
  monographs: DrugMonograph[];
}

/**
 * pdf.js leaves each page's parsed operators behind as garbage, and V8 on a large machine lets
 * it pile up before collecting: 888 MB peak RSS on a 1,565-page book without this, 640–660 MB
 * with a full collection every 100 pages (reading the pages then stays under 0.3 GB; the rest
 * of the peak is the conversion itself).
 */
const GC_EVERY_PAGES = 100;

function garbageCollector(): () => void {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  return () => gc();
}

/** A file (not a directory) given to `ingest` is a PDF to convert first. */
export function isFileArg(path: string): boolean {
  return existsSync(path) && statSync(path).isFile();
}

/**
 * `ingest-pdf <file.pdf> --out <dir>`: PDF → <dir>/<drug_id>.json + ingest-report.json/.md.
 * The only place the conversion touches the disk. Throws PdfInputError for a bad input.
 */
export async function convertPdfFile(file: string, outDir: string, databaseUrl: string): Promise<PdfConversion> {
  const t0 = Date.now();
  const bytes = new Uint8Array(readFileSync(file));
  const progress = new Progress();
  const collect = garbageCollector();
  const pages = await extractPdf(bytes, {
    onPage: (done, total) => {
      progress.update('read', done, total);
      if (done % GC_EVERY_PAGES === 0) collect();
    },
  });
  const { monographs, report } = convertPages(pages);
  const out = resolve(outDir);
  prepareOutDir(out);
  for (const m of monographs) writeFileSync(join(out, `${m.drug_id}.json`), `${JSON.stringify(m, null, 2)}\n`);
  report.source = basename(file);
  report.edition_diff = await editionDiff(databaseUrl, monographs);
  report.stats = {
    seconds: Math.round((Date.now() - t0) / 100) / 10,
    peak_rss_mb: Math.round(process.resourceUsage().maxRSS / 1024),
  };
  writeFileSync(join(out, INGEST_REPORT_FILE), `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(join(out, 'ingest-report.md'), renderReportMarkdown(report));
  return { out, report, monographs };
}

/** The summary printed after a conversion: what a pharmacist must look at, then the edition diff. */
export function summary(c: PdfConversion): string {
  const r = c.report;
  const lines = [
    `converted ${r.pages} PDF pages: ${r.monographs_written}/${r.monographs_found} monographs, ${r.parts} parts, ${r.tables_converted} tables converted, ${r.tables_quarantined} quarantined, ${r.review_items} review items`,
  ];
  if (r.pages_without_text.length)
    lines.push(`pages without a text layer: ${r.pages_without_text.map((p) => p.page).join(', ')}`);
  if (r.edition_diff) lines.push(...renderDiffLines(r.edition_diff));
  lines.push(`wrote ${c.out} (read ingest-report.md before loading)`);
  return `${lines.join('\n')}\n`;
}

export function pdfErrorLine(file: string, e: PdfInputError): string {
  return `error: ${file}: ${e.message}\n`;
}

/** Old monograph files would be loaded with the new ones: a directory we wrote before is cleared first. */
function prepareOutDir(out: string): void {
  mkdirSync(out, { recursive: true });
  const json = readdirSync(out).filter((f) => f.endsWith('.json'));
  if (json.length && !json.includes(INGEST_REPORT_FILE))
    throw new Error(`${out} holds .json files this command did not write: choose an empty --out directory`);
  for (const f of json) unlinkSync(join(out, f));
}

/** What loading `monographs` would change in the active corpus version. */
export async function diffAgainstActive(
  repo: CorpusRepository,
  monographs: DrugMonograph[],
): Promise<EditionDiff | { skipped: string }> {
  const active = await repo.loadActive();
  if (!active) return { skipped: 'no active corpus version in the database' };
  return diffCorpora(active.corpus, buildCorpus(monographs), active.versionId);
}

/** Against the active corpus version, when a database is reachable (a conversion needs none). */
async function editionDiff(url: string, monographs: DrugMonograph[]): Promise<EditionDiff | { skipped: string }> {
  const ds = createDataSource(url, 1);
  try {
    await ds.initialize();
    return await diffAgainstActive(new CorpusRepository(ds), monographs);
  } catch (e) {
    return { skipped: `database not reachable (${(e as Error).message.split('\n')[0]})` };
  } finally {
    if (ds.isInitialized) await ds.destroy();
  }
}
