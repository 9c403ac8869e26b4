import { classesAsked, classesPointedAt, inClasses } from './drug-class';
import { expandShorthand } from './shorthand';

const labels = (t: string) => classesAsked(expandShorthand(t)).map((c) => c.label);

describe('classes a list is asked by', () => {
  it('reads the classes said right before the question word', () => {
    expect(labels('thuốc giảm đau opioid nào dùng dc?')).toEqual(['opioid', 'giảm đau']);
    expect(labels('bn viêm phổi cộng đồng, ks nào?')).toEqual(['kháng sinh']);
    expect(labels('kháng histamin gì không gây buồn ngủ')).toEqual(['kháng histamin']);
    expect(labels('thuoc ha sot loai nao cho be')).toEqual(['hạ sốt']);
    expect(labels('nhóm NSAID nào')).toEqual(['nsaid']);
  });

  it('a class said elsewhere in the note is not the class asked', () => {
    // history ("đã dùng giảm đau thông thường") before another question
    expect(labels('đau xương dù đã dùng giảm đau thông thường. thuốc nào trị loãng xương')).toEqual([]);
    expect(labels('đang dùng ks 3 ngày, tiêu chảy, thuốc nào dùng được')).toEqual([]);
    // no question word at all
    expect(labels('bn đang dùng thuốc giảm đau')).toEqual([]);
  });

  it('typed with its marks a word is only itself: "giam dau" folds, "giâm đầu" does not', () => {
    expect(labels('thuoc giam dau nao')).toEqual(['giảm đau']);
    expect(labels('giâm đầu nào')).toEqual([]);
  });

  it('a class said ruled out ("không phải opioid", "ngoài NSAID") is excluded, before or after the question', () => {
    const read = (t: string) =>
      classesAsked(expandShorthand(t))
        .map((c) => `${c.excluded ? '-' : '+'}${c.label}`)
        .sort();
    expect(read('can thuoc giam dau ko phai opioid, loai nao dung dc?')).toEqual(['+giảm đau', '-opioid']);
    expect(read('thuốc giảm đau nào mà không phải opioid')).toEqual(['+giảm đau', '-opioid']);
    expect(read('thuốc giảm đau ngoài NSAID loại nào')).toEqual(['+giảm đau', '-nsaid']);
    // asked, not ruled out
    expect(read('thuốc giảm đau opioid nào')).toEqual(['+giảm đau', '+opioid']);
    const asked = classesAsked('thuốc giảm đau nào không phải opioid');
    // paracetamol (N02BE01) is in; tramadol (N02AX02) is ruled out; ibuprofen (M01AE01) is in
    expect(inClasses('N02BE01', asked)).toBe(true);
    expect(inClasses('N02AX02', asked)).toBe(false);
    expect(inClasses('M01AE01', asked)).toBe(true);
  });
  it('a class pointed at after "thuốc" anywhere in the turn, including the names wards give by use', () => {
    expect(
      classesPointedAt('còn thuốc chống kết tập đang dùng thì liều duy trì bao nhiêu').map((c) => c.label),
    ).toEqual(['kháng tiểu cầu']);
    expect(classesPointedAt('thuoc huyet ap kia uong luc nao').map((c) => c.atc)).toEqual([
      ['C02', 'C03', 'C07', 'C08', 'C09'],
    ]);
    expect(classesPointedAt('bn tăng huyết áp, liều bao nhiêu')).toEqual([]);
  });
  it('a drug is in a class by its ATC code, and must be in every class asked', () => {
    const [opioid, analgesic] = classesAsked('thuốc giảm đau opioid nào');
    expect(inClasses('N02AX02', [opioid, analgesic])).toBe(true); // tramadol
    expect(inClasses('N02BE01', [opioid, analgesic])).toBe(false); // paracetamol
    expect(inClasses('N02BE01', [analgesic])).toBe(true);
    expect(inClasses('R03AC02', [analgesic])).toBe(false); // salbutamol
    expect(inClasses('R03AC02', [])).toBe(true);
  });
});
