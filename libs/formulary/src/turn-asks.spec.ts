import {
  amountAsked,
  conditionAlsoHad,
  exceptedDrugs,
  howToGiveAsked,
  nameDenied,
  switchedFrom,
  tellsOnly,
} from './turn-asks';
import { expandShorthand } from './shorthand';
import { sampleIndex } from './test-corpus';

describe('conditionAlsoHad: a condition told as one the patient also has, asking what may still be used', () => {
  it.each([
    ['Mẹ tôi còn bị suy tim, bác sĩ bảo suy tim độ 3. Vậy thuốc nào dùng được?', 'suy tim'],
    ['bn cũng bị đái tháo đường, thuốc nào dùng đc', 'đái tháo đường'],
    ['ba em bị thêm suy thận nữa, uống được không', 'suy thận'],
    ['bn kèm theo hen phế quản thì sao', 'hen phế quản'],
  ])('"%s" (%s)', (t, c) => expect(conditionAlsoHad(t, c)).toBe(true));
  it.each([
    ['bn còn bị suy tim, thuốc nào trị suy tim?', 'suy tim'],
    ['bn bị suy tim, thuốc nào dùng được?', 'suy tim'],
    ['còn bị suy tim nữa', 'suy tim'],
    ['bn cũng bị ho, thuốc nào dùng được', 'suy tim'],
  ])('"%s" (%s) is not', (t, c) => expect(conditionAlsoHad(t, c)).toBe(false));
});

describe('tellsOnly: a turn that asks nothing', () => {
  it.each([
    'À tuần trước mẹ em nội soi, bác sĩ nói có ổ loét dạ dày đang tiến triển, đang điều trị.',
    'bn này dị ứng penicillin, ko sốt',
    'à quên, bn đang có thai 24 tuần',
  ])('"%s" tells', (t) => expect(tellsOnly(t)).toBe(true));
  it.each(['thuốc nào dùng được', 'uống được không', 'liều bao nhiêu', 'vậy thì sao', 'còn bn này?', 'dùng đc ko'])(
    '"%s" asks',
    (t) => expect(tellsOnly(t)).toBe(false),
  );
});

describe('amountAsked: an amount of the drug asked', () => {
  it.each(['vậy bé xịt mấy nhát', 'mỗi lần bao nhiêu mg', 'liều bn', 'uống mấy viên', 'tối đa bao nhiêu'])(
    '"%s"',
    (t) => expect(amountAsked(t)).toBe(true),
  );
  it.each(['có cách nào xịt cho đúng ko', 'uống trước hay sau ăn', 'quên liều thì sao'])('"%s" is not', (t) =>
    expect(amountAsked(t)).toBe(false),
  );
});

describe('howToGiveAsked: how to give the drug, and no amount', () => {
  it.each([
    'thuốc đó uống lúc nào, trước hay sau ăn?',
    'pha với G5% được không',
    'có cách nào xịt cho đúng ko',
    'bn đó đang uống kèm canxi, uống cách nhau bao lâu',
    'uong chung voi sua duoc ko',
    'uống với nước bưởi có sao không',
  ])('"%s"', (t) => expect(howToGiveAsked(t)).toBe(true));
  // the interval between doses is the dose's question (a child's age and weight are still asked)
  it.each([
    'pha bao nhiêu ml',
    'uống trước ăn mấy viên',
    'liều bn',
    'bé uống ibuprofen cách nhau bao lâu',
    'uống với sữa mấy viên',
    'thuốc có vào sữa mẹ không',
  ])('"%s" is not', (t) => expect(howToGiveAsked(t)).toBe(false));
});

describe('nameDenied: a name the user says the drug is not', () => {
  it('"ko phải levothyrox" denies it; the drug asked beside it is not denied', () => {
    const t = 'levoflox kháng sinh nhé, ko phải levothyrox. ClCr 45 thì có cần chỉnh liều ko';
    expect(nameDenied(t, 'levothyrox')).toBe(true);
    expect(nameDenied(t, 'levoflox')).toBe(false);
    expect(nameDenied('chứ không phải là thuốc paracetamol', 'paracetamol')).toBe(true);
    expect(nameDenied('paracetamol có phải ngưng không', 'paracetamol')).toBe(false);
  });
});

describe('switchedFrom', () => {
  const { resolver } = sampleIndex();
  const from = (t: string) => switchedFrom(t, resolver.findMentions(t));
  it('reads the drug a switch leaves, not the one it goes to', () => {
    expect(from('vậy đổi simvastatin sang atorvastatin thì dùng chung đc ko')).toEqual(['simvastatin']);
    expect(from('chuyển từ enalapril qua losartan được không')).toEqual(['enalapril']);
    expect(from('thay warfarin bằng heparin')).toEqual(['warfarin']);
    // the drug after "thay vì", the other one before it
    expect(from('nếu bn dùng atorvastatin 40 thay vì simvastatin thì sao')).toEqual(['simvastatin']);
    // two drugs named without a switch: none left
    expect(from('simvastatin và atorvastatin khác nhau thế nào')).toEqual([]);
  });
});

describe('exceptedDrugs: the drugs a list question sets aside', () => {
  const index = sampleIndex();
  // as the workers read it: ward shorthand expanded ("para" → paracetamol)
  const set = (said: string) => {
    const t = expandShorthand(said);
    return exceptedDrugs(t, index.resolver.findMentions(t));
  };
  it('reads "ngoài X (và Y)", "ngoài X ra", "trừ X" — never "ngoài ra", nor a drug named after the question word', () => {
    expect(set('đang truyền paracetamol. ngoài para và NSAID thì còn thuốc giảm đau nào dùng thêm được?')).toEqual([
      'paracetamol',
    ]);
    expect(set('Ngoài azithromycin ra thì còn kháng sinh nào khác cho cháu không?')).toEqual(['azithromycin']);
    expect(set('ks nào dùng được, trừ amoxicillin')).toEqual(['amoxicillin']);
    expect(set('ngoài ra bn đang dùng warfarin, thuốc nào giảm đau được')).toEqual([]);
    expect(set('thuốc nào giảm đau ngoài da, paracetamol được không')).toEqual([]);
  });
});
