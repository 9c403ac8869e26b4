import { EMPTY_PATIENT, emptyFrame, type PatientContext, type QueryFrame, type RetrievalResult } from '@app/contracts';
import { againstPatient, saidAllergens } from './against-patient';
import { decide } from './decide';
import { readSeverity } from './patient-severity';
import { retrieveForFrame } from './retrieve';
import { expandShorthand } from './shorthand';
import { sampleIndex } from './test-corpus';

const index = sampleIndex();

/** One drug's question through retrieval, decide and the patient check, as the retrieval worker runs it. */
function ask(
  drug: string,
  said: string,
  frame: Partial<QueryFrame> = {},
  patient: Partial<PatientContext> = {},
): RetrievalResult {
  const f = emptyFrame({
    turn_type: 'dosing_calc',
    drugs: [drug],
    attribute: 'lieu_luong_cach_dung',
    population: 'adult',
    age_text: '45 tuổi',
    ...frame,
    patient: { ...EMPTY_PATIENT, ...patient },
  });
  const decided = decide(retrieveForFrame(index, f, said), f, index, [], said);
  return againstPatient(decided, f, index, readSeverity([said], f.patient), expandShorthand(said));
}

describe('a single-drug answer held against the patient', () => {
  it('an allergy to the drug’s class withholds its dose: the hypersensitivity clause stands in its place', () => {
    const r = ask(
      'amoxicillin',
      'bn dị ứng penicilin, liều amoxicillin uống?',
      { route: 'uong' },
      {
        allergies: ['penicilin'],
      },
    );
    expect(r.withheld).toBe(true);
    expect(r.parts.map((p) => p.section)).toEqual(['chong_chi_dinh']);
    expect(r.parts[0].text).toContain('nhóm penicilin');
    expect(r.contraindicated?.[0]).toMatchObject({ drug_id: 'amoxicillin', applies: 'yes' });
  });

  it('an allergy the frame left out but the user’s words say still withholds the dose', () => {
    const r = ask(
      'amoxicillin',
      'bé 6 tuổi 20kg, năm ngoái uống penicillin bị nổi mề đay, giờ uống amoxicillin liều?',
      {
        route: 'uong',
        population: 'pediatric',
        age_text: '6 tuổi',
        weight_kg: 20,
      },
    );
    expect(r.withheld).toBe(true);
    expect(r.parts.every((p) => p.section === 'chong_chi_dinh')).toBe(true);
  });

  it('a denied allergy withholds nothing', () => {
    expect(saidAllergens('bn ko dị ứng penicilin, liều amoxicillin?')).not.toContain('penicilin');
    const r = ask('amoxicillin', 'bn nam 45t ko dị ứng penicilin, liều amoxicillin uống?', { route: 'uong' });
    expect(r.withheld).toBeUndefined();
    expect(r.parts.some((p) => p.section === 'lieu_luong_cach_dung')).toBe(true);
  });

  it('an allergy only a clause names (cross-allergy) is quoted as a maybe, and the dose stands', () => {
    const r = ask(
      'cefalexin',
      'bn dị ứng penicilin nổi mẩn, liều cefalexin uống?',
      { route: 'uong' },
      {
        allergies: ['penicilin'],
      },
    );
    expect(r.withheld).toBeUndefined();
    expect(r.parts.some((p) => p.section === 'lieu_luong_cach_dung')).toBe(true);
    const f = r.contraindicated!.find((c) => c.quote.includes('penicilin'));
    expect(f?.applies).toBe('maybe');
  });

  it('a clause scoped to dosage forms holds against those forms only', () => {
    const said = 'sản phụ thai 14 tuần dọa sảy thai, salbutamol';
    const oral = ask('salbutamol', `${said} uống liều?`, { route: 'uong' }, { pregnant: true });
    expect(oral.contraindicated?.some((c) => c.quote.includes('sẩy thai'))).toBe(true);
    const inhaled = ask('salbutamol', `${said} xịt liều?`, { route: 'hit' }, { pregnant: true });
    expect(inhaled.contraindicated?.some((c) => c.quote.includes('sẩy thai')) ?? false).toBe(false);
  });

  it('a pairing clause holds when the patient takes the other drug, not the drug asked about', () => {
    const own = ask('ciprofloxacin', 'bn đang uống ciprofloxacin, uống với sữa được không?', {
      attribute: 'tuong_tac_thuoc',
    });
    expect(own.contraindicated).toBeUndefined();
    const pair = ask('ciprofloxacin', 'bn đang uống tizanidin, liều ciprofloxacin uống?', { route: 'uong' });
    expect(pair.withheld).toBe(true);
    expect(pair.contraindicated?.[0].quote).toContain('tizanidin');
  });

  it('a kidney state past the contraindication’s threshold withholds the dose', () => {
    const r = ask('metformin', 'bn ĐTĐ typ 2, eGFR 25, liều metformin?', { route: 'uong' }, { renal: 'eGFR 25' });
    expect(r.withheld).toBe(true);
    expect(r.parts.every((p) => p.section === 'chong_chi_dinh' || p.section === 'thoi_ky_mang_thai')).toBe(true);
  });

  it('asked whether a patient may use the drug, a precaution that advises against it for them is the answer', () => {
    const child = { attribute: 'chong_chi_dinh' as const, population: 'pediatric' as const, age_text: '2 tuổi' };
    // no contraindication names a 2-year-old; the precaution "trẻ em dưới 12 tuổi … không khuyến cáo dùng" does
    const mayUse = ask('domperidon', 'bé 2 tuổi 13kg nôn nhiều, cho uống domperidon được không?', child);
    expect(mayUse.withheld).toBeUndefined();
    expect(mayUse.answered_section).toBe('than_trong');
    expect(mayUse.parts.map((p) => p.section)).toEqual(['than_trong']);
    expect(mayUse.parts[0].text).toContain('không khuyến cáo');
    expect(mayUse.contraindicated).toBeUndefined();
    // asked for the contraindications by name: they are the answer, the precaution is quoted before them
    const named = ask('domperidon', 'bé 2 tuổi, chống chỉ định của domperidon là gì?', child);
    expect(named.answered_section).toBeUndefined();
    expect(named.parts.every((p) => p.section === 'chong_chi_dinh')).toBe(true);
    expect(named.contraindicated?.map((c) => c.section)).toEqual(['than_trong']);
    // a contraindication that names the patient stays the answer
    const allergic = ask(
      'ibuprofen',
      'bé bị thủy đậu, dị ứng ibuprofen, uống ibuprofen được không?',
      {
        ...child,
        age_text: '5 tuổi',
      },
      { allergies: ['ibuprofen'] },
    );
    expect(allergic.answered_section).toBeUndefined();
    expect(allergic.parts.some((p) => p.section === 'chong_chi_dinh')).toBe(true);
    // the chickenpox precaution alone: it is the answer
    const pox = ask('ibuprofen', 'bé đang bị thủy đậu, vẫn cho uống ibuprofen được chứ?', {
      ...child,
      age_text: '5 tuổi',
    });
    expect(pox.answered_section).toBe('than_trong');
    expect(pox.parts.map((p) => p.text).join(' ')).toContain('Tránh dùng khi bị thủy đậu');
  });

  it('the contraindications asked for, and a patient with nothing said against the drug, are left as they are', () => {
    const asked = ask(
      'amoxicillin',
      'chống chỉ định của amoxicillin',
      { attribute: 'chong_chi_dinh' },
      {
        allergies: ['penicilin'],
      },
    );
    expect(asked.withheld).toBeUndefined();
    expect(asked.contraindicated).toBeUndefined();
    const plain = ask('paracetamol', 'bn nam 45t liều paracetamol uống?', { route: 'uong' });
    expect(plain.contraindicated).toBeUndefined();
    expect(plain.withheld).toBeUndefined();
  });
});
