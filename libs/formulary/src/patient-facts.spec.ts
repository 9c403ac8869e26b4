import fc from 'fast-check';
import {
  organsStatedNormal,
  whereToBuy,
  PREGNANCY_CUES,
  pregnancyIsPast,
  NON_CLINICAL_CUES,
  parseAge,
  parseHepatic,
  parseRenal,
  reactionMentions,
  intakeAlongside,
  INTAKE_CUES,
  parseQuestionRoute,
  anotherPatient,
  labStates,
  nonClinicalAside,
  parseRoute,
  pregnancyDenied,
  pregnancyStated,
  parseWeightKg,
  patientPopulation,
  populationCue,
} from './patient-facts';
import { expandShorthand } from './shorthand';
import { words } from './words';

const route = (t: string) => parseRoute(words(t));

describe('routes read from the user’s words', () => {
  it('one route named is the route', () => {
    expect(route('furosemid tiêm tĩnh mạch liều bao nhiêu')).toEqual({ route: 'tiem_tinh_mach', allowed: [] });
    // nothing stays down by mouth: every route but the mouth is allowed
    expect(route('Con em 2 tuổi rưỡi, uống gì vào cũng nôn ra hết').allowed).not.toContain('uong');
    // a tablet held in the mouth is the sublingual one
    expect(route('y lệnh ngậm ISDN 5mg khi lên cơn đau, ngậm rồi vẫn ko đỡ thì sao')).toEqual({
      route: 'ngam_duoi_luoi',
      allowed: [],
    });
    expect(route('heparin tĩnh mạch')).toEqual({ route: null, allowed: ['tiem_tinh_mach', 'truyen_tinh_mach'] });
    // a suppository put in, its count asked: the suppository says the route, the count does not
    expect(route('nhet vien dan paracetamol 150mg thi nhet may vien')).toEqual({
      route: 'dat_truc_trang',
      allowed: [],
    });
    // nothing by mouth ("NPO hoàn toàn"), what was taken at home before is no route now
    expect(route('NPO hoàn toàn. ở nhà uống omeprazol 20. giờ dùng đường nào').route).toBeNull();
    // a route word typed without marks where the shorthand's expansion wrote the rest with them
    expect(route(expandShorthand('bn nam 70t VTBT, ClCr 25, cipro uong lieu ntn'))).toEqual({
      route: 'uong',
      allowed: [],
    });
  });

  it('several routes named: none is the route, each is allowed', () => {
    // a route done already beside the one asked: the dose is given only where one of them has it
    expect(route('đã khí dung xong, prednisolon uống mấy viên')).toEqual({ route: null, allowed: ['hit', 'uong'] });
    // a choice between two ("tiêm thẳng hay phải truyền")
    expect(route('furosemid đẩy thẳng được không hay phải truyền')).toEqual({
      route: null,
      allowed: ['tiem_tinh_mach', 'truyen_tinh_mach'],
    });
    expect(route('tiêm bắp hay tiêm tĩnh mạch')).toEqual({ route: null, allowed: ['tiem_bap', 'tiem_tinh_mach'] });
  });

  it('a loose route that the exact one narrows is that route', () => {
    expect(route('truyền tĩnh mạch, pha trong tĩnh mạch lớn')).toEqual({ route: 'truyen_tinh_mach', allowed: [] });
  });

  it('a vein, the skin or a route word inside a disease name is no route', () => {
    // HKTMS expanded: "dự phòng huyết khối tĩnh mạch sâu" is the indication, TDD the route
    expect(route('heparin tiêm dưới da dự phòng huyết khối tĩnh mạch sâu')).toEqual({
      route: 'tiem_duoi_da',
      allowed: [],
    });
    expect(route('viêm tắc tĩnh mạch chi dưới, liều bao nhiêu')).toEqual({ route: null, allowed: [] });
    expect(route('nhiễm khuẩn da và mô dưới da')).toEqual({ route: null, allowed: [] });
    expect(route('bệnh lây truyền qua đường tình dục')).toEqual({ route: null, allowed: [] });
    // the route itself still reads
    expect(route('truyền tĩnh mạch heparin')).toEqual({ route: 'truyen_tinh_mach', allowed: [] });
  });

  it('an intravenous push, as wards say it, is the intravenous injection', () => {
    expect(route('đẩy thẳng được không').route).toBe('tiem_tinh_mach');
    expect(route('bolus bao nhiêu').route).toBe('tiem_tinh_mach');
  });

  it('"nuốt không được" beside an oral route named is the oral route (open the capsule), "không uống được" is not', () => {
    expect(route('viên nang nuốt ko được, mở nang ra hòa nước cho uống được ko')).toEqual({
      route: 'uong',
      allowed: [],
    });
    expect(route('không uống được, cho uống thuốc gì').route).toBeNull();
    expect(route('bn không nuốt được').allowed).not.toContain('uong');
  });

  it('any route said to be impossible is out, wherever else it is named', () => {
    const noInhaler = route('ko phối hợp được động tác nên ko dùng được đường hít (cả bình xịt lẫn khí dung)');
    expect(noInhaler.route).toBeNull();
    expect(noInhaler.allowed).not.toContain('hit');
    expect(noInhaler.allowed).toContain('uong');
    expect(route('tiêm bắp không được, tiêm dưới da thì sao')).toEqual({ route: 'tiem_duoi_da', allowed: [] });
    // no intravenous access
    const noVein = route('khoa chưa lấy được ven');
    expect(noVein.allowed).not.toContain('tiem_tinh_mach');
    expect(noVein.allowed).not.toContain('truyen_tinh_mach');
    expect(route('tiêm bắp nhé, khoa chưa lấy được ven')).toEqual({ route: 'tiem_bap', allowed: [] });
  });

  it('a negation that says what was not done, or stands in another clause, negates nothing', () => {
    expect(route('bé chưa uống thuốc gì, paracetamol uống liều bao nhiêu')).toEqual({ route: 'uong', allowed: [] });
    expect(route('không sốt, uống paracetamol được không')).toEqual({ route: 'uong', allowed: [] });
  });

  it('what comes back up when taken by mouth rules the mouth out: the other route named is the route', () => {
    expect(route('bé 8 tháng sốt cao mà uống thuốc vào là nôn hết. dùng viên đặt hậu môn liều bao nhiêu')).toEqual({
      route: 'dat_truc_trang',
      allowed: [],
    });
    expect(route('uống thuốc vô thì ói, tiêm bắp được không').route).toBe('tiem_bap');
    // taken by mouth and kept down: the oral route stays
    expect(route('bé uống thuốc vào là hết sốt, liều uống bao nhiêu').route).toBe('uong');
  });
  it('an enema ("đường thụt", "ống thụt") is the rectal route', () => {
    expect(route('chưa lấy đc ven, dùng thuốc đó đường thụt thì liều bao nhiêu').route).toBe('dat_truc_trang');
    expect(route('diazepam ong thut 5mg bom may ong').route).toBe('dat_truc_trang');
  });
  it('a route told of a past event ("sau uống ibuprofen") is not the route asked', () => {
    expect(route('tiền sử co thắt PQ sau uống ibuprofen. hạ sốt cho thuốc gì?')).toEqual({ route: null, allowed: [] });
    expect(route('sau khi tiêm penicilin bị sốc, giờ dùng gì')).toEqual({ route: null, allowed: [] });
    expect(route('uống sau ăn, liều bao nhiêu').route).toBe('uong');
    expect(route('bé đang hóa trị, 12h sau liều tĩnh mạch thì ondansetron uống bao nhiêu').route).toBe('uong');
    expect(route('sau mũi tiêm bắp thì uống tiếp liều bao nhiêu').route).toBe('uong');
  });
  it('"không uống được" with two other routes named allows those two', () => {
    expect(route('không uống được, tiêm bắp hay tiêm dưới da')).toEqual({
      route: null,
      allowed: ['tiem_bap', 'tiem_duoi_da'],
    });
  });
});

describe('what is not an age', () => {
  it('how long something has lasted ("2 tháng nay", "3 tuần qua")', () => {
    expect(parseAge('me em bi noi me day, ngua khap nguoi 2 thang nay roi, het lai noi')).toBeNull();
    expect(parseAge('ho 3 tuần qua, sốt 2 ngày liền')).toBeNull();
    // an age beside a duration is still read
    expect(parseAge('bé 2 tháng tuổi, ho 3 ngày nay')!.text).toBe('2 tháng tuổi');
    expect(parseAge('mẹ em 81 tuổi, ngứa 2 tháng nay')!.text).toBe('81 tuổi');
  });

  it('a fever rising, a month count after "lên", a year word', () => {
    expect(parseAge('bé sốt lên 39 độ')).toBeNull();
    expect(parseAge('năm nay bé ăn kém')).toBeNull();
    expect(parseAge('bé lên 7 tháng')!.text).toBe('7 tháng');
  });

  it('"9 ký rưỡi" is 9.5 kg', () => {
    expect(parseWeightKg('nặng 9 ký rưỡi')).toBe(9.5);
    expect(parseWeightKg('nặng 9 ký')).toBe(9);
  });

  it('decimals said after the unit ("10kg5", "4 ký 2") are the weight’s, a number of something else is not', () => {
    expect(parseWeightKg('bé 1t3th, 10kg5, sốt 39 độ')).toBe(10.5);
    expect(parseWeightKg('mới đầy tháng, nặng 4 ký 2, cũng bị lây')).toBe(4.2);
    expect(parseWeightKg('bé 3kg200')).toBe(3.2);
    expect(parseWeightKg('nặng 18 kg 5 tuổi')).toBe(18);
    expect(parseWeightKg('bé 4 ký 2 tháng tuổi')).toBe(4);
    expect(parseWeightKg('14kg 3 lần/ngày')).toBe(14);
    expect(parseWeightKg('nặng 12,5 kg')).toBe(12.5);
  });
});

describe('ages said as a school year or a milestone', () => {
  it('"học lớp 3" is 7 to 10 years (a late-born child is still 7 when the year starts), "đầy tháng" one month; either re-reads from its own echo', () => {
    const grade = parseAge('Cháu nội tôi học lớp 3, nặng 25 cân')!;
    expect(grade).toMatchObject({ text: 'học lớp 3', min: 7, max: 10 });
    expect(parseAge('be nha em hoc lop 1')).toMatchObject({ min: 5, max: 8 });
    expect(parseAge(grade.text)).toEqual(grade);
    expect(parseAge('đứa em nó mới đầy tháng')).toMatchObject({ text: 'đầy tháng', min: 1 / 12, max: 1 / 12 });
    // "lớp" without a school year, or a grade that is no school year, is no age
    expect(parseAge('lớp 13')).toBeNull();
    expect(parseAge('bôi một lớp mỏng')).toBeNull();
  });
});

describe('ages echoed as said', () => {
  it.each([
    ['Bé nhà em 5 tháng tuổi mới phát hiện suy giáp', '5 tháng tuổi', 5 / 12],
    ['bé 18 tháng', '18 tháng', 1.5],
    ['bé sơ sinh 10 ngày tuổi 3,2kg', '10 ngày tuổi', 10 / 365],
    ['con 6 tuần tuổi', '6 tuần tuổi', 6 / 52],
    ['bé 1t6th 11kg khò khè', '1 tuổi 6 tháng', 1.5],
    ['cháu 2t 3th', '2 tuổi 3 tháng', 2.25],
    ['Con em vừa thôi nôi hôm chủ nhật', '1 tuổi', 1],
    ['Thằng cu nhà tôi lên 7, nặng 22 cân', '7 tuổi', 7],
    ['Bà nội em năm nay tám mươi hai tuổi', '82 tuổi', 82],
    ['bé mười lăm tháng', '15 tháng', 15 / 12],
    ['bé năm tuổi', '5 tuổi', 5],
  ])('"%s" → "%s"', (text, echo, years) => {
    const age = parseAge(text)!;
    expect(age.text).toBe(echo);
    expect(age.years).toBeCloseTo(years, 5);
    // the echo reads back as the same age
    expect(parseAge(age.text)!.years).toBeCloseTo(years, 5);
  });
});

describe('the population the words name', () => {
  it('a child named beside breastfeeding is the breastfed one, not the patient', () => {
    expect(populationCue(words('bn nữ 28t đang cho con bú bé 2 tháng, bị nấm Candida âm đạo'))).toBeNull();
    expect(populationCue(words('sản phụ đang cho con bú (bé 3 tháng), bị nấm'))).toBeNull();
    // the nursed baby told by its age, or as the one a drug may affect, is not the patient
    const nursing = 'Mình đang cho bé bú, bé đc 4 tháng. uống loratadin có ảnh hưởng sữa với bé ko mn?';
    expect(populationCue(words(nursing))).toBeNull();
    expect(populationCue(words('Mình 28 tuổi, đang cho con bú, bé nhà mình được 5 tháng. Mình đau răng quá'))).toBe(
      null,
    );
    expect(parseAge(nursing)).toBeNull();
    // … while a child who is the patient still is one
    expect(populationCue(words('bé 4 tháng bị sổ mũi, cho uống loratadin được không'))).toBe('pediatric');
    expect(populationCue(words('mẹ đang cho bé bú, uống cetirizin được không'))).toBeNull();
  });

  it('a child named elsewhere is the patient', () => {
    expect(populationCue(words('bé 2 tháng sốt, liều paracetamol'))).toBe('pediatric');
    // the baby asked about beside a pregnancy is the unborn one
    expect(populationCue(words('hom nay moi biet co bau 6 tuan, thuoc do co anh huong gi em be ko'))).toBeNull();
    expect(populationCue(words('đang có bầu, uống thuốc có hại cho bé không'))).toBeNull();
    expect(populationCue(words('đang cho con bú, bé nhà em 3 tuổi sốt thì uống paracetamol liều bao nhiêu'))).toBe(
      'pediatric',
    );
  });
});

describe('kidney and liver facts read from the user’s words', () => {
  it('a disease, a clearance or an abnormal test is a fact', () => {
    expect(parseRenal('bn suy thận mạn, ClCr 25 ml/phút')?.text).toBe('ClCr 25 ml/phút');
    // a bound is kept as said, and gives no value a band could be picked by
    expect(parseRenal('STM gđ cuối, ClCr <10')).toEqual({ text: 'ClCr < 10 ml/phút', clearance: null });
    expect(parseRenal('eGFR dưới 30')).toEqual({ text: 'eGFR < 30 ml/phút', clearance: null });
    expect(parseRenal('bn suy thận, tốt nhất dùng thuốc nào')?.text).toBe('suy thận');
    expect(parseRenal('creatinin tăng cao')?.text).toBe('creatinin bất thường');
    expect(parseHepatic('xơ gan ổn định')).toBe('xơ gan');
  });

  it('unmarked "benh than" beside an exposure is anthrax, not the kidney; with its marks or alone it is the kidney', () => {
    expect(parseRenal('bn nu 32t phoi nhiem benh than qua duong ho hap')).toBeNull();
    expect(parseRenal('nghi nhiem Bacillus anthracis, benh than')).toBeNull();
    expect(parseRenal('bn benh than man, cipro lieu?')?.text).toBe('suy thận');
    expect(parseRenal('phơi nhiễm hóa chất, bệnh thận mạn')?.text).toBe('suy thận');
  });

  it('wheezing or an asthma attack after a drug is a reaction to it', () => {
    expect(reactionMentions('TS hen, 2 lần uống aspirin lên cơn khò khè phải đi cấp cứu')).toContain('aspirin');
    expect(reactionMentions('2 lan uong aspirin len con kho khe')).toContain('aspirin');
    // angioedema told by where it swelled
    expect(reactionMentions('bn khai hồi trước uống captopril bị phù môi, phù mặt phải đi cấp cứu')).toContain(
      'captopril',
    );
    // how long after the intake it came
    // (the words after the reaction are candidates, the caller resolves the drug among them)
    expect(reactionMentions('Dị ứng: nổi mẩn ngứa sau 3 ngày uống amoxicillin năm ngoái')).toEqual([
      'amoxicillin năm ngoái',
    ]);
  });

  it('what the drug was taken with is no excess intake, unless a count is said', () => {
    expect(intakeAlongside('sang nay lo uong thuoc voi sua tuoi')).toBe(true);
    expect(intakeAlongside('lỡ uống chung với rượu tối qua')).toBe(true);
    expect(intakeAlongside('6h uong levothyrosin 100mcg luc doi, 6h15 lo uong luon vien canxi')).toBe(true);
    expect(intakeAlongside('bé lỡ uống luôn 8 viên')).toBe(false);
    expect(intakeAlongside('lỡ uống 10 viên paracetamol với rượu')).toBe(false);
    expect(intakeAlongside('bé lỡ uống thuốc của bà')).toBe(false);
    // typed with marks, "chứng" (triệu chứng) is no "chung": an overdose's symptoms are asked
    expect(intakeAlongside('paracetamol quá liều có triệu chứng gì')).toBe(false);
    // "uong du phong" is "uống dự phòng": no intake at all
    expect(INTAKE_CUES.has(words('cipro uong du phong lieu va dung bao lau'))).toBe(false);
    expect(INTAKE_CUES.has(words('Uống dư thuốc này thì sao'))).toBe(true);
  });

  it('a function or test said to be normal, or a disease denied, is no fact', () => {
    // "CN thận bt" (chức năng thận bình thường) read as "suy thận" gave a 45-year-old the kidney-failure row
    for (const t of [
      'CN thận bt',
      'chức năng thận bình thường',
      'creatinin bt',
      'chuc nang than binh thuong',
      'bn ko suy thận',
      'không suy thận, chức năng thận còn tốt',
    ])
      expect([t, parseRenal(expandShorthand(t))]).toEqual([t, null]);
    for (const t of ['CN gan bt', 'men gan bình thường', 'chưa bị xơ gan', 'không có bệnh gan'])
      expect([t, parseHepatic(expandShorthand(t))]).toEqual([t, null]);
    // the disease still stands beside a normal test of the other organ
    expect(parseRenal(expandShorthand('suy thận, men gan bt'))?.text).toBe('suy thận');
  });
});

describe('who the patient is, from the words and the age together', () => {
  const who = (t: string) => patientPopulation(words(expandShorthand(t)), parseAge(expandShorthand(t)));

  it('a mother who has just given birth or breastfeeds is the patient, not her baby', () => {
    expect(who('Mình 34 tuổi, sinh bé được 7 tuần, đang cho bé bú mẹ')).toBe('adult');
    expect(parseAge('Em mới sinh bé được 3 tháng')).toBeNull();
    expect(parseAge('à bn đang cho con bú 5 tháng, dùng đc ko')).toBeNull();
    expect(who('Em mới sinh bé được 3 tháng, bé vẫn ti mẹ hoàn toàn')).toBeNull();
    // a newborn is the patient ("trẻ sơ sinh 3 tuần")
    expect(parseAge('trẻ sơ sinh 3 tuần nặng 3kg')!.text).toBe('3 tuần');
    expect(who('trẻ sơ sinh 3 tuần nặng 3kg')).toBe('pediatric');
  });

  it('a stated age settles a child’s word typed without marks; typed as such, the patient is asked for', () => {
    expect(who('bn nu 45t viem than be than cap')).toBe('adult');
    expect(who('bn nam 80t nuot vien kho, be doi ra')).toBe('elderly');
    // "rung nhi" typed without marks is "rung nhĩ" (the atrium), not "nhi" (children)
    expect(who('bn nam 59t rung nhi, chuyen sang amiodaron uong')).toBe('adult');
    expect(who('bn nu 76t rung nhi dang dung warfarin')).toBe('elderly');
    expect(who('benh nhi 5 tuoi khoa nhi')).toBe('pediatric');
    // "mẹ 30 tuổi cho bé uống": whose dose? neither an adult's for the child nor the reverse
    expect(who('mẹ 30 tuổi cho bé uống paracetamol')).toBeNull();
    expect(who('bé 5 tuổi sốt')).toBe('pediatric');
  });
});

describe('non-clinical questions about a drug or the hospital', () => {
  it.each([
    'thuốc này một hộp bao nhiêu',
    'có hàng xách tay không',
    'BHXH có đồng chi trả không',
    'số đăng ký của thuốc là gì',
    'phong kham tai mui hong nam o tang may, di thang may nao',
    'cho minh xin so dien thoai van phong khoa',
    'phòng CT nhận bn từ mấy giờ, đặt lịch qua HIS hay gọi điện trực tiếp?',
  ])('"%s" is not a clinical question', (t) => {
    expect(NON_CLINICAL_CUES.has(words(expandShorthand(t)))).toBe(true);
  });

  it.each(['bác sĩ phòng khám kê cefalexin, cho bé uống mỗi lần bao nhiêu', 'liều amoxicilin cho bé 3 tuổi'])(
    '"%s" is',
    (t) => expect(NON_CLINICAL_CUES.has(words(expandShorthand(t)))).toBe(false),
  );
});

describe('a pregnancy stated by how far along it is', () => {
  const pregnant = (t: string) => PREGNANCY_CUES.has(words(expandShorthand(t)));
  it.each([
    'SA thai 6 tuần',
    'vợ em thai 8 tuần',
    'thai được 20 tuần',
    'thai khoảng 3 tháng',
    'siêu âm thai 8w',
    'beta hCG dương tính',
  ])('"%s" is a pregnancy', (t) => expect(pregnant(t)).toBe(true));
  it.each(['thai chết lưu đã xử trí', 'sa tử cung độ 2', 'uống 6 tuần rồi', 'bé 8 tuần tuổi', 'thái 6 tuần'])(
    '"%s" is not',
    (t) => expect(pregnant(t)).toBe(false),
  );
});

describe('an age said by its decade', () => {
  it('"tám mươi mấy tuổi", "80 mấy tuổi" are some age in the eighties: elderly', () => {
    for (const t of ['ông năm nay tám mươi mấy tuổi rồi', 'ông 80 mấy tuổi']) {
      const age = parseAge(t)!;
      expect([age.text, age.min, age.max]).toEqual(['80 mấy tuổi', 81, 89]);
      expect(patientPopulation(words(t), age)).toBe('elderly');
    }
  });
  it('"60 mấy tuổi" straddles 65: no population from the age alone (the system asks)', () => {
    const age = parseAge('bà 60 mấy tuổi')!;
    expect(patientPopulation(words('bà 60 mấy tuổi'), age)).toBeNull();
  });
});

describe('a pregnancy told as past', () => {
  it('"sau sinh 6 tuần, … lúc bầu chích insulin": past, she is not pregnant now', () => {
    expect(pregnancyIsPast(words('sau sinh 6 tuần, đang cho con bú, lúc bầu chích insulin'))).toBe(true);
    expect(
      pregnancyIsPast(words('SP 31t sau sinh 10 tuần, đang cho bú mẹ hoàn toàn. ĐTĐ typ 2 có từ trước khi mang thai')),
    ).toBe(true);
  });
  it.each([
    'khi mang thai dùng paracetamol được không',
    'đang bầu 20 tuần, lúc bầu 3 tháng đầu có uống',
    'lúc bầu có uống',
  ])('"%s" is not past (no birth said, or a pregnancy now)', (t) => expect(pregnancyIsPast(words(t))).toBe(false));
});

describe('parseQuestionRoute: the route of the question, not of what was given before', () => {
  it('a route said only in an earlier sentence is history when the question names another', () => {
    const t =
      'Hôm qua bé được tiêm chống nôn ở viện, nay cho về nhà uống tiếp ondansetron viên 4mg. Mỗi lần bé uống mấy viên?';
    expect(parseQuestionRoute(t)).toEqual({ route: 'uong', allowed: [] });
    // another treatment the patient is on is no route of the drug ("đang truyền hóa chất")
    expect(parseQuestionRoute(`Con em đang truyền hóa chất. ${t}`)).toEqual({ route: 'uong', allowed: [] });
    expect(parseQuestionRoute('Bn đã truyền TM 3 ngày. Chuyển sang uống thì liều sao?').route).toBe('uong');
    // a switch names the route asked, even in the same sentence as the route it leaves
    expect(parseQuestionRoute('bn đang truyền tĩnh mạch omeprazol, nay chuyển sang uống thì liều bn?').route).toBe(
      'uong',
    );
    // an order standing now is no history: whether the route asked is allowed stays the question
    const order = 'y lệnh heparin 5000 đv tiêm dưới da. ĐD hỏi tiêm sao cho đúng, tiêm bắp dc ko?';
    expect(parseQuestionRoute(order)).toEqual({ route: null, allowed: ['tiem_duoi_da', 'tiem_bap'] });
  });
  it('"tiêm" alone is any injection, and only when no other route is named', () => {
    expect(parseRoute(words('tiêm'))).toEqual({
      route: null,
      allowed: ['tiem_tinh_mach', 'truyen_tinh_mach', 'tiem_bap', 'tiem_duoi_da'],
    });
    expect(parseRoute(words('chích ạ')).allowed).toContain('tiem_bap');
    expect(parseRoute(words('tiêm bắp được không')).route).toBe('tiem_bap');
    expect(parseRoute(words('hôm qua được tiêm, nay uống mấy viên')).route).toBe('uong');
  });

  it('two routes in the question itself, or no sentence that asks, stay open', () => {
    expect(parseQuestionRoute(expandShorthand('paracetamol tiêm TM hay uống thì liều sao?')).route).toBeNull();
    expect(parseQuestionRoute('bn đã khí dung salbutamol xong, giờ uống thêm mấy viên?').route).toBeNull();
    expect(parseQuestionRoute('Đã tiêm bắp. Giờ uống.').route).toBeNull();
  });
});

describe('the oral route, when swallowing is out', () => {
  it.each(['ko nuốt đc', 'k uống được', 'hông nuốt nổi', 'uống ko được'])('"%s" rules the oral route out', (t) => {
    expect(route(`bn sau mổ ${t}, liều thuốc này`).allowed).not.toContain('uong');
  });
  it('an oral regimen the patient was on before the words that rule it out is history, not the route asked', () => {
    const r = route('đang duy trì natri valproat uống 1g/ngày, sau mổ ruột hôm nay ko nuốt đc, giờ dùng liều ntn?');
    expect(r.route).toBeNull();
    expect(r.allowed).not.toContain('uong');
    expect(r.allowed).toContain('truyen_tinh_mach');
    // named after it, the mouth is the remedy asked about
    expect(route('bé nuốt không được, mở nang ra hòa nước cho uống được không').route).toBe('uong');
  });
});

describe('a pregnancy the user denies', () => {
  it.each([
    'ko có thai',
    'bn nữ 28t, không mang thai',
    'chưa có bầu',
    'không phải đang mang thai',
    'test thai âm tính',
  ])('"%s" is no pregnancy', (t) => {
    expect(pregnancyDenied(words(t))).toBe(true);
    expect(pregnancyStated(words(t))).toBe(false);
  });
  it.each(['đang có thai 10 tuần', 'bầu 20 tuần, ko sốt', 'có thai rồi, không biết uống được không'])(
    '"%s" is a pregnancy',
    (t) => {
      expect(pregnancyDenied(words(t))).toBe(false);
      expect(pregnancyStated(words(t))).toBe(true);
    },
  );
});

describe('a form taken by mouth or given down a feeding tube is the oral route', () => {
  it.each([
    'omeprazol 20mg viên nang có nghiền ra bơm qua sonde đc ko',
    'bn đặt sonde dạ dày, cho thuốc này được không',
    'viên nén này bẻ đôi được không',
  ])('"%s"', (t) => expect(route(t).route).toBe('uong'));
});

describe('nonClinicalAside', () => {
  it.each([
    'tiện hỏi luôn khoa dược còn warfarin 5mg ko',
    'ma 1 hop bao nhieu tien the',
    'loại generic của Ấn Độ nên mua loại nào',
    'thủ tục lĩnh morphin ống 10mg ở khoa dược: dùng mẫu đơn gì, ai ký, có phải trả lại vỏ ống ko?',
  ])('"%s" asks something the formulary does not hold', (t) => expect(nonClinicalAside(t)).toBe(true));
  it('a clinical question alone is none', () => {
    expect(nonClinicalAside('INR mục tiêu bao nhiêu cho bn rung nhĩ')).toBe(false);
  });
});

describe('labStates: a lab value says the patient’s state', () => {
  it.each([
    ['à quên, K máu bn 6.1 mmol/L', ['tăng kali máu']],
    ['kali 3,1', ['hạ kali máu']],
    ['K 4.2, Na 128', ['hạ natri máu']],
    ['K 4.0, creatinin bt', []],
    ['bn 65kg, ClCr 40', []],
    ['ECG QTc 520ms, K 3,1', ['hạ kali máu', 'kéo dài khoảng QTc']],
    ['QTc 430 ms', []],
  ])('"%s" → %j', (t, states) => expect(labStates(t)).toEqual(states));
});

describe('anotherPatient', () => {
  it.each(['vợ bệnh nhân 30t cũng (+) Chlamydia', 'còn bệnh nhân giường bên thì sao', 'bệnh nhân khác 70 tuổi'])(
    '"%s" is another person',
    (t) => expect(anotherPatient(t)).toBe(true),
  );
  it('the same patient told again is not', () =>
    expect(anotherPatient('bệnh nhân 35 tuổi đang bầu 16 tuần')).toBe(false));
  const first = 'bệnh nhân nam 45t VPCĐ, sốc phản vệ với penicillin';
  it.each([
    ['còn bệnh nhân giường 12: nữ 26t, thai 14 tuần', [first]],
    ['còn giường 7 thì sao', [first]],
    ['còn bn giường 12: nữ 26t', [first]],
    ['bệnh nhân giường 12 nữ 26t', ['bệnh nhân giường 5 nam 45t']],
    ['giuong so 3: cu ong 80t', ['giường 5 nam 45t']],
  ])('"%s" after %j is another bed', (t, earlier) => expect(anotherPatient(t, earlier)).toBe(true));
  it.each([
    ['bệnh nhân giường 12 nữ 26t', []],
    ['bệnh nhân nằm giường 12, nữ 26t', [first]],
    ['giường 5 dị ứng gì không', ['bệnh nhân giường 5 nam 45t']],
    ['còn bệnh nhân này thì sao', [first]],
  ])('"%s" after %j is the same patient', (t, earlier) => expect(anotherPatient(t, earlier)).toBe(false));
});

describe('nonClinicalAside()', () => {
  it('reads price, purchase and stock — not "đánh giá" (assess) or "giá trị" (a value)', () => {
    expect(nonClinicalAside('thuốc này giá bao nhiêu')).toBe(true);
    expect(nonClinicalAside('bs đánh giá cơn hen mức độ trung bình')).toBe(false);
    expect(nonClinicalAside('mục tiêu aPTT gấp 1,5 lần giá trị chứng')).toBe(false);
  });
});

describe('how a pack is made up', () => {
  it('"1 hộp mấy gói" asks the product, not a dose; "mấy gói một lần" still asks the dose', () => {
    expect(NON_CLINICAL_CUES.has(words('paracetamol goi bot 250mg gia bao nhieu 1 hop vay shop, 1 hop may goi'))).toBe(
      true,
    );
    expect(NON_CLINICAL_CUES.has(words('bé 4 tuổi uống mấy gói một lần'))).toBe(false);
  });
});

describe('many units taken at once', () => {
  it('four units or more taken at once is an intake to manage; fewer is a dose asked', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 60 }),
        fc.constantFrom('viên', 'vien', 'gói', 'ống', 'vỉ'),
        fc.constantFrom('uống một lúc', 'uong mot luc', 'uống 1 lúc', 'uống cùng lúc'),
        fc.constantFrom('', 'khoảng ', 'tầm '),
        (n, unit, once, about) => {
          const turn = `hôm qua ${once} ${about}${n} ${unit} paracetamol, giờ sao`;
          expect([turn, INTAKE_CUES.has(words(turn))]).toEqual([turn, n >= 4]);
        },
      ),
      { numRuns: 200 },
    );
    // a count not taken at once ("mỗi lần uống 2 viên", "uống 20 viên trong 5 ngày") is no excess by this rule
    expect(INTAKE_CUES.has(words('mỗi lần uống 2 viên, ngày 3 lần'))).toBe(false);
  });
});

describe('organs the user says work normally', () => {
  it.each([
    ['CN gan thận bt', true, true],
    ['gan/thận bình thường', true, true],
    ['cn than binh thuong', true, false],
    ['không suy gan', false, true],
    ['creatinin bình thường', true, false],
    // both organs' diseases denied at once
    ['a bo em 52 tuoi, ko co benh than gan gi', true, true],
    // a disease word before an organ keeps it diseased, whatever follows
    ['bn suy thận, gan bt', false, true],
    ['bn xơ gan, thận tốt', true, false],
    // "ổn định" is stable, not normal; a marked "gân" is a tendon
    ['thận ổn định', false, false],
    ['gân gót bt', false, false],
  ])('%s → kidney %s, liver %s', (text, renal, hepatic) => {
    expect(organsStatedNormal(text)).toEqual({ renal, hepatic });
  });
});

describe('where to buy', () => {
  it('a product named between "mua" and "ở đâu" is still where to buy it; dancing and a dose are not', () => {
    expect(whereToBuy('Cho em hỏi mua bình xịt salbutamol ở đâu gần quận 3 ạ?')).toBe(true);
    expect(whereToBuy('mua thuoc nay cho nao')).toBe(true);
    expect(whereToBuy('múa ở đâu')).toBe(false);
    expect(whereToBuy('đã mua salbutamol rồi, xịt mấy nhát')).toBe(false);
  });
});
