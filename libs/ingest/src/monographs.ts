import { sectionFor } from './sections';
import { slugify } from './slug';
import type { Block, RawMonograph } from './types';

/**
 * Step 4: blocks → monographs. A drug monograph opens with its title in capitals followed by
 * the field "Tên chung quốc tế"; a capitalised title without it is a general chapter
 * ("Hướng dẫn sử dụng …"), skipped and listed in the report.
 */
export interface SplitResult {
  monographs: RawMonograph[];
  /** General chapters and text before the first title: not drug monographs. */
  skipped: { title: string; pages: number[]; blocks: number }[];
}

/** How many blocks after a title the INN field may appear (a second title line, a subtitle). */
const FIELD_WINDOW = 3;

export function splitMonographs(blocks: Block[]): SplitResult {
  const monographs: RawMonograph[] = [];
  const skipped: SplitResult['skipped'] = [];
  let current: RawMonograph | null = null;
  let skipping: SplitResult['skipped'][number] | null = null;
  const pageOf = (b: Block) => (b.kind === 'table' ? b.table.page : b.page);

  for (let i = 0; i < blocks.length; i++) {
    const b = blocks[i];
    if (b.kind === 'title') {
      const ahead = blocks.slice(i + 1, i + 1 + FIELD_WINDOW);
      const nextTitle = ahead.findIndex((n) => n.kind === 'title');
      // the INN line must belong to this title, not to the next monograph's
      const isDrug = (nextTitle < 0 ? ahead : ahead.slice(0, nextTitle)).some(
        (n) => n.kind === 'field' && n.label === 'Tên chung quốc tế',
      );
      if (isDrug) {
        current = {
          title: b.text,
          drug_id: slugify(b.text),
          name: null,
          atc: [],
          drugClass: null,
          pages: [b.page],
          sections: [],
        };
        monographs.push(current);
        skipping = null;
      } else {
        current = null;
        skipping = { title: b.text, pages: [b.page], blocks: 0 };
        skipped.push(skipping);
      }
      continue;
    }
    if (!current) {
      if (!skipping) {
        skipping = { title: '(before the first title)', pages: [], blocks: 0 };
        skipped.push(skipping);
      }
      skipping.blocks++;
      if (!skipping.pages.includes(pageOf(b))) skipping.pages.push(pageOf(b));
      continue;
    }
    if (!current.pages.includes(pageOf(b))) current.pages.push(pageOf(b));
    if (b.kind === 'field' && !current.sections.length) {
      if (b.label === 'Tên chung quốc tế') current.name = b.value.replace(/[.;]\s*$/, '').trim();
      if (b.label === 'Mã ATC') current.atc = b.value.match(/[A-Z]\d{2}[A-Z]{2}\d{2}/g) ?? [];
      if (b.label === 'Loại thuốc') current.drugClass = b.value.replace(/\.\s*$/, '').trim();
      continue;
    }
    if (b.kind === 'heading') {
      const target = sectionFor(b.text);
      current.sections.push({ heading: b.text, key: target.key, slug: target.slug, blocks: [] });
      continue;
    }
    if (!current.sections.length)
      // text between the fields and the first heading has no section of its own
      current.sections.push({ heading: '', key: null, slug: 'phan_mo_dau', blocks: [] });
    current.sections[current.sections.length - 1].blocks.push(b);
  }
  return { monographs, skipped };
}
