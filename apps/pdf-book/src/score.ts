import { SECTION_KEYS } from '@app/contracts';
import type { DrugMonograph, MonographPart } from '@app/formulary';
import type { ExpectedPart } from './expected';

/** A written part with where it was written. */
export interface PlacedPart extends MonographPart {
  drug_id: string;
  /** A section key, or `extra:<slug>`. */
  section: string;
}

/** How a conversion compares with the book it came from: text, dosing and table parts recovered, parts written. */
export interface Score {
  /** Text parts (paragraphs, regimens, certain tables) and how many came back exactly. */
  text_parts: number;
  exact: number;
  /** Text parts found nowhere, or only inside another drug's or section's part. */
  lost: string[];
  misplaced: string[];
  dosing_parts: number;
  dosing_tags_right: number;
  /** Tables: converted with their exact labelled text, or quarantined on the page they start on. */
  tables: number;
  tables_right: number;
  written_parts: number;
  expected_parts: number;
}

const norm = (t: string) => t.normalize('NFC').replace(/\s+/g, ' ').trim();
const sameSet = (a: string[] = [], b: string[] = []) => [...a].sort().join(',') === [...b].sort().join(',');

export function placedParts(monographs: DrugMonograph[]): PlacedPart[] {
  const out: PlacedPart[] = [];
  for (const m of monographs) {
    for (const s of SECTION_KEYS)
      for (const p of m.sections[s] ?? []) out.push({ ...p, drug_id: m.drug_id, section: s });
    for (const [slug, e] of Object.entries(m.extra_sections ?? {}))
      for (const p of e.parts) out.push({ ...p, drug_id: m.drug_id, section: `extra:${slug}` });
  }
  return out;
}

/** Finds an expected part's exact counterpart (same drug, same section, same text). */
export function partFinder(actual: PlacedPart[]): (e: ExpectedPart) => PlacedPart | undefined {
  const byKey = new Map<string, PlacedPart[]>();
  for (const a of actual) {
    const k = `${a.drug_id}\u0000${a.section}\u0000${norm(a.text)}`;
    byKey.set(k, [...(byKey.get(k) ?? []), a]);
  }
  return (e) => byKey.get(`${e.drug_id}\u0000${e.section}\u0000${norm(e.text)}`)?.[0];
}

export function scoreConversion(expected: ExpectedPart[], monographs: DrugMonograph[]): Score {
  const actual = placedParts(monographs);
  const find = partFinder(actual);
  const texts = expected.filter((e) => !e.table?.quarantined);
  const lost: string[] = [];
  const misplaced: string[] = [];
  let exact = 0;
  for (const e of texts) {
    if (find(e)) {
      exact++;
      continue;
    }
    // not exact: is its text inside another part, and is that part in the right place?
    const host = actual.filter((a) => a.drug_id === e.drug_id && norm(a.text).includes(norm(e.text)));
    const anywhere = host.length ? host : actual.filter((a) => norm(a.text).includes(norm(e.text)));
    if (!anywhere.length) lost.push(`${e.drug_id}/${e.section}: ${e.text.slice(0, 80)}`);
    else if (!anywhere.some((a) => a.drug_id === e.drug_id && a.section === e.section))
      misplaced.push(
        `${e.drug_id}/${e.section} → ${anywhere[0].drug_id}/${anywhere[0].section}: ${e.text.slice(0, 60)}`,
      );
  }
  const dosing = texts.filter((e) => e.dosing);
  const tagsRight = dosing.filter((e) => {
    const a = find(e);
    return a && sameSet(a.population, e.population) && a.route === e.route;
  }).length;
  const tables = expected.filter((e) => e.table);
  const tablesRight = tables.filter((t) => {
    if (!t.table!.quarantined) return find(t)?.quarantined === undefined && find(t) !== undefined;
    return actual.some(
      (a) => a.drug_id === t.drug_id && a.section === t.section && a.quarantined?.pdf_page === t.table!.page,
    );
  }).length;
  return {
    text_parts: texts.length,
    exact,
    lost,
    misplaced,
    dosing_parts: dosing.length,
    dosing_tags_right: tagsRight,
    tables: tables.length,
    tables_right: tablesRight,
    written_parts: actual.length,
    expected_parts: expected.length,
  };
}
