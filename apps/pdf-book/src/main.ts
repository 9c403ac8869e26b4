import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Book } from './book';
import { spawnSync } from 'node:child_process';
import { renderBook, renderImageOnly } from './render';
import { syntheticBook } from './synthetic';

const FIXTURE_DIR = 'test/fixtures/pdf';

const USAGE = `usage:
  node dist/apps/pdf-book/main.js fixture                      re-render ${FIXTURE_DIR}/formulary-sample.pdf (+ its manifest) from book-source.json
  node dist/apps/pdf-book/main.js synth --monographs N --out F  a SYNTHETIC book of N monographs (benchmarks only) to F (+ F.manifest.json)`;

/** Typesets formulary-like books to PDF with Debian's Chromium: the ingest test fixture and the bench's synthetic book. */
async function main(argv: string[]): Promise<number> {
  const [command, ...args] = argv;
  if (command === 'fixture') {
    const book = JSON.parse(readFileSync(join(FIXTURE_DIR, 'book-source.json'), 'utf8')) as Book;
    const { pdf, manifest } = await renderBook(book);
    writeFileSync(join(FIXTURE_DIR, 'formulary-sample.pdf'), pdf);
    writeFileSync(join(FIXTURE_DIR, 'formulary-sample.manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    process.stdout.write(`wrote ${FIXTURE_DIR}/formulary-sample.pdf (${manifest.pages} pages)\n`);
    await writeBadInputs();
    return 0;
  }
  if (command === 'synth') {
    const n = Number(args[args.indexOf('--monographs') + 1]);
    const out = args.includes('--out') ? resolve(args[args.indexOf('--out') + 1]) : null;
    if (!Number.isInteger(n) || n < 1 || !out) {
      process.stderr.write(`${USAGE}\n`);
      return 2;
    }
    const base = JSON.parse(readFileSync(join(FIXTURE_DIR, 'book-source.json'), 'utf8')) as Book;
    const { pdf, manifest } = await renderBook(syntheticBook(base, n));
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, pdf);
    writeFileSync(`${out}.manifest.json`, JSON.stringify(manifest));
    process.stdout.write(`wrote ${out} (${manifest.pages} pages, ${n} monographs)\n`);
    return 0;
  }
  process.stderr.write(`${USAGE}\n`);
  return 2;
}

/** The inputs a conversion must refuse with one clear line: not a PDF, encrypted, image only. */
async function writeBadInputs(): Promise<void> {
  writeFileSync(join(FIXTURE_DIR, 'not-a-pdf.pdf'), 'Đây là một tệp văn bản, không phải PDF (dữ liệu thử nghiệm).\n');
  const image = await renderImageOnly(['DƯỢC THƯ MẪU — TRANG QUÉT', 'Trang này chỉ là hình ảnh, không có lớp chữ.']);
  writeFileSync(join(FIXTURE_DIR, 'image-only.pdf'), image);
  // encrypted by a real tool (Debian's qpdf), AES-256 with a user password
  const run = spawnSync('qpdf', [
    '--encrypt',
    'user-pw',
    'owner-pw',
    '256',
    '--',
    join(FIXTURE_DIR, 'formulary-sample.pdf'),
    join(FIXTURE_DIR, 'encrypted.pdf'),
  ]);
  if (run.error || run.status !== 0)
    process.stderr.write(
      `qpdf not available (${run.error?.message ?? run.stderr}): encrypted.pdf left as it was; apt-get install qpdf\n`,
    );
  process.stdout.write(`wrote ${FIXTURE_DIR}/not-a-pdf.pdf, image-only.pdf, encrypted.pdf\n`);
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (e) => {
    process.stderr.write(`failed: ${(e as Error).stack}\n`);
    process.exit(1);
  },
);
