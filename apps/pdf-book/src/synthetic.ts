import type { Book, BookMonograph } from './book';

const CONSONANTS = 'bdfklmnprstvz';
const VOWELS = 'aeiou';

/** An invented, pronounceable stem per index ("bafe", "dafe", …), unlike any real drug name. */
function stem(i: number): string {
  const c = (k: number) => CONSONANTS[k % CONSONANTS.length];
  const v = (k: number) => VOWELS[k % VOWELS.length];
  return `${c(i)}${v(Math.floor(i / 13))}${c(Math.floor(i / 65) + 3)}${v(Math.floor(i / 845) + 2)}`;
}

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
    // a second model's paragraphs in every section: about 2.4 printed pages a monograph, as in the book
    const donor = models[(i * 7 + 3) % models.length].m;
    const name = `${stem(i)}${String(i + 1).padStart(4, '0')}`;
    const vol = Math.floor(i / perVolume);
    volumes[vol] ??= { columns: vol % 2 === 0 ? columns : columns === 1 ? 2 : 1, monographs: [] };
    volumes[vol].monographs.push(rename(merge(m, donor), name));
  }
  return {
    ...base,
    book_title: 'SÁCH TỔNG HỢP ĐỂ ĐO HIỆU NĂNG — KHÔNG PHẢI THÔNG TIN THUỐC',
    footnotes: {},
    volumes,
  };
}

function merge(m: BookMonograph, donor: BookMonograph): BookMonograph {
  if (donor === m) return m;
  const renamed = rename(donor, m.drug_id);
  return {
    ...m,
    sections: m.sections.map((s) => {
      const other = renamed.sections.find((d) => d.heading === s.heading);
      return other ? { ...s, parts: [...s.parts, ...other.parts.map(stripInteractions)] } : s;
    }),
  };
}

/** The donor's interaction targets belong to the donor's book, not this one. */
function stripInteractions<T extends object>(p: T): T {
  if (!('interacts_with' in p)) return p;
  const { interacts_with: _drop, ...rest } = p as T & { interacts_with?: string[] };
  return rest as T;
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
