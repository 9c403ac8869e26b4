import { assemble, type Assembled } from './assemble';
import { buildBlocks } from './blocks';
import { layoutPages } from './layout';
import { splitMonographs } from './monographs';
import type { PageText } from './types';

/** The pure pipeline after pdf.js: pages → layout → blocks → monographs → parts → files + report. */
export function convertPages(pages: PageText[]): Assembled {
  const layout = layoutPages(pages);
  const blocks = buildBlocks(layout.lines, layout.bodySize);
  return assemble(pages, layout, splitMonographs(blocks));
}
