import { emptyFrame } from '@app/contracts';
import { askedClasses, classPurposeSaid, turnAskingList } from './class-list';

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

describe('turnAskingList: the turn whose class says what a list is of', () => {
  const asked = 'Ông 70 tuổi thoái hóa khớp gối, thuốc giảm đau gì dùng được?';
  const told = 'À quên, ông bị suy thận nặng';
  it('is the turn before when this one only tells the patient and the list goes on', () => {
    expect(turnAskingList(told, [asked], emptyFrame({ follow_up: true }))).toBe(asked);
    // a new question, or a turn that names its own class, is its own
    expect(turnAskingList(told, [asked], emptyFrame({ follow_up: false }))).toBe(told);
    const own = 'vậy kháng sinh nào dùng được?';
    expect(turnAskingList(own, [asked], emptyFrame({ follow_up: true }))).toBe(own);
  });
  it('"còn thuốc nào khác ko" asks the list before again, whatever the understanding said of a follow-up', () => {
    for (const again of ['còn thuốc nào khác ko', 'con thuoc nao khac khong?', 'có thuốc khác ko'])
      expect(turnAskingList(again, [asked], emptyFrame({ follow_up: false }))).toBe(asked);
    expect(turnAskingList('thuốc này khác gì paracetamol', [asked], emptyFrame({ follow_up: false }))).not.toBe(asked);
  });
});
