import type { SectionKey } from '@app/contracts';
import type { Corpus } from '@app/formulary';

/** What a new edition changes against the active corpus version, per monograph and section. */
export interface EditionDiff {
  against_version: number;
  added: string[];
  removed: string[];
  changed: { drug_id: string; sections: { section: SectionKey; added: number; removed: number; changed: number }[] }[];
  unchanged: number;
}

const norm = (t: string) => t.normalize('NFC').replace(/\s+/g, ' ').trim();

/**
 * Compares two corpora part by part. Within a section, parts are matched by text first
 * (so an inserted paragraph is one addition, not a cascade of changes), then by position.
 */
export function diffCorpora(before: Corpus, after: Corpus, againstVersion: number): EditionDiff {
  const ids = (c: Corpus) => new Set(c.drugs.map((d) => d.drug_id));
  const was = ids(before);
  const now = ids(after);
  const bySection = (c: Corpus) => {
    const m = new Map<string, string[]>();
    for (const p of c.parts) {
      const k = `${p.drug_id}\u0000${p.section}`;
      m.set(k, [...(m.get(k) ?? []), `${norm(p.text)}\u0000${p.quarantined_page ?? ''}`]);
    }
    return m;
  };
  const b = bySection(before);
  const a = bySection(after);
  const changed: EditionDiff['changed'] = [];
  let unchanged = 0;
  for (const id of [...now].filter((d) => was.has(d)).sort()) {
    const sections: EditionDiff['changed'][number]['sections'] = [];
    const keys = new Set(
      [...a.keys(), ...b.keys()].filter((k) => k.startsWith(`${id}\u0000`)).map((k) => k.split('\u0000')[1]),
    );
    for (const section of [...keys].sort() as SectionKey[]) {
      const old = b.get(`${id}\u0000${section}`) ?? [];
      const cur = a.get(`${id}\u0000${section}`) ?? [];
      const left = [...old];
      const unmatched: string[] = [];
      for (const t of cur) {
        const i = left.indexOf(t);
        if (i >= 0) left.splice(i, 1);
        else unmatched.push(t);
      }
      const edited = Math.min(left.length, unmatched.length);
      const s = { section, added: unmatched.length - edited, removed: left.length - edited, changed: edited };
      if (s.added || s.removed || s.changed) sections.push(s);
    }
    if (sections.length) changed.push({ drug_id: id, sections });
    else unchanged++;
  }
  return {
    against_version: againstVersion,
    added: [...now].filter((d) => !was.has(d)).sort(),
    removed: [...was].filter((d) => !now.has(d)).sort(),
    changed,
    unchanged,
  };
}
