import { excludedByAllergy } from './allergy';
import { sampleIndex } from './test-corpus';

describe('excludedByAllergy', () => {
  const index = sampleIndex();
  const furosemid = index.drug('furosemid')!;
  const contra = index.section('furosemid', 'chong_chi_dinh').map((p) => p.text);

  it('a class allergy is held against every name of the class the contraindications write', () => {
    // "Quá mẫn với furosemid, với sulfonamid …" against "dị ứng sulfamid"
    expect(excludedByAllergy(furosemid, 'sulfamid', contra)).toBe(true);
    expect(excludedByAllergy(furosemid, 'sulfa', contra)).toBe(true);
  });

  it('an allergy the contraindications do not name keeps the drug', () => {
    expect(excludedByAllergy(furosemid, 'penicilin', contra)).toBe(false);
  });
});
