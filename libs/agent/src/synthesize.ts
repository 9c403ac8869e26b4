import { POPULATION_LABELS, ROUTE_LABELS, type QueryFrame } from '@app/contracts';
import { formatKg } from './wording';

/**
 * Folds the resolved frame into one self-contained question: generation sees no
 * history, so "Uống" three turns into a dose conversation must arrive with its
 * population, age, weight and route. Only known fields are written.
 */
export function synthesizeQuery(turn: string, frame: QueryFrame): string {
  const parts = [turn.trim().replace(/[.?!\s]+$/u, '')];
  if (frame.population) parts.push(`Đối tượng: ${POPULATION_LABELS[frame.population]}`);
  if (frame.age_text) parts.push(`Tuổi: ${frame.age_text}`);
  if (frame.weight_kg !== null) parts.push(`Cân nặng: ${formatKg(frame.weight_kg)} kg`);
  if (frame.route) parts.push(`Đường dùng: ${ROUTE_LABELS[frame.route].toLowerCase()}`);
  const c = frame.condition ?? frame.indication;
  if (c) parts.push(`Chỉ định/triệu chứng: ${c}`);
  const comorbid = frame.patient.comorbidities.filter(Boolean);
  if (comorbid.length) parts.push(`Bệnh nền: ${comorbid.join(', ')}`);
  if (frame.patient.renal) parts.push(`Dữ kiện thận: ${frame.patient.renal}`);
  if (frame.patient.hepatic) parts.push(`Dữ kiện gan: ${frame.patient.hepatic}`);
  if (frame.patient.pregnant) parts.push('Người bệnh đang mang thai');
  if (frame.patient.lactating) parts.push('Người bệnh đang cho con bú');
  return `${parts.join('. ')}.`;
}

/**
 * For a patient-specific candidate list: the raw patient values have done their job
 * (selecting safety sections) and are not formulary evidence, so they are withheld —
 * restating them in a cited claim would be rejected by the numeric guard.
 */
export function patientGenerationQuery(condition: string, frame: QueryFrame): string {
  const facets: string[] = [];
  if (frame.patient.pregnant) facets.push('thời kỳ mang thai');
  if (frame.patient.lactating) facets.push('thời kỳ cho con bú');
  if (frame.patient.renal) facets.push('chức năng thận');
  if (frame.patient.hepatic) facets.push('chức năng gan');
  if (frame.patient.comorbidities.length) facets.push(`bệnh kèm theo (${frame.patient.comorbidities.join(', ')})`);
  return `Các thuốc có chỉ định ${condition} theo Dược thư, kèm thông tin an toàn về: ${facets.join(', ')}.`;
}

/** The numbers the user supplied (age, weight, renal facts, the turn itself). */
export function userNumbers(turns: string[], frame: QueryFrame): string[] {
  const text = [
    ...turns,
    frame.age_text ?? '',
    frame.weight_kg !== null ? formatKg(frame.weight_kg) : '',
    frame.patient.renal ?? '',
  ].join(' ');
  return [...new Set(text.match(/\d+(?:[.,]\d+)*/g) ?? [])];
}

/** Does the patient context call for a safety review of condition -> drug candidates (stage 2)? */
export function needsSafetyReview(frame: QueryFrame): boolean {
  const p = frame.patient;
  return (
    p.pregnant ||
    p.lactating ||
    p.renal !== null ||
    p.hepatic !== null ||
    p.comorbidities.length > 0 ||
    p.allergies.length > 0
  );
}
