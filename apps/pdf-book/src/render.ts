import type { Page } from 'playwright-core';
import type { Book } from './book';
import { scan, typesetBook } from './typeset';

/** Where every table landed: its id (t0, t1, … in print order) → PDF page. */
export interface Manifest {
  pages: number;
  tables: Record<string, number>;
  titles: Record<string, number>;
}

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Renders the book with Debian's Chromium (print to PDF); the page paginates itself (typeset.ts). */
export async function renderBook(book: Book): Promise<{ pdf: Buffer; manifest: Manifest }> {
  return withPage(async (page) => {
    await page.setContent(typesetBook(book), { waitUntil: 'load', timeout: 600_000 });
    await page.waitForFunction(() => (globalThis as unknown as { __manifest?: unknown }).__manifest, null, {
      timeout: 600_000,
    });
    const manifest = await page.evaluate(() => (globalThis as unknown as { __manifest: Manifest }).__manifest);
    const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: false });
    return { pdf, manifest };
  });
}

/** A PDF whose only page is a picture of text: no text layer at all. */
export async function renderImageOnly(lines: string[]): Promise<Buffer> {
  return withPage(async (page) => {
    await page.setContent(
      `<!doctype html><html><head><style>@page{size:210mm 297mm;margin:15mm}</style></head><body>${scan(lines)}</body></html>`,
      { waitUntil: 'load' },
    );
    return page.pdf({ preferCSSPageSize: true });
  });
}

/**
 * One headless Chromium for one job, touching no network. playwright-core is a
 * devDependency: it is loaded only here, only when a book is rendered.
 */
async function withPage<T>(fn: (page: Page) => Promise<T>): Promise<T> {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  try {
    const page = await browser.newPage();
    await page.emulateMedia({ media: 'print' });
    return await fn(page);
  } finally {
    await browser.close();
  }
}
