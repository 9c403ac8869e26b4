import { askedClasses, classPurposeSaid } from './class-list';

describe('classPurposeSaid: a class asked by what it treats, with that condition said', () => {
  const purpose = (turn: string, read: string) => classPurposeSaid(askedClasses(turn), read, turn);

  it('asks the list for what the class treats when the turn says it beside another condition', () => {
    const turn = 'bn nam 70t suy tim EF 30%, phù 2 chi dưới, eGFR 25. lợi tiểu nào dùng đc?';
    expect(purpose(turn, 'suy tim')).toBe('phù');
  });

  it('a condition read that already says it, a purpose not said, or no class: the condition read stands', () => {
    expect(purpose('bn bầu 32w đau đầu nhiều. giảm đau loại nào dùng đc?', 'đau đầu')).toBeNull();
    expect(purpose('bn suy tim EF 30%, lợi tiểu nào dùng đc?', 'suy tim')).toBeNull();
    expect(purpose('bn suy tim, phù chân, thuốc nào dùng đc?', 'suy tim')).toBeNull();
  });
});
