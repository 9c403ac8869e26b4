import { z } from 'zod';
import { PopulationSchema, RouteSchema, SECTION_KEYS } from '@app/contracts';

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

/** One drug's monograph file (data/formulary/<drug_id>.json). */
export const DrugMonographSchema = z
  .object({
    drug_id: z.string().regex(DRUG_ID, 'must be an ascii slug (a-z, 0-9, single _)'),
    name: z.string().min(2),
    aliases: z.array(z.string().min(2)),
    atc: z.string().regex(/^[A-Z]\d{2}[A-Z]{2}\d{2}$/, 'must be a 7-character ATC code'),
    sample_data: z.boolean(),
    sections: z
      .object(
        Object.fromEntries(SECTION_KEYS.map((s) => [s, z.array(PartSchema).min(1, 'must have at least one part')])) as {
          [K in (typeof SECTION_KEYS)[number]]: z.ZodArray<typeof PartSchema>;
        },
      )
      .strict(),
  })
  .strict();
export type DrugMonograph = z.infer<typeof DrugMonographSchema>;
