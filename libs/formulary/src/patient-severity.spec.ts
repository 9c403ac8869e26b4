import { EMPTY_PATIENT } from '@app/contracts';
import { fold } from './normalize';
import { hepaticGrade, readSeverity, renalRange, trimesterOf } from './patient-severity';

const tri = (t: string) => trimesterOf(fold(t));

describe('how far the patient’s states go, read from the user’s words', () => {
  it('a trimester from weeks, months or its name; the line weeks and months are not guessed', () => {
    expect(tri('sản phụ 29t, thai 32 tuần, sốt')).toBe(3);
    expect(tri('bầu 20 tuần, THA')).toBe(2);
    expect(tri('siêu âm thai 8w')).toBe(1);
    expect(tri('có thai được 10 tuần')).toBe(1);
    expect(tri('bau 7 thang bi sot')).toBe(3);
    expect(tri('bà bầu bảy tháng')).toBeNull(); // spelled numbers are read by readSeverity
    expect(tri('đang 3 tháng đầu')).toBe(1);
    expect(tri('ba tháng cuối thai kỳ')).toBe(3);
    expect(tri('tam cá nguyệt thứ 2')).toBe(2);
    // week 27 and month 6 sit on a trimester's line
    expect(tri('thai 27 tuần')).toBeNull();
    expect(tri('bầu 6 tháng')).toBeNull();
    // an age, a duration or a baby's age is not a gestation
    expect(tri('bé 3 tuần tuổi, uống thuốc 2 tuần')).toBeNull();
    expect(tri('cho con bú 5 tháng')).toBeNull();
    // the latest statement wins
    expect(tri('bầu 6 tháng \n giờ thai 30 tuần rồi')).toBe(3);
  });

  it('readSeverity reads only the states the frame holds, with spelled numbers', () => {
    const pregnant = { ...EMPTY_PATIENT, pregnant: true };
    expect(readSeverity(['bà bầu bảy tháng bị sốt'], pregnant).trimester).toBe(3);
    // no pregnancy in the frame: a gestation in the words is not used
    expect(readSeverity(['lúc bầu 7 tháng có dùng'], EMPTY_PATIENT)).toEqual({
      trimester: null,
      renal_range: null,
      hepatic_grade: null,
      age_years: null,
    });
    // the age the latest turn gives, as ward notes write it
    expect(readSeverity(['con gái em 15 tuổi đau bụng kinh'], EMPTY_PATIENT).age_years).toEqual([15, 15]);
    expect(readSeverity(['bn 68t THA', 'còn bé 3 tuổi thì sao'], EMPTY_PATIENT).age_years).toEqual([3, 3]);
    const renal = { ...EMPTY_PATIENT, renal: 'suy thận' };
    expect(readSeverity(['bn suy thận nặng bị mày đay'], renal).renal_range).toEqual([0, 30]);
  });

  it('a kidney value is a point; a stage or a severity a range; dialysis end stage', () => {
    expect(renalRange(fold('độ thanh thải creatinin 8 ml/phút'))).toEqual([8, 8]);
    expect(renalRange(fold('eGFR 25 ml/phút'))).toEqual([25, 25]);
    expect(renalRange(fold('ClCr: 42,5'))).toEqual([42.5, 42.5]);
    expect(renalRange(fold('egfr < 15'))).toEqual([0, 15]);
    expect(renalRange(fold('suy thận mạn gđ cuối, chưa chạy TNT'))).toEqual([0, 15]);
    expect(renalRange(fold('bn chạy thận nhân tạo'))).toEqual([0, 15]);
    expect(renalRange(fold('suy thận mạn giai đoạn 4'))).toEqual([15, 30]);
    expect(renalRange(fold('suy thận nặng'))).toEqual([0, 30]);
    expect(renalRange(fold('suy than nang'))).toEqual([0, 30]);
    expect(renalRange(fold('suy thận mức độ vừa'))).toEqual([30, 60]);
    expect(renalRange(fold('bệnh thận mạn gđ 3b'))).toEqual([30, 60]);
    expect(renalRange(fold('suy thận nhẹ'))).toEqual([60, 90]);
    // nothing said about how far: unknown, never a guess
    expect(renalRange(fold('suy thận'))).toBeNull();
    // a cancer stage is not a kidney stage
    expect(renalRange(fold('suy thận, ung thư giai đoạn 4'))).toBeNull();
  });

  it('a liver grade from Child-Pugh or a stated severity', () => {
    expect(hepaticGrade(fold('xơ gan Child-Pugh B'))).toBe('moderate');
    expect(hepaticGrade(fold('xo gan child pugh c'))).toBe('severe');
    expect(hepaticGrade(fold('xơ gan mất bù'))).toBe('severe');
    expect(hepaticGrade(fold('suy gan nặng'))).toBe('severe');
    expect(hepaticGrade(fold('suy gan nhẹ'))).toBe('mild');
    expect(hepaticGrade(fold('xơ gan'))).toBeNull();
  });
});

describe('a child of no stated age', () => {
  it('is under 18, so an age limit under 18 may apply; a stated age or an adult wins', () => {
    expect(readSeverity(['Bé nhà em nặng 22kg, mới mổ cắt amidan'], EMPTY_PATIENT).age_years).toEqual([0, 17.99]);
    expect(readSeverity(['bé 5 tuổi nặng 18 kg'], EMPTY_PATIENT).age_years).toEqual([5, 5]);
    expect(readSeverity(['bn nữ đau răng'], EMPTY_PATIENT).age_years).toBeNull();
  });
});
