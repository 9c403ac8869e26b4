import { emptyFrame, type Population } from '@app/contracts';
import { route } from './route';
import { pediatricClarifyQuestion } from './wording';

const nameOf = (id: string) => id;
const dosing = (population: Population | null, age: string | null, weight: number | null) =>
  route(
    'liều?',
    emptyFrame({
      turn_type: 'dosing_calc',
      drugs: ['paracetamol'],
      attribute: 'lieu_luong_cach_dung',
      population,
      age_text: age,
      weight_kg: weight,
    }),
    nameOf,
  );

describe('dosing state machine: code decides the required slots', () => {
  it('asks only for age when the weight is known, echoing "18 kg"', () => {
    expect(pediatricClarifyQuestion(null, 18)).toBe('Bé nặng 18 kg, vậy bé bao nhiêu tuổi?');
  });
  it('asks only for weight when the age is known, echoing "5 tuổi"', () => {
    expect(pediatricClarifyQuestion('5 tuổi', null)).toBe('Bé 5 tuổi, vậy bé nặng bao nhiêu kg?');
  });
  it('asks for both in one question when neither is known', () => {
    expect(pediatricClarifyQuestion(null, null)).toBe('Bé bao nhiêu tuổi và nặng bao nhiêu kg?');
  });
  it('echoes a decimal weight with a decimal comma', () => {
    expect(pediatricClarifyQuestion(null, 12.5)).toBe('Bé nặng 12,5 kg, vậy bé bao nhiêu tuổi?');
  });

  it.each<[Population | null, string | null, number | null, string]>([
    [null, null, null, 'missing_population'],
    [null, '5 tuổi', 18, 'missing_population'],
    ['pediatric', null, null, 'missing_pediatric_age_or_weight'],
    ['pediatric', '5 tuổi', null, 'missing_pediatric_age_or_weight'],
    ['pediatric', null, 18, 'missing_pediatric_age_or_weight'],
    ['pediatric', '5 tuổi', 18, 'single_drug'],
    ['adult', null, null, 'single_drug'],
    ['adult', '40 tuổi', null, 'single_drug'],
    ['elderly', null, null, 'single_drug'],
    ['elderly', '80 tuổi', 50, 'single_drug'],
  ])('population %s, age %s, weight %s → %s (route is never a required slot)', (p, a, w, expected) => {
    const r = dosing(p, a, w);
    expect(r.kind === 'reply' ? r.reply.reason : r.kind).toBe(expected);
  });

  it('the paediatric question says exactly what is missing', () => {
    const r = dosing('pediatric', null, 18);
    expect(r.kind === 'reply' && r.reply.answer).toBe('Bé nặng 18 kg, vậy bé bao nhiêu tuổi?');
    const r2 = dosing('pediatric', '5 tuổi', null);
    expect(r2.kind === 'reply' && r2.reply.answer).toBe('Bé 5 tuổi, vậy bé nặng bao nhiêu kg?');
  });
});
