import { mkdirSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { CorpusValidationError, readCorpusDir, synthesizeCorpus } from '@app/formulary';
import { PdfInputError, renderDiffLines } from '@app/ingest';
import { createEmbedder } from '@app/llm';
import { createDataSource, CorpusRepository, ensureDatabase, ingestDirectory, migrate } from '@app/persistence';
import { configOrExit } from '@app/platform';
import { convertPdfFile, diffAgainstActive, isFileArg, pdfErrorLine, summary } from './pdf-ingest';
import { Progress } from './progress';

const USAGE = `usage:
  duocthu migrate                     create the database if needed and apply migrations
  duocthu ingest <dir>                validate, split, embed and write <dir>/*.json as a new corpus version
  duocthu ingest <file.pdf> [--out D] convert the PDF (as ingest-pdf, into D, default data/pdf-ingest/<name>), then ingest D
  duocthu ingest-pdf <file.pdf> --out D   convert a formulary PDF into D/<drug_id>.json + D/ingest-report.{json,md}
  duocthu synth --drugs N [--out D]   write a SYNTHETIC corpus of N made-up drugs (benchmarks only) to D`;

/** Writes a synthetic corpus; no database involved. */
function synth(args: string[]): number {
  const n = Number(args[args.indexOf('--drugs') + 1]);
  if (!args.includes('--drugs') || !Number.isInteger(n) || n < 1 || n > 100_000) {
    process.stderr.write(`synth needs --drugs N (1..100000)\n${USAGE}\n`);
    return 2;
  }
  const out = resolve(args.includes('--out') ? args[args.indexOf('--out') + 1] : `data/synthetic/${n}`);
  const drugs = synthesizeCorpus(readCorpusDir(resolve('data/formulary')), n);
  mkdirSync(out, { recursive: true });
  for (const d of drugs) writeFileSync(join(out, `${d.drug_id}.json`), JSON.stringify(d));
  writeFileSync(
    join(out, 'README.md'),
    `# SYNTHETIC corpus (${n} drugs) — for benchmarks only, not drug information\n`,
  );
  process.stdout.write(
    `wrote ${n} synthetic monographs (${drugs.reduce((s, d) => s + Object.values(d.sections).flat().length, 0)} parts) to ${out}\n`,
  );
  return 0;
}

/** Operator CLI: migrations and corpus ingestion. Exit 0 on success, 1 on failure, 2 on bad usage. */
export async function runCli(argv: string[]): Promise<number> {
  const [command, arg] = argv;
  if (command === 'synth') return synth(argv.slice(1));
  if (command === 'ingest-pdf') return ingestPdf(argv.slice(1));
  if (command !== 'migrate' && command !== 'ingest') {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  if (command === 'ingest' && !arg) {
    process.stderr.write(`ingest needs a directory or a PDF file\n${USAGE}\n`);
    return 2;
  }
  const config = configOrExit();
  let dir = arg ? resolve(arg) : '';
  const fromPdf = command === 'ingest' && isFileArg(dir);
  if (fromPdf) {
    // a PDF: convert first (a bad PDF stops here, before the database is touched)
    const out = optionValue(argv, '--out') ?? join('data/pdf-ingest', basename(dir).replace(/\.pdf$/i, ''));
    try {
      const converted = await convertPdfFile(dir, out, config.DATABASE_URL);
      process.stdout.write(summary(converted));
      dir = converted.out;
    } catch (e) {
      if (e instanceof PdfInputError) {
        process.stderr.write(pdfErrorLine(arg!, e));
        return 1;
      }
      throw e;
    }
  }
  await ensureDatabase(config.DATABASE_URL);
  const ds = createDataSource(config.DATABASE_URL, 2);
  await ds.initialize();
  try {
    const ran = await migrate(ds);
    process.stdout.write(ran.length ? `migrations applied: ${ran.join(', ')}\n` : 'migrations: up to date\n');
    if (command === 'migrate') return 0;
    const repo = new CorpusRepository(ds);
    // a new edition: what changes against the active version (the PDF path printed it already)
    if (!fromPdf)
      process.stdout.write(`${renderDiffLines(await diffAgainstActive(repo, readCorpusDir(dir))).join('\n')}\n`);
    const progress = new Progress();
    let stage = '';
    const result = await ingestDirectory(repo, dir, createEmbedder(config), (done, total, s) => {
      if (s !== stage) {
        stage = s;
        progress.reset();
      }
      progress.update(s, done, total);
    });
    process.stdout.write(
      result.kind === 'unchanged'
        ? `corpus unchanged (same content hash): version ${result.versionId} stays active\n`
        : `ingested ${result.parts} parts from ${dir} as corpus version ${result.versionId} (now active)\n`,
    );
    return 0;
  } catch (e) {
    if (e instanceof CorpusValidationError) {
      process.stderr.write(
        `${e.problems.length} problem(s); nothing was ingested:\n${e.problems.map((p) => `  ${p}`).join('\n')}\n`,
      );
      return 1;
    }
    throw e;
  } finally {
    await ds.destroy();
  }
}

const optionValue = (argv: string[], name: string) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);

/** Converts a PDF without loading it: exit 0 when the conversion ran (review items are not failures). */
async function ingestPdf(args: string[]): Promise<number> {
  const file = args.find((a, i) => !a.startsWith('--') && args[i - 1] !== '--out');
  const out = optionValue(args, '--out');
  if (!file || !out) {
    process.stderr.write(`ingest-pdf needs a PDF file and --out <dir>\n${USAGE}\n`);
    return 2;
  }
  if (!isFileArg(file)) {
    process.stderr.write(`error: ${file}: no such file\n`);
    return 1;
  }
  const config = configOrExit();
  try {
    process.stdout.write(summary(await convertPdfFile(file, out, config.DATABASE_URL)));
    return 0;
  } catch (e) {
    if (e instanceof PdfInputError) {
      process.stderr.write(pdfErrorLine(file, e));
      return 1;
    }
    throw e;
  }
}
