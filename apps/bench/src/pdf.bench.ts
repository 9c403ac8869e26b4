import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { readCorpusDir } from '@app/formulary';
import type { IngestReport } from '@app/ingest';
import { HashEmbedder } from '@app/llm';
import {
  expectedParts,
  renderBook,
  scoreConversion,
  syntheticBook,
  typesetBook,
  type Book,
  type Manifest,
} from '@app/pdf-book';
import { CorpusRepository, createDataSource, ingestDirectory } from '@app/persistence';
import { log, now, round, type RunIds } from './common';
import { benchCorpus, type CorpusResult } from './retrieval.bench';

/**
 * 790 monographs typeset ≈ 1,530 pages: the size of a full edition, ≥ 1,500 pages and ≥ 700
 * monographs (a target row checks it).
 */
export const PDF_MONOGRAPHS = 790;
export const CONVERT_TARGET_S = 180;
export const RSS_TARGET_MB = 1024;

export interface PdfResult {
  monographs: number;
  pages: number;
  /** Typesetting + Chromium print (not a target: the book is cached between runs). */
  render_s: number;
  render_cached: boolean;
  /** `node dist/apps/cli/main.js ingest-pdf` in a child process, wall clock. */
  convert_s: number;
  /** The child's own peak RSS (process.resourceUsage().maxRSS, from its report). */
  peak_rss_mb: number;
  written: number;
  parts: number;
  tables_converted: number;
  tables_quarantined: number;
  review_items: number;
  /** The conversion against the book's source, as the round-trip test measures it. */
  exact_pct: number;
  dosing_tags_pct: number;
  tables_right_pct: number;
  lost: number;
  misplaced: number;
  /** `ingestDirectory` of the converted files into the run's database (hash embeddings). */
  load_s: number;
  retrieval: CorpusResult;
}

/** The synthetic book, rendered once per generator version and kept in the temp dir. */
async function book(): Promise<{ pdf: string; manifest: Manifest; source: Book; render_s: number; cached: boolean }> {
  const base = JSON.parse(readFileSync(resolve('test/fixtures/pdf/book-source.json'), 'utf8')) as Book;
  const source = syntheticBook(base, PDF_MONOGRAPHS);
  const key = createHash('sha256').update(typesetBook(source)).digest('hex').slice(0, 12);
  const dir = join(tmpdir(), 'duocthu-bench-pdf');
  const pdf = join(dir, `book-${PDF_MONOGRAPHS}-${key}.pdf`);
  if (existsSync(pdf) && existsSync(`${pdf}.manifest.json`)) {
    const manifest = JSON.parse(readFileSync(`${pdf}.manifest.json`, 'utf8')) as Manifest;
    return { pdf, manifest, source, render_s: 0, cached: true };
  }
  mkdirSync(dir, { recursive: true });
  const t = now();
  const r = await renderBook(source);
  writeFileSync(pdf, r.pdf);
  writeFileSync(`${pdf}.manifest.json`, JSON.stringify(r.manifest));
  return { pdf, manifest: r.manifest, source, render_s: (now() - t) / 1000, cached: false };
}

function runCli(args: string[], env: Record<string, string>): Promise<{ code: number; stderr: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [resolve('dist/apps/cli/main.js'), ...args], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
    child.on('close', (code) => done({ code: code ?? 1, stderr }));
  });
}

/**
 * PDF ingest at a full edition's size: a synthetic book of ≥ 1,500 pages typeset by
 * apps/pdf-book, converted by the CLI in its own process (time, peak RSS), scored against its
 * source, loaded into the run's database, and the converted corpus' retrieval latency measured
 * like the other corpora.
 */
export async function pdfBench(ids: RunIds): Promise<PdfResult> {
  const b = await book();
  log(`pdf: book of ${b.manifest.pages} pages (${b.cached ? 'cached' : `rendered in ${round(b.render_s, 1)} s`})`);
  const out = join(tmpdir(), `duocthu-bench-pdf-out-${ids.tag}`);
  rmSync(out, { recursive: true, force: true });
  try {
    const t = now();
    const run = await runCli(['ingest-pdf', b.pdf, '--out', out], {
      DATABASE_URL: ids.databaseUrl,
      LOG_LEVEL: 'silent',
    });
    const convertS = (now() - t) / 1000;
    if (run.code !== 0) throw new Error(`ingest-pdf exited ${run.code}: ${run.stderr}`);
    const report = JSON.parse(readFileSync(join(out, 'ingest-report.json'), 'utf8')) as IngestReport;
    log(`pdf: converted in ${round(convertS, 1)} s, peak RSS ${report.stats?.peak_rss_mb} MB`);
    const monographs = readCorpusDir(out);
    const score = scoreConversion(expectedParts(b.source, b.manifest), monographs);

    const ds = createDataSource(ids.databaseUrl, 2);
    await ds.initialize();
    let loadS: number;
    try {
      const t1 = now();
      await ingestDirectory(new CorpusRepository(ds), out, new HashEmbedder());
      loadS = (now() - t1) / 1000;
    } finally {
      await ds.destroy();
    }
    const retrieval = await benchCorpus('pdf-book', () => readCorpusDir(out));
    const pct = (a: number, b: number) => round((a / b) * 100, 2);
    return {
      monographs: PDF_MONOGRAPHS,
      pages: b.manifest.pages,
      render_s: round(b.render_s, 1),
      render_cached: b.cached,
      convert_s: round(convertS, 1),
      peak_rss_mb: report.stats?.peak_rss_mb ?? -1,
      written: report.monographs_written,
      parts: report.parts,
      tables_converted: report.tables_converted,
      tables_quarantined: report.tables_quarantined,
      review_items: report.review_items,
      exact_pct: pct(score.exact, score.text_parts),
      dosing_tags_pct: pct(score.dosing_tags_right, score.dosing_parts),
      tables_right_pct: pct(score.tables_right, score.tables),
      lost: score.lost.length,
      misplaced: score.misplaced.length,
      load_s: round(loadS, 1),
      retrieval,
    };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}
