import { namesCondition } from './corpus-index';
import { indicationAges, indicationFitsAge, partsForAge, patientAges } from './indication-age';
import { sampleIndex } from './test-corpus';

describe('who an indication is for, by age (the piece that names the condition)', () => {
  const index = sampleIndex();
  const text = (id: string) => index.part(id)!.text;
  const by = (condition: string) => (piece: string) => namesCondition(piece, condition);

  it('reads adults, children, children from an age, and both', () => {
    expect(indicationAges(text('metformin__chi_dinh__1'), by('đái tháo đường typ 2'))).toEqual({
      min: 18,
      max: Infinity,
    });
    expect(indicationAges(text('metformin__chi_dinh__2'), by('đái tháo đường typ 2'))).toEqual({ min: 10, max: 18 });
    expect(indicationAges(text('gliclazid__chi_dinh__1'), by('đái tháo đường typ 2'))).toEqual({
      min: 18,
      max: Infinity,
    });
    // "ở người lớn và trẻ vị thành niên từ 12 tuổi trở lên": from 12
    expect(indicationAges(text('domperidon__chi_dinh__1'), by('buồn nôn'))).toEqual({ min: 12, max: Infinity });
    // "hạ sốt ở người lớn và trẻ em": everyone
    expect(indicationAges(text('paracetamol__chi_dinh__2'), by('sốt'))).toBeNull();
  });

  it('an age said of one item of a list scopes that item only', () => {
    // ceftriaxon: "Bệnh lậu …, sốt thương hàn, …; viêm tai giữa cấp ở trẻ em …"
    expect(indicationAges(text('ceftriaxon__chi_dinh__3'), by('viêm tai giữa cấp'))).toEqual({ min: 0, max: 18 });
    expect(indicationAges(text('ceftriaxon__chi_dinh__3'), by('bệnh lậu'))).toBeNull();
    // diazepam: "cắt cơn co giật kéo dài và trạng thái động kinh, co giật do sốt cao ở trẻ em, …": an adult's too
    expect(indicationAges(text('diazepam__chi_dinh__2'), by('co giật'))).toBeNull();
  });

  it('a drug keeps the indications for the patient’s age; an unscoped one beside another age’s is not the patient’s', () => {
    const t2 = by('đái tháo đường typ 2');
    const parts = (d: string) =>
      index.section(d, 'chi_dinh').filter((p) => namesCondition(p.text, 'đái tháo đường typ 2'));
    const child13 = patientAges('bé trai 13t');
    expect(partsForAge(parts('metformin'), child13, t2).map((p) => p.doc_id)).toEqual(['metformin__chi_dinh__2']);
    // gliclazid: "… ở người lớn" and "… dùng phối hợp với metformin" (no age): nothing for a 13-year-old
    expect(partsForAge(parts('gliclazid'), child13, t2)).toEqual([]);
    expect(partsForAge(parts('gliclazid'), patientAges('bn 60t'), t2)).toHaveLength(2);
    // "kể cả suy giáp ở trẻ em" includes children; it does not make the use a child's only
    const hypo = by('suy giáp');
    expect(
      partsForAge(index.section('levothyroxin', 'chi_dinh').slice(0, 1), patientAges('bn nữ 74t'), hypo),
    ).toHaveLength(1);
  });

  it('a patient fits where the ages overlap; an age nobody said fits everything', () => {
    const child13 = patientAges('bé trai 13t, ĐTĐ typ 2');
    expect(child13).toEqual({ min: 13, max: 13 });
    const t2 = by('đái tháo đường typ 2');
    expect(indicationFitsAge(text('metformin__chi_dinh__1'), child13, t2)).toBe(false);
    expect(indicationFitsAge(text('metformin__chi_dinh__2'), child13, t2)).toBe(true);
    expect(indicationFitsAge(text('gliclazid__chi_dinh__1'), child13, t2)).toBe(false);
    expect(indicationFitsAge(text('gliclazid__chi_dinh__1'), patientAges('bn nam 60t'), t2)).toBe(true);
    expect(indicationFitsAge(text('gliclazid__chi_dinh__1'), patientAges('thuốc nào trị ĐTĐ'), t2)).toBe(true);
    expect(indicationFitsAge(text('metformin__chi_dinh__2'), patientAges('bn nữ 45t'), t2)).toBe(false);
  });
});
