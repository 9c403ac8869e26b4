import { z } from 'zod';
import { PopulationSchema, RouteSchema, SectionKeySchema } from './frame';

/** One part of a monograph, as it travels between hops (verbatim text included). */
export const EvidencePartSchema = z.object({
  doc_id: z.string(),
  drug_id: z.string(),
  drug_name: z.string(),
  section: SectionKeySchema,
  n: z.number().int().positive(),
  text: z.string(),
  population: z.array(PopulationSchema),
  route: RouteSchema.nullable(),
  interacts_with: z.array(z.string()),
  /** PDF page of an unverified table, or null. */
  quarantined_page: z.number().int().positive().nullable(),
  score: z.number().optional(),
});
export type EvidencePart = z.infer<typeof EvidencePartSchema>;

/** AMBIGUOUS_AGE: a child's age known only as a range ("học lớp 1") that the dose's age rows split. */
export const RetrievalDecisionSchema = z.enum([
  'ANSWERABLE',
  'VERIFY_PDF',
  'AMBIGUOUS_ROUTE',
  'AMBIGUOUS_AGE',
  'INSUFFICIENT',
]);
export type RetrievalDecision = z.infer<typeof RetrievalDecisionSchema>;

export const RetrievalResultSchema = z.object({
  decision: RetrievalDecisionSchema,
  parts: z.array(EvidencePartSchema),
  /** Route options when decision is AMBIGUOUS_ROUTE. */
  routes: z.array(RouteSchema),
  /**
   * Precautions the reply quotes beside the answer, not as its evidence: those that speak of elderly patients
   * when an elderly patient's dose comes from the adult entries.
   */
  cautions: z.array(EvidencePartSchema).optional(),
});
export type RetrievalResult = z.infer<typeof RetrievalResultSchema>;
