import { z } from 'zod';

/** Monograph section keys, as the formulary names them. */
export const SECTION_KEYS = [
  'chi_dinh',
  'chong_chi_dinh',
  'than_trong',
  'thoi_ky_mang_thai',
  'thoi_ky_cho_con_bu',
  'tac_dung_khong_mong_muon',
  'lieu_luong_cach_dung',
  'tuong_tac_thuoc',
  'qua_lieu_va_xu_tri',
  'duoc_ly',
] as const;
export const SectionKeySchema = z.enum(SECTION_KEYS);
export type SectionKey = z.infer<typeof SectionKeySchema>;

export const SECTION_TITLES: Record<SectionKey, string> = {
  chi_dinh: 'Chỉ định',
  chong_chi_dinh: 'Chống chỉ định',
  than_trong: 'Thận trọng',
  thoi_ky_mang_thai: 'Thời kỳ mang thai',
  thoi_ky_cho_con_bu: 'Thời kỳ cho con bú',
  tac_dung_khong_mong_muon: 'Tác dụng không mong muốn',
  lieu_luong_cach_dung: 'Liều lượng và cách dùng',
  tuong_tac_thuoc: 'Tương tác thuốc',
  qua_lieu_va_xu_tri: 'Quá liều và xử trí',
  duoc_ly: 'Dược lý và cơ chế tác dụng',
};

export const ROUTES = [
  'uong',
  'ngam_duoi_luoi',
  'dat_truc_trang',
  'tiem_tinh_mach',
  'truyen_tinh_mach',
  'tiem_bap',
  'tiem_duoi_da',
  'hit',
  'bo_ngoai_da',
  'nho_mat',
] as const;
export const RouteSchema = z.enum(ROUTES);
export type Route = z.infer<typeof RouteSchema>;

/** How a route is said to the user (quick replies, synthesized query). */
export const ROUTE_LABELS: Record<Route, string> = {
  uong: 'Uống',
  ngam_duoi_luoi: 'Ngậm dưới lưỡi',
  dat_truc_trang: 'Đặt trực tràng',
  tiem_tinh_mach: 'Tiêm tĩnh mạch',
  truyen_tinh_mach: 'Truyền tĩnh mạch',
  tiem_bap: 'Tiêm bắp',
  tiem_duoi_da: 'Tiêm dưới da',
  hit: 'Hít/xịt',
  bo_ngoai_da: 'Bôi ngoài da',
  nho_mat: 'Nhỏ mắt',
};

export const PopulationSchema = z.enum(['adult', 'pediatric', 'elderly']);
export type Population = z.infer<typeof PopulationSchema>;

export const POPULATION_LABELS: Record<Population, string> = {
  adult: 'người lớn',
  pediatric: 'trẻ em',
  elderly: 'người cao tuổi',
};

export const TurnTypeSchema = z.enum([
  'dosing_calc',
  'drug_attribute',
  'interaction',
  'condition_to_drug',
  'symptom_to_drug',
  'condition_relation',
  'smalltalk',
  'out_of_scope',
]);
export type TurnType = z.infer<typeof TurnTypeSchema>;

export const ConditionRelationSchema = z.enum(['INDICATION', 'CONTRAINDICATION', 'ADVERSE_EFFECT', 'CAUTION']);
export type ConditionRelation = z.infer<typeof ConditionRelationSchema>;

export const PatientContextSchema = z.object({
  pregnant: z.boolean(),
  lactating: z.boolean(),
  /** Renal facts as the user stated them, e.g. "suy thận", "eGFR 25 ml/phút". */
  renal: z.string().max(200).nullable(),
  hepatic: z.string().max(200).nullable(),
  comorbidities: z.array(z.string().max(200)).max(20),
  /** Drugs or drug classes the patient is allergic to, as the user named them ("penicilin"). */
  allergies: z.array(z.string().max(120)).max(20).default([]),
});
export type PatientContext = z.infer<typeof PatientContextSchema>;

/**
 * How far the patient's stated states go, read by code from the user's own words (never taken from a
 * model): the trimester of a pregnancy, the range a kidney function lies in, the grade of a liver
 * impairment. The contraindication review tells "contraindicated for this patient" from "not" and from
 * "cannot tell" with them; null is "not said".
 */
export const PatientSeveritySchema = z.object({
  trimester: z.number().int().min(1).max(3).nullable(),
  /** Creatinine clearance or eGFR range in ml/min, [low, high): a stated value is [v, v]. */
  renal_range: z.tuple([z.number().min(0).max(500), z.number().min(0).max(500)]).nullable(),
  hepatic_grade: z.enum(['mild', 'moderate', 'severe']).nullable(),
  /** The ages in years the user's words allow, [min, max] ("15 tuổi" → [15, 15]); null when no age is said. */
  age_years: z
    .tuple([z.number().min(0).max(130), z.number().min(0).max(130)])
    .nullable()
    .default(null),
});
export type PatientSeverity = z.infer<typeof PatientSeveritySchema>;

export const UNKNOWN_SEVERITY: PatientSeverity = {
  trimester: null,
  renal_range: null,
  hepatic_grade: null,
  age_years: null,
};

export const EMPTY_PATIENT: PatientContext = {
  pregnant: false,
  lactating: false,
  renal: null,
  hepatic: null,
  comorbidities: [],
  allergies: [],
};

/** A therapeutic class a question asks a list by ("giảm đau", "kháng sinh"), read by code from the user's words. */
export const AskedClassSchema = z.object({
  /** The class as said, canonical. */
  label: z.string().max(60),
  /** ATC prefixes; a listed drug starts with one of them. */
  atc: z.array(z.string().max(10)).min(1).max(10),
  /** What the class treats ("giảm đau" → "đau"), when it says it. */
  treats: z.string().max(60).nullable(),
  /** Said to be ruled out ("giảm đau không phải opioid"): no drug of the class is listed. */
  excluded: z.boolean().optional(),
});
export type AskedClass = z.infer<typeof AskedClassSchema>;

/** What the understanding step extracted from a turn (the model's understanding call or the stub parser). */
export const QueryFrameSchema = z.object({
  turn_type: TurnTypeSchema,
  /** Resolved formulary drug ids. */
  drugs: z.array(z.string().max(80)).max(10),
  /** Drug mentions not in the formulary, as the user wrote them. */
  unknown_drugs: z.array(z.string().max(120)).max(10),
  attribute: SectionKeySchema.nullable(),
  is_section_overview: z.boolean(),
  population: PopulationSchema.nullable(),
  age_text: z.string().max(60).nullable(),
  weight_kg: z.number().positive().max(500).nullable(),
  route: RouteSchema.nullable(),
  /**
   * The routes the user's words allow when they name none exactly: "tĩnh mạch" allows both
   * intravenous routes, "không uống được" every route but oral. Empty: any route.
   */
  allowed_routes: z.array(RouteSchema).max(10).default([]),
  condition: z.string().max(200).nullable(),
  indication: z.string().max(200).nullable(),
  condition_ambiguous: z.boolean(),
  condition_relation: ConditionRelationSchema.nullable(),
  patient: PatientContextSchema,
  needs_clarify: z.boolean(),
  clarify_reason: z.string().max(300).nullable(),
  understanding_failed: z.boolean(),
  /** Deterministic scope guard hint: the subject is an animal. */
  non_human: z.boolean(),
  /**
   * The turn only adds slot values (age, weight, route, population) or asks another
   * section of the conversation's current drug: merge it into the prior frame.
   */
  follow_up: z.boolean(),
  /**
   * The drugs the conversation's last reply listed (a condition → drug list of several), in the
   * order shown. Set by code after the reply, never by a model (the understanding tool's schema
   * leaves it out and grounding clears it): a follow-up that names none of them is offered them.
   */
  listed: z.array(z.string().max(80)).max(20).default([]),
});
export type QueryFrame = z.infer<typeof QueryFrameSchema>;

export function emptyFrame(overrides: Partial<QueryFrame> = {}): QueryFrame {
  return {
    turn_type: 'drug_attribute',
    drugs: [],
    unknown_drugs: [],
    attribute: null,
    is_section_overview: false,
    population: null,
    age_text: null,
    weight_kg: null,
    route: null,
    allowed_routes: [],
    condition: null,
    indication: null,
    condition_ambiguous: false,
    condition_relation: null,
    patient: { ...EMPTY_PATIENT },
    needs_clarify: false,
    clarify_reason: null,
    understanding_failed: false,
    non_human: false,
    follow_up: false,
    listed: [],
    ...overrides,
  };
}
