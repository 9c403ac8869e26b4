import type { Population, Route, SectionKey } from '@app/contracts';
import type { Book, BookTable, TableCell } from './book';
import { isTable } from './book';
import type { Manifest } from './render';
import { tableIds } from './typeset';

/** One part as the conversion must give it back. */
export interface ExpectedPart {
  drug_id: string;
  /** A section key, or `extra:<slug>`. */
  section: SectionKey | `extra:${string}`;
  text: string;
  population?: Population[];
  route?: Route;
  interacts_with?: string[];
  /** Dosing parts carry population/route tags. */
  dosing: boolean;
  table?: { kind: BookTable['kind']; page: number; quarantined: boolean };
}

const cellText = (c: TableCell) => (c === null ? null : typeof c === 'string' ? c : c.text);

/**
 * The parts a conversion of the rendered book must produce, in order. Tables follow the
 * documented contract: a certain grid becomes "caption: label: value; …" (one value per
 * column, each after its header when there are several), anything else one quarantined part
 * on the page where the table starts.
 */
export function expectedParts(book: Book, manifest: Manifest): ExpectedPart[] {
  const ids = tableIds(book);
  const out: ExpectedPart[] = [];
  for (const v of book.volumes)
    for (const m of v.monographs)
      for (const s of m.sections) {
        const section = s.key ?? (`extra:${s.extra}` as const);
        const dosing = s.key === 'lieu_luong_cach_dung';
        for (const p of s.parts) {
          if (isTable(p)) {
            const t = p.table;
            const page = manifest.tables[ids.get(t)!];
            const quarantined = t.kind !== 'grid';
            out.push({
              drug_id: m.drug_id,
              section,
              text: quarantined ? '' : gridText(t),
              ...(t.population ? { population: t.population } : {}),
              ...(t.route ? { route: t.route } : {}),
              dosing,
              table: { kind: t.kind, page, quarantined },
            });
            continue;
          }
          out.push({
            drug_id: m.drug_id,
            section,
            text: p.text,
            ...(p.population ? { population: p.population } : {}),
            ...(p.route ? { route: p.route } : {}),
            ...(p.interacts_with ? { interacts_with: p.interacts_with } : {}),
            dosing,
          });
        }
      }
  return out;
}

function gridText(t: BookTable): string {
  const rows = t.rows.map((r) => {
    const [label, ...values] = r.map(cellText) as string[];
    if (values.length === 1) return `${label}: ${values[0]}`;
    return `${label}: ${values.map((v, i) => `${t.header[i + 1]} ${v}`).join(', ')}`;
  });
  return `${t.caption.replace(/[.:]\s*$/, '')}: ${rows.join('; ')}`;
}
