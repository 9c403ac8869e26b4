import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { extractPdf, isPdfHeader } from './pdf-text';

describe('pdf-text: pdf.js → positioned items with fonts', () => {
  it('recognises a PDF by its header, even after leading junk', () => {
    expect(isPdfHeader(Buffer.from('%PDF-1.7\n'))).toBe(true);
    expect(isPdfHeader(Buffer.from('\n\n%PDF-1.4'))).toBe(true);
    expect(isPdfHeader(Buffer.from('PK\u0003\u0004 a zip'))).toBe(false);
  });

  it('finds where images are painted: a table printed as a picture, and the scanned last page', async () => {
    const pages = await extractPdf(
      new Uint8Array(readFileSync(join(__dirname, '../../../test/fixtures/pdf/formulary-sample.pdf'))),
    );
    const withPictures = pages.filter((p) => p.items.length && p.images.length);
    expect(withPictures).toHaveLength(1);
    const box = withPictures[0].images[0];
    expect(box.x1 - box.x0).toBeGreaterThan(300);
    expect(box.y1).toBeLessThanOrEqual(withPictures[0].height);
    const last = pages[pages.length - 1];
    expect([last.items.length, last.hasImage]).toEqual([0, true]);
  });

  it('reads text with its size and whether the font is bold (fonts by PostScript name)', async () => {
    const pages = await extractPdf(
      new Uint8Array(readFileSync(join(__dirname, '../../../test/fixtures/pdf/formulary-sample.pdf'))),
    );
    const title = pages.flatMap((p) => p.items).find((i) => i.text === 'ACICLOVIR' && i.size > 12);
    expect(title).toMatchObject({ bold: true, angle: 0 });
    expect(title!.font).toMatch(/Bold/);
    const body = pages[2].items.find((i) => i.text.startsWith('Người lớn, uống'));
    expect(body).toMatchObject({ bold: false });
    expect(body!.size).toBeCloseTo(10, 0);
  });
});
