import type { Box, PageText, TextItem } from './types';

/**
 * Step 1, the only module that touches pdf.js: bytes in, positioned text per page out.
 * pdf.js is ESM-only, so it is loaded with a dynamic import() here and nowhere else.
 */

export class PdfInputError extends Error {
  constructor(
    readonly code: 'not_pdf' | 'encrypted' | 'no_text_layer' | 'unreadable',
    message: string,
  ) {
    super(message);
  }
}

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
let loaded: Promise<PdfJs> | null = null;

/**
 * pdf.js 6 targets Node ≥ 22: on Node 20.19+ two built-ins it uses are missing. Both are
 * added only when absent, with the standard semantics (transferToFixedLength copies without
 * detaching the source, which pdf.js never reads again).
 */
function polyfillNode20(): void {
  const P = Promise as unknown as { withResolvers?: () => unknown };
  P.withResolvers ??= function withResolvers<T>() {
    let resolve!: (v: T) => void;
    let reject!: (e: unknown) => void;
    const promise = new Promise<T>((a, b) => {
      resolve = a;
      reject = b;
    });
    return { promise, resolve, reject };
  };
  const AB = ArrayBuffer.prototype as unknown as { transferToFixedLength?: (n?: number) => ArrayBuffer };
  AB.transferToFixedLength ??= function (this: ArrayBuffer, length = this.byteLength) {
    const out = new ArrayBuffer(length);
    new Uint8Array(out).set(new Uint8Array(this, 0, Math.min(length, this.byteLength)));
    return out;
  };
}

function loadPdfJs(): Promise<PdfJs> {
  loaded ??= (async () => {
    polyfillNode20();
    const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
    // the "fake worker" runs in this thread; handing it the module avoids pdf.js importing
    // it by URL, which neither a bundle nor jest can follow
    const worker = await import('pdfjs-dist/legacy/build/pdf.worker.mjs');
    (globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = worker;
    return pdfjs;
  })();
  return loaded;
}

const BOLD = /bold|black|heavy|semibold|demi/i;
const ITALIC = /italic|oblique/i;

export interface ExtractOptions {
  onPage?: (done: number, total: number) => void;
}

/** Reads every page's text items; throws PdfInputError for input that is not a readable PDF. */
export async function extractPdf(bytes: Uint8Array, options: ExtractOptions = {}): Promise<PageText[]> {
  if (!isPdfHeader(bytes)) throw new PdfInputError('not_pdf', 'not a PDF file (no %PDF- header)');
  const pdfjs = await loadPdfJs();
  // pdf.js takes ownership of the buffer it is given: hand it a copy
  const task = pdfjs.getDocument({
    data: bytes.slice(),
    disableFontFace: true,
    // keeps the font's PostScript name on the font object (bold and italic are read from it)
    fontExtraProperties: true,
    useSystemFonts: false,
    verbosity: 0,
  });
  try {
    const doc = await task.promise.catch((e: Error & { name?: string }) => {
      if (e.name === 'PasswordException')
        throw new PdfInputError('encrypted', 'the PDF is encrypted (password-protected): decrypt it first');
      throw new PdfInputError('unreadable', `not a readable PDF: ${e.message}`);
    });
    const fonts = new Map<string, string>();
    const pages: PageText[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const view = page.view;
      const content = await page.getTextContent();
      const raw = (content.items as Partial<RawItem>[]).filter((i): i is RawItem => 'transform' in i && 'str' in i);
      // the operators give font names (bold, italic) and where images are painted
      const ops = await page.getOperatorList();
      const images = imageBoxes(ops.fnArray, ops.argsArray, pdfjs.OPS);
      for (const i of raw)
        if (!fonts.has(i.fontName) && page.commonObjs.has(i.fontName)) {
          const f = page.commonObjs.get(i.fontName) as { name?: string } | null;
          fonts.set(i.fontName, (f?.name ?? i.fontName).replace(/^[A-Z]{6}\+/, ''));
        }
      pages.push({
        page: n,
        width: view[2] - view[0],
        height: view[3] - view[1],
        items: raw.filter((i) => i.str.trim()).map((i) => toItem(i, fonts.get(i.fontName) ?? i.fontName)),
        hasImage: images.length > 0,
        images,
      });
      page.cleanup();
      options.onPage?.(n, doc.numPages);
    }
    if (!pages.some((p) => p.items.length))
      throw new PdfInputError(
        'no_text_layer',
        `the PDF has no text layer on any of its ${pages.length} page(s) (a scan?): run OCR on it first`,
      );
    return pages;
  } finally {
    await task.destroy();
  }
}

type Matrix = [number, number, number, number, number, number];
const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];
const times = (m: Matrix, n: Matrix): Matrix => [
  m[0] * n[0] + m[2] * n[1],
  m[1] * n[0] + m[3] * n[1],
  m[0] * n[2] + m[2] * n[3],
  m[1] * n[2] + m[3] * n[3],
  m[0] * n[4] + m[2] * n[5] + m[4],
  m[1] * n[4] + m[3] * n[5] + m[5],
];

/**
 * Follows the current transformation matrix through the page's operators; an image is
 * painted on the unit square, so its box is that square under the matrix.
 */
function imageBoxes(fns: number[], args: unknown[][], OPS: Record<string, number>): Box[] {
  const paint = new Set([OPS.paintImageXObject, OPS.paintInlineImageXObject, OPS.paintImageMaskXObject]);
  const stack: Matrix[] = [];
  let ctm = IDENTITY;
  const out: Box[] = [];
  fns.forEach((fn, k) => {
    const a = args[k];
    if (fn === OPS.save) stack.push(ctm);
    else if (fn === OPS.restore) ctm = stack.pop() ?? IDENTITY;
    else if (fn === OPS.transform) ctm = times(ctm, a as Matrix);
    else if (fn === OPS.paintFormXObjectBegin) {
      stack.push(ctm);
      if (Array.isArray(a?.[0]) && (a[0] as number[]).length === 6) ctm = times(ctm, a[0] as Matrix);
    } else if (fn === OPS.paintFormXObjectEnd) ctm = stack.pop() ?? IDENTITY;
    else if (paint.has(fn)) {
      const xs = [ctm[4], ctm[0] + ctm[4], ctm[2] + ctm[4], ctm[0] + ctm[2] + ctm[4]];
      const ys = [ctm[5], ctm[1] + ctm[5], ctm[3] + ctm[5], ctm[1] + ctm[3] + ctm[5]];
      out.push({ x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys) });
    }
  });
  return out;
}

interface RawItem {
  str: string;
  transform: number[];
  width: number;
  fontName: string;
}

function toItem(i: RawItem, font: string): TextItem {
  const [a, b, , , e, f] = i.transform;
  return {
    text: i.str.normalize('NFC'),
    x: e,
    y: f,
    width: i.width,
    size: Math.hypot(a, b),
    font,
    bold: BOLD.test(font),
    italic: ITALIC.test(font),
    angle: Math.round((Math.atan2(b, a) * 180) / Math.PI),
  };
}

export function isPdfHeader(bytes: Uint8Array): boolean {
  // the header may follow up to 1 KB of junk (PDF 1.7, 7.5.2 note)
  const head = Buffer.from(bytes.subarray(0, 1024)).toString('latin1');
  return head.includes('%PDF-');
}
