import { z } from 'zod';
import { PopulationSchema, RouteSchema, SECTION_KEYS, type SectionKey } from '@app/contracts';

export const DRUG_ID = /^[a-z0-9]+(_[a-z0-9]+)*$/;

export const PartSchema = z
  .object({
    text: z.string().min(20, 'must be at least 20 characters').max(1200, 'must be at most 1200 characters'),
    population: z.array(PopulationSchema).min(1).optional(),
    route: RouteSchema.optional(),
    interacts_with: z.array(z.string().regex(DRUG_ID, 'must be a drug_id')).optional(),
    quarantined: z.object({ pdf_page: z.number().int().positive() }).strict().optional(),
  })
  .strict();
export type MonographPart = z.infer<typeof PartSchema>;

const SectionPartsSchema = z.array(PartSchema).min(1, 'must have at least one part');

/** A heading of the printed monograph outside the ten keys ("Dược động học", "Tương kỵ", …), kept verbatim. */
export const ExtraSectionSchema = z.object({ title: z.string().min(2), parts: SectionPartsSchema }).strict();
export type ExtraSection = z.infer<typeof ExtraSectionSchema>;

type Sections = { [K in SectionKey]?: MonographPart[] };

/**
 * One drug's monograph file (data/formulary/<drug_id>.json). The sample corpus has all ten
 * sections; a monograph converted from the PDF (`sample_data: false`) writes only the sections
 * the book prints — a missing one is listed in the ingest report, never filled with a placeholder.
 */
export const DrugMonographSchema = z
  .object({
    drug_id: z.string().regex(DRUG_ID, 'must be an ascii slug (a-z, 0-9, single _)'),
    name: z.string().min(2),
    aliases: z.array(z.string().min(2)),
    atc: z.string().regex(/^[A-Z]\d{2}[A-Z]{2}\d{2}$/, 'must be a 7-character ATC code'),
    sample_data: z.boolean(),
    sections: z
      .object(
        Object.fromEntries(SECTION_KEYS.map((s) => [s, SectionPartsSchema.optional()])) as {
          [K in SectionKey]: z.ZodOptional<typeof SectionPartsSchema>;
        },
      )
      .strict(),
    /** Keyed by the heading's slug (`duoc_dong_hoc`); not indexed for retrieval yet. */
    extra_sections: z.record(z.string().regex(DRUG_ID, 'must be a slug'), ExtraSectionSchema).optional(),
  })
  .strict()
  .superRefine((m, ctx) => {
    // the sample corpus is written by hand: every section is required there
    if (!m.sample_data) return;
    for (const s of SECTION_KEYS)
      if (!m.sections[s])
        ctx.addIssue({ code: 'custom', path: ['sections', s], message: 'must have at least one part' });
  });
export type DrugMonograph = Omit<z.infer<typeof DrugMonographSchema>, 'sections'> & { sections: Sections };

/** The parts of one section; empty when the monograph does not print it. */
export function sectionParts(m: DrugMonograph, section: SectionKey): MonographPart[] {
  return m.sections[section] ?? [];
}
