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

/**
 * A contraindication of one candidate that names the patient's state: `yes` it applies, `maybe` it may
 * (the words do not say the trimester or the severity it needs); `routes`, the routes a dosage-form
 * heading or the forms it forbids scope it to ("Dạng tiêm: …", "không dùng … dạng uống"), null for every form.
 */
export const ContraFindingSchema = z.object({
  drug_id: z.string(),
  doc_id: z.string(),
  section: SectionKeySchema,
  quote: z.string(),
  applies: z.enum(['yes', 'maybe']),
  routes: z.array(RouteSchema).nullable().default(null),
});
export type ContraFinding = z.infer<typeof ContraFindingSchema>;

/** A sentence of an interaction section that names the drug asked and a drug the patient's words say they take. */
export const CoMedicationNoteSchema = z.object({
  /** The drug asked about. */
  drug_id: z.string(),
  /** The drug the patient takes, named in the user's words. */
  other: z.string(),
  /** The drug whose interaction section says it. */
  owner: z.string(),
  doc_id: z.string(),
  quote: z.string(),
});
export type CoMedicationNote = z.infer<typeof CoMedicationNoteSchema>;

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
  /**
   * The single-drug answer held against the patient (`againstPatient`): this patient's allergies and
   * contraindications of the drug asked, which the reply quotes before the answer.
   */
  contraindicated: z.array(ContraFindingSchema).optional(),
  /** What the interaction sections say of the drug asked beside a drug the patient takes (`coMedicationNotes`). */
  co_medications: z.array(CoMedicationNoteSchema).optional(),
  /** A dose or way of giving it withheld: a contraindication that surely applies stands in its place (`parts`). */
  withheld: z.boolean().optional(),
  /**
   * The section the parts answer from when it is not the one the frame asked: asked whether the drug may be used,
   * the precaution that tells to avoid it for this patient (`againstPatient`).
   */
  answered_section: SectionKeySchema.optional(),
});
export type RetrievalResult = z.infer<typeof RetrievalResultSchema>;
