import { emptyFrame } from '@app/contracts';
import { frameToRemember, mergeWithPriorFrame } from './merge';
import { route } from './route';

describe('frame memory: merge with the prior frame', () => {
  const clarifyPrior = emptyFrame({
    turn_type: 'dosing_calc',
    drugs: ['paracetamol'],
    attribute: 'lieu_luong_cach_dung',
    population: 'pediatric',
    weight_kg: 18,
  });

  it('completes a dosing question after a clarify ("Bé nặng 18 kg" → "5 tuổi, uống")', () => {
    const m = mergeWithPriorFrame(
      emptyFrame({ follow_up: true, age_text: '5 tuổi', route: 'uong', population: 'pediatric' }),
      clarifyPrior,
    );
    expect(m).toMatchObject({
      turn_type: 'dosing_calc',
      drugs: ['paracetamol'],
      population: 'pediatric',
      age_text: '5 tuổi',
      weight_kg: 18,
      route: 'uong',
    });
  });

  it('keeps the drug for a section follow-up ("Còn chống chỉ định thì sao?") and switches the section', () => {
    const prior = emptyFrame({ turn_type: 'drug_attribute', drugs: ['amoxicillin'], attribute: 'chi_dinh' });
    const m = mergeWithPriorFrame(emptyFrame({ follow_up: true, attribute: 'chong_chi_dinh' }), prior);
    expect(m).toMatchObject({ turn_type: 'drug_attribute', drugs: ['amoxicillin'], attribute: 'chong_chi_dinh' });
  });

  it('turns a section follow-up about dosing into a dosing question', () => {
    const prior = emptyFrame({ turn_type: 'drug_attribute', drugs: ['amoxicillin'], attribute: 'chi_dinh' });
    expect(
      mergeWithPriorFrame(emptyFrame({ follow_up: true, attribute: 'lieu_luong_cach_dung' }), prior).turn_type,
    ).toBe('dosing_calc');
  });

  it('carries nothing over from a question about an animal (routing row 1)', () => {
    const animal = { ...clarifyPrior, non_human: true, weight_kg: 12 };
    const turn = emptyFrame({ follow_up: true, age_text: '5 tuổi', population: 'pediatric' });
    expect(mergeWithPriorFrame(turn, animal)).toEqual(turn);
    // the same follow-up after a human question does take the prior's drug and weight
    expect(mergeWithPriorFrame(turn, { ...animal, non_human: false })).toMatchObject({
      drugs: ['paracetamol'],
      weight_kg: 12,
    });
  });

  it("remembers the scope guard's verdict with the frame", () => {
    const dog = emptyFrame({
      turn_type: 'dosing_calc',
      drugs: ['paracetamol'],
      attribute: 'lieu_luong_cach_dung',
      weight_kg: 12,
    });
    const turn = 'Chó nặng 12 kg, liều paracetamol?';
    expect(
      frameToRemember(
        dog,
        route(turn, dog, (id) => id),
      ).non_human,
    ).toBe(true);
    const person = { ...dog, population: 'adult' as const };
    expect(
      frameToRemember(
        person,
        route('Người lớn, liều paracetamol?', person, (id) => id),
      ),
    ).toBe(person);
  });

  it('starts a new frame when the turn names other drugs', () => {
    const turn = emptyFrame({ follow_up: true, drugs: ['ibuprofen'], attribute: 'chi_dinh' });
    expect(mergeWithPriorFrame(turn, clarifyPrior)).toBe(turn);
  });

  it('starts a new frame for a new intent (not a follow-up)', () => {
    const turn = emptyFrame({ turn_type: 'condition_to_drug', condition: 'tăng huyết áp' });
    expect(mergeWithPriorFrame(turn, clarifyPrior)).toBe(turn);
  });

  it('drops the other population’s age and weight when the population changes', () => {
    const prior = emptyFrame({
      turn_type: 'dosing_calc',
      drugs: ['paracetamol'],
      attribute: 'lieu_luong_cach_dung',
      population: 'pediatric',
      age_text: '5 tuổi',
      weight_kg: 18,
    });
    const m = mergeWithPriorFrame(emptyFrame({ follow_up: true, population: 'adult' }), prior);
    expect(m).toMatchObject({ population: 'adult', age_text: null, weight_kg: null, drugs: ['paracetamol'] });
  });

  it('without a prior frame, the turn is its own frame', () => {
    const turn = emptyFrame({ follow_up: true, age_text: '5 tuổi' });
    expect(mergeWithPriorFrame(turn, null)).toBe(turn);
  });
});
