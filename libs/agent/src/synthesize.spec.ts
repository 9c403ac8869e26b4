import { emptyFrame } from '@app/contracts';
import { patientGenerationQuery, synthesizeQuery, userNumbers } from './synthesize';

describe('query synthesis', () => {
  it('folds the resolved frame into one self-contained question (only known fields)', () => {
    const f = emptyFrame({ population: 'pediatric', age_text: '5 tuổi', weight_kg: 18, route: 'uong' });
    expect(synthesizeQuery('Uống', f)).toBe(
      'Uống. Đối tượng: trẻ em. Tuổi: 5 tuổi. Cân nặng: 18 kg. Đường dùng: uống.',
    );
    expect(synthesizeQuery('Chỉ định của amoxicillin?', emptyFrame())).toBe('Chỉ định của amoxicillin.');
  });

  it('adds condition, comorbidities and renal facts when known', () => {
    const f = emptyFrame({
      condition: 'tăng huyết áp',
      patient: {
        pregnant: false,
        lactating: false,
        renal: 'eGFR 25',
        hepatic: null,
        allergies: [],
        comorbidities: ['đái tháo đường'],
      },
    });
    expect(synthesizeQuery('Thuốc nào?', f)).toBe(
      'Thuốc nào. Chỉ định/triệu chứng: tăng huyết áp. Bệnh nền: đái tháo đường. Dữ kiện thận: eGFR 25.',
    );
  });

  it('withholds raw patient values from a patient-specific candidate list query', () => {
    const f = emptyFrame({
      patient: { pregnant: true, lactating: false, renal: 'eGFR 25', hepatic: null, comorbidities: [], allergies: [] },
    });
    const q = patientGenerationQuery('tăng huyết áp', f);
    expect(q).toContain('thời kỳ mang thai');
    expect(q).toContain('chức năng thận');
    expect(q).not.toMatch(/\d/);
  });

  it('collects the numbers the user gave', () => {
    const f = emptyFrame({ age_text: '5 tuổi', weight_kg: 18.5 });
    expect(userNumbers(['Bé nặng 18,5 kg'], f).sort()).toEqual(['18,5', '5']);
  });
});
