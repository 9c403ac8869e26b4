import lexicon from '../../../data/lexicon/ward-shorthand.json';
import { expandShorthand } from './shorthand';
import { sampleIndex } from './test-corpus';

interface Entry {
  abbr: string;
  expansion: string;
  examples: [string, string][];
  counter_examples?: string[];
}
const entries = (lexicon as unknown as { entries: Entry[] }).entries;
const { resolver } = sampleIndex();
const expand = (t: string) => expandShorthand(t, (w) => resolver.isDrugName(w));
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const token = (abbr: string) => new RegExp(`(^|[\\s(,;:])${escape(abbr)}(?=$|[\\s),.;:!?])`, 'u');

describe('ward shorthand (data/lexicon/ward-shorthand.json)', () => {
  it.each(entries.flatMap((e) => e.examples.map(([typed]) => [e.abbr, typed, e.expansion] as const)))(
    '"%s" in "%s" reads as "%s"',
    (abbr, typed, expansion) => {
      const out = expand(typed);
      expect(out).toContain(expansion);
      expect(token(abbr).test(out)).toBe(false);
    },
  );

  it.each(entries.flatMap((e) => (e.counter_examples ?? []).map((c) => [e.abbr, c, e.expansion] as const)))(
    '"%s" in "%s" does not read as "%s" (another meaning)',
    (_abbr, typed, expansion) => {
      expect(expand(typed).includes(expansion) && !typed.includes(expansion)).toBe(false);
    },
  );

  it.each([
    ['G12 bn nam 50t VMDU', 'giường 12 bệnh nhân nam 50 tuổi'],
    ['còn G14 bé gái 4t', 'còn giường 14 bé gái 4 tuổi'],
    ['bé G7 16 cân', 'bé giường 7 16 cân'],
    ['G5: cụ ông 80t', 'giường 5: cụ ông 80 tuổi'],
  ])('a bed typed "G" and its number beside the patient: "%s"', (typed, read) => expect(expand(typed)).toContain(read));
  it.each(['pha G5% 250 ml', 'G5 truyền 500 ml', 'truyền G10 nhanh', 'g5 bn'])('"%s" is no bed', (typed) =>
    expect(expand(typed)).not.toContain('giường'),
  );

  it('shorthand glued to a "per" unit is read apart from it; a dose per day is left as typed', () => {
    expect(expandShorthand('eGFR 38 thì max bnhiu/ngày')).toBe('eGFR 38 thì max bao nhiêu /ngày');
    expect(expandShorthand('tối đa 3000 mg/ngày')).toBe('tối đa 3000 mg/ngày');
  });

  it('reads a ward note whole: "bn 68t THA, ĐTĐ typ 2, ClCr 25 ml/p, liều metformin?"', () => {
    expect(expand('bn 68t THA, ĐTĐ typ 2, ClCr 25 ml/p, liều metformin?')).toBe(
      'bệnh nhân 68 tuổi tăng huyết áp, đái tháo đường typ 2, độ thanh thải creatinin 25 ml/phút, liều metformin?',
    );
    expect(expand('PCM uống bn ml?')).toBe('paracetamol uống bao nhiêu ml?');
    expect(expand('ceftriaxon TB liều bn')).toBe('ceftriaxon tiêm bắp liều bao nhiêu');
  });

  it('a clause that is only a route\'s letters answers "which route?"', () => {
    expect(expand('TB nhé, khoa chưa lấy được ven')).toBe('tiêm bắp nhé, khoa chưa lấy được ven');
    expect(expand('TM ạ')).toBe('tĩnh mạch ạ');
    // an acknowledgement before the letters leaves them a clause of their own
    expect(expand('ok TM, liều nạp?')).toBe('ok tĩnh mạch, liều nạp?');
    expect(expand('dạ TB ạ')).toBe('dạ tiêm bắp ạ');
    // after a dose per kilogram, the letters are the route
    expect(expand('phenytoin nạp 20mg/kg TM')).toBe('phenytoin nạp 20 mg/kg tĩnh mạch');
    // inside a clause, the letters keep their other meanings
    expect(expand('thiếu máu mức độ TB.')).toBe('thiếu máu mức độ TB.');
    expect(expand('TB 12 G/l')).toBe('TB 12 G/l');
  });

  it('reads an abbreviation typed in capitals with marks the lexicon writes without', () => {
    expect(expand('VMDƯ hắt hơi chảy mũi nhiều')).toBe('viêm mũi dị ứng hắt hơi chảy mũi nhiều');
    // a word with its marks that is no abbreviation stays as typed; "Đ" is never read as "D"
    expect(expand('BỆNH nhân')).toBe('BỆNH nhân');
    expect(expand('ĐVT chi tiết')).toBe('ĐVT chi tiết');
  });

  it('reads "viêm" written as a capital V glued to the organ ("VHọng", "VPhổi"), never a word of capitals', () => {
    expect(expandShorthand('BN nam 35t, VHọng do liên cầu')).toContain('viêm họng do liên cầu');
    expect(expandShorthand('VPhổi cộng đồng')).toBe('viêm phổi cộng đồng');
    expect(expandShorthand('VIP')).toBe('VIP');
    expect(expandShorthand('Vitamin C')).toBe('Vitamin C');
  });

  it('leaves text without shorthand exactly as typed', () => {
    for (const t of ['Trẻ 5 tuổi nặng 18 kg, liều paracetamol đường uống?', 'Warfarin và aspirin có tương tác không?'])
      expect(expand(t)).toBe(t);
  });
});
