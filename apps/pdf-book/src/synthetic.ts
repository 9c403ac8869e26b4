import type { Book, BookMonograph } from './book';

const SYLLABLES = [
  'ba',
  'lo',
  'ri',
  'zen',
  'tor',
  'mab',
  'vid',
  'sar',
  'pra',
  'xol',
  'fen',
  'cil',
  'tin',
  'mex',
  'dro',
];

/**
 * A SYNTHETIC book for the scale benchmark: `count` monographs made by renaming the fixture's
 * monographs (invented names, marked synthetic in the running head), alternating one- and
 * two-column volumes. Never ingest it next to real data.
 */
export function syntheticBook(base: Book, count: number): Book {
  const models = base.volumes.flatMap((v) => v.monographs.map((m) => ({ m, columns: v.columns })));
  const volumes: Book['volumes'] = [];
  const perVolume = 50;
  for (let i = 0; i < count; i++) {
    const { m, columns } = models[i % models.length];
    const stem = `${SYLLABLES[i % SYLLABLES.length]}${SYLLABLES[Math.floor(i / SYLLABLES.length) % SYLLABLES.length]}${SYLLABLES[Math.floor(i / 225) % SYLLABLES.length]}`;
    const name = `${stem}${String(i + 1).padStart(4, '0')}`;
    const vol = Math.floor(i / perVolume);
    volumes[vol] ??= { columns: vol % 2 === 0 ? columns : columns === 1 ? 2 : 1, monographs: [] };
    volumes[vol].monographs.push(rename(m, name));
  }
  return {
    ...base,
    book_title: 'SÁCH TỔNG HỢP ĐỂ ĐO HIỆU NĂNG — KHÔNG PHẢI THÔNG TIN THUỐC',
    footnotes: {},
    volumes,
  };
}

function rename(m: BookMonograph, name: string): BookMonograph {
  const swap = (s: string) => s.replaceAll(m.inn, cap(name)).replaceAll(cap(m.drug_id), cap(name));
  return JSON.parse(
    JSON.stringify({ ...m, title: name.toUpperCase(), drug_id: name, inn: cap(name) }, (k, v) =>
      typeof v === 'string' && k !== 'title' && k !== 'drug_id' && k !== 'inn' ? swap(v) : v,
    ),
  ) as BookMonograph;
}

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
