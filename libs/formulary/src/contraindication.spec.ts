import { EMPTY_PATIENT, UNKNOWN_SEVERITY, type PatientContext, type PatientSeverity } from '@app/contracts';
import {
  CONTRA_SECTIONS,
  avoidedInPregnancy,
  contraindicationsFor,
  formScope,
  lastResortFor,
  REVIEWED_SECTIONS,
  routesNamed,
} from './contraindication';
import { expandShorthand } from './shorthand';
import { sampleIndex } from './test-corpus';

const index = sampleIndex();
const parts = (drug: string) => CONTRA_SECTIONS.flatMap((s) => index.section(drug, s));

function review(
  drug: string,
  patient: Partial<PatientContext>,
  severity: Partial<PatientSeverity> = {},
  condition: string | null = null,
): ('yes' | 'maybe')[] {
  return contraindicationsFor(
    parts(drug),
    { ...EMPTY_PATIENT, ...patient },
    { ...UNKNOWN_SEVERITY, ...severity },
    condition,
  ).map((f) => f.applies);
}
const first = (...a: Parameters<typeof review>) => review(...a)[0] ?? null;

describe('contraindications that name the patient’s state', () => {
  it('pregnancy: an unscoped one applies; a trimester-scoped one in its trimester, may when the trimester is not said', () => {
    expect(first('enalapril', { pregnant: true })).toBe('yes');
    expect(first('losartan', { pregnant: true }, { trimester: 1 })).toBe('yes');
    expect(first('ibuprofen', { pregnant: true }, { trimester: 3 })).toBe('yes');
    expect(first('ibuprofen', { pregnant: true })).toBe('maybe');
    expect(first('ibuprofen', { pregnant: true }, { trimester: 1 })).toBeNull();
    expect(first('paracetamol', { pregnant: true }, { trimester: 3 })).toBeNull();
    // a dose-qualified one ("khi dùng liều giảm đau") may apply even in its trimester
    expect(first('aspirin', { pregnant: true }, { trimester: 3 })).toBe('maybe');
    // "phụ nữ có khả năng mang thai …" is not a pregnant patient, and not pregnant is no finding
    expect(first('enalapril', {})).toBeNull();
  });

  it('a woman the user says uses no contraception: the childbearing-potential clause is hers', () => {
    const said = (words: string) =>
      contraindicationsFor(parts('acid_valproic'), EMPTY_PATIENT, UNKNOWN_SEVERITY, null, expandShorthand(words)).map(
        (f) => [f.applies, f.quote.slice(0, 40)],
      );
    expect(said('bn nữ 24t động kinh, ko dùng BPTT')).toEqual([['yes', 'Phụ nữ có khả năng mang thai không áp dụ']]);
    expect(said('bn nữ 24t động kinh, không dùng biện pháp tránh thai')).toHaveLength(1);
    // said to use one, or nothing said of it: no finding from that clause
    expect(said('bn nữ 24t động kinh, đang dùng biện pháp tránh thai')).toEqual([]);
    expect(said('bn nữ 24t động kinh')).toEqual([]);
  });

  it('a use the formulary forbids: surely for that use, maybe when it is an acute form of the condition asked', () => {
    expect(first('allopurinol', {}, {}, 'cơn gút cấp')).toBe('yes');
    expect(first('allopurinol', {}, {}, 'gút cấp')).toBe('yes');
    expect(first('allopurinol', {}, {}, 'gút')).toBe('maybe');
    expect(first('allopurinol', {}, {}, 'tăng acid uric máu')).toBeNull();
  });

  it('a kind a bracket names carries its subject’s qualifier; a congenital syndrome is no QTc found long now', () => {
    // "rối loạn điện giải đáng kể (hạ kali, …)": a low potassium may be significant, or not
    expect(first('domperidon', { comorbidities: ['hạ kali máu'] })).toBe('maybe');
    expect(first('domperidon', { comorbidities: ['kéo dài khoảng QTc'] })).toBe('maybe');
    // ondansetron: "Tránh dùng ở người có hội chứng QT kéo dài bẩm sinh"
    expect(review('ondansetron', { comorbidities: ['kéo dài khoảng QTc'] })).toEqual([]);
  });

  it('breastfeeding', () => {
    expect(first('gliclazid', { lactating: true })).toBe('yes');
    expect(first('simvastatin', { lactating: true })).toBe('yes');
    expect(first('metformin', { lactating: true })).toBeNull();
    expect(first('ibuprofen', { lactating: true })).toBeNull();
  });

  it('kidney: a stated threshold or severity held against the range the words give', () => {
    expect(first('cetirizin', { renal: 'ClCr 8' }, { renal_range: [8, 8] })).toBe('yes');
    expect(first('cetirizin', { renal: 'ClCr 25' }, { renal_range: [25, 25] })).toBeNull();
    expect(first('cetirizin', { renal: 'suy thận' })).toBe('maybe');
    expect(first('metformin', { renal: 'eGFR 25' }, { renal_range: [25, 25] })).toBe('yes');
    expect(first('metformin', { renal: 'eGFR 45' }, { renal_range: [45, 45] })).toBeNull();
    expect(first('colchicin', { renal: 'gđ 4' }, { renal_range: [15, 30] })).toBe('yes');
    expect(first('colchicin', { renal: 'suy thận vừa' }, { renal_range: [30, 60] })).toBeNull();
    // end stage below 15 does not settle "below 10": it may
    expect(first('cetirizin', { renal: 'gđ cuối' }, { renal_range: [0, 15] })).toBe('maybe');
    // a pairing ("Phối hợp với aliskiren ở người bệnh … suy thận") is the pair's contraindication, not the kidney's
    expect(first('enalapril', { renal: 'eGFR 40' }, { renal_range: [40, 40] })).toBeNull();
  });

  it('liver: the grade the contraindication needs', () => {
    expect(first('domperidon', { hepatic: 'Child-Pugh B' }, { hepatic_grade: 'moderate' })).toBe('yes');
    expect(first('domperidon', { hepatic: 'Child-Pugh A' }, { hepatic_grade: 'mild' })).toBeNull();
    expect(first('clopidogrel', { hepatic: 'xơ gan' })).toBe('maybe');
    expect(first('clopidogrel', { hepatic: 'Child-Pugh C' }, { hepatic_grade: 'severe' })).toBe('yes');
    // a bare "Suy gan": a liver failure said as such, yes; cirrhosis may be one
    expect(first('metformin', { hepatic: 'suy gan' })).toBe('yes');
    expect(first('metformin', { hepatic: 'xơ gan' })).toBe('maybe');
    // "Người bệnh mắc hội chứng Cockayne: … suy gan cấp": the subject is the syndrome, the liver its harm
    expect(first('metronidazol', { hepatic: 'xơ gan' }, { hepatic_grade: 'moderate' })).toBeNull();
  });

  it('a comorbidity the contraindication names may apply', () => {
    expect(first('diclofenac', { comorbidities: ['suy tim'] })).toBe('maybe');
    expect(first('colchicin', { comorbidities: ['tăng huyết áp'] })).toBeNull();
  });

  it('a use the formulary forbids excludes only that use; its own exception keeps the drug', () => {
    expect(first('furosemid', { pregnant: true }, {}, 'tăng huyết áp')).toBe('yes');
    expect(first('furosemid', { pregnant: true }, {}, 'phù phổi cấp')).toBeNull();
    expect(first('acid_valproic', { pregnant: true }, {}, 'rối loạn lưỡng cực')).toBe('yes');
    expect(first('acid_valproic', { pregnant: true }, {}, 'động kinh cơn vắng ý thức')).toBeNull();
  });

  it('a state the user’s words name may apply though no patient fact was read', () => {
    const said = (drug: string, words: string, condition: string | null = null) =>
      contraindicationsFor(parts(drug), EMPTY_PATIENT, UNKNOWN_SEVERITY, condition, expandShorthand(words)).map(
        (f) => f.applies,
      );
    // "loét DD tiến triển" beside "Loét dạ dày tá tràng tiến triển"
    expect(said('ibuprofen', 'bn loét DD tiến triển, thoái hóa khớp gối', 'thoái hóa khớp')).toContain('maybe');
    expect(said('morphin', 'bn COPD nặng, đau do ung thư')).toContain('maybe');
    // … and a duodenal ulcer is one of the peptic ulcers the clause names
    expect(said('diclofenac', 'bn gút cấp, đang có loét tá tràng tiến triển', 'gút cấp')).toContain('maybe');
    // … a heart attack or a coronary stent tells an ischaemic heart disease, a stroke a cerebrovascular one
    expect(said('diclofenac', 'tiền sử NMCT đặt stent LAD 2023, nghĩ gút cấp', 'gút cấp')).toContain('maybe');
    expect(said('diclofenac', 'bn từng đột quỵ năm ngoái, gút cấp', 'gút cấp')).toContain('maybe');
    expect(said('diclofenac', 'bn nam 40t khỏe mạnh, gút cấp', 'gút cấp')).toEqual([]);
    // a precaution that tells to avoid the drug for what the patient has is read too, never surer than maybe
    const reviewed = (drug: string, words: string, condition: string) =>
      contraindicationsFor(
        REVIEWED_SECTIONS.flatMap((s) => index.section(drug, s)),
        EMPTY_PATIENT,
        { ...UNKNOWN_SEVERITY, age_years: [7, 7] },
        condition,
        words,
      ).map((f) => [f.section, f.applies]);
    expect(reviewed('ibuprofen', 'bé 7 tuổi đang bị thủy đậu, sốt 39 độ', 'sốt')).toEqual([['than_trong', 'maybe']]);
    expect(reviewed('ibuprofen', 'bé 7 tuổi sốt 39 độ', 'sốt')).toEqual([]);
    expect(reviewed('domperidon', 'bé 7 tuổi buồn nôn', 'buồn nôn')).toEqual([['than_trong', 'maybe']]);
    // a family the clause names ("Rối loạn chức năng tuyến giáp") holds the member the user names
    expect(said('amiodaron', 'bn nữ 58t đang điều trị cường giáp (Basedow), nay rung nhĩ')).toContain('maybe');
    expect(said('amiodaron', 'bn nữ 58t tăng huyết áp, nay rung nhĩ')).toEqual([]);
    // "Người bệnh có blốc nhĩ thất": the state is what the person has
    expect(said('carbamazepin', 'bn 66t blốc nhĩ thất độ II, đau dây TK sinh ba')).toContain('maybe');
    // two words of a family are not the state ("suy tuyến" giáp is not "suy tuyến" yên)
    expect(said('levothyroxin', 'Người bị suy tuyến giáp thì dùng thuốc gì?', 'suy giáp')).toEqual([]);
    // a hypersensitivity clause's allergens ("kháng sinh beta-lactam") are no state of the patient's
    expect(said('cefalexin', 'sp bầu, viêm bàng quang, ks nào điều trị được')).toEqual([]);
    // a pregnancy section never speaks to a patient who is not pregnant
    expect(first('furosemid', {}, {}, 'tăng huyết áp')).toBeNull();
    // the use a clause is scoped to ("… khi dùng liều giảm đau, chống viêm") is no state, though the question
    // names it: at week 10 the third-trimester contraindication does not apply (the pregnancy section's
    // "tránh dùng" at analgesic doses still may)
    const contra = contraindicationsFor(
      parts('aspirin'),
      { ...EMPTY_PATIENT, pregnant: true },
      { ...UNKNOWN_SEVERITY, trimester: 1 },
      'bong gân',
      expandShorthand('bầu 3 tháng đầu, bong gân, thuốc giảm đau chống viêm nào dùng dc'),
    );
    expect(contra.filter((f) => f.section === 'chong_chi_dinh')).toEqual([]);
    expect(contra.map((f) => f.section)).toEqual(['thoi_ky_mang_thai']);
    // a class of drugs in a poisoning clause ("ngộ độc cấp rượu, thuốc ngủ, thuốc giảm đau …, opioid") is no
    // state of the patient's, though the question asks the list by that class
    const saidBy = (drug: string, words: string) =>
      contraindicationsFor(parts(drug), EMPTY_PATIENT, UNKNOWN_SEVERITY, 'đau', expandShorthand(words));
    expect(saidBy('tramadol', 'bn COPD nặng, đau do K di căn xương, thuốc giảm đau opioid nào dùng dc')).toEqual([]);
  });

  it('never reads a clause that says it is not a contraindication', () => {
    const part = (text: string) => ({ ...index.section('paracetamol', 'thoi_ky_mang_thai')[0], text });
    const pregnant = { ...EMPTY_PATIENT, pregnant: true };
    for (const text of [
      'Không chống chỉ định trong thời kỳ mang thai.',
      'Không có chống chỉ định ở phụ nữ mang thai.',
      'Không nên dùng trong thời kỳ mang thai.',
    ])
      expect([text, contraindicationsFor([part(text)], pregnant, UNKNOWN_SEVERITY, null)]).toEqual([text, []]);
  });

  it('quotes the clause verbatim, most certain first', () => {
    const [f] = contraindicationsFor(parts('gliclazid'), { ...EMPTY_PATIENT, lactating: true }, UNKNOWN_SEVERITY, null);
    expect(f).toMatchObject({ drug_id: 'gliclazid', section: 'chong_chi_dinh', applies: 'yes' });
    expect(index.part(f.doc_id)!.text).toContain(f.quote);
  });

  it('a clause headed by a dosage form is scoped to that form’s routes', () => {
    expect(formScope('Dạng tiêm: nhịp chậm xoang, blốc nhĩ thất độ II và độ III.')).toEqual([
      'tiem_tinh_mach',
      'truyen_tinh_mach',
      'tiem_bap',
      'tiem_duoi_da',
    ]);
    expect(formScope('Dạng đặt trực tràng: không dùng cho người bị viêm trực tràng.')).toEqual(['dat_truc_trang']);
    expect(formScope('Suy gan nặng, suy thận nặng.')).toBeNull();
    // phenytoin's AV-block clause is found for a patient with AV block, scoped to injection
    const found = contraindicationsFor(
      parts('phenytoin'),
      { ...EMPTY_PATIENT, comorbidities: ['blốc nhĩ thất độ II'] },
      UNKNOWN_SEVERITY,
      'đau dây thần kinh sinh ba',
    );
    expect(found.map((f) => f.routes?.includes('tiem_tinh_mach'))).toEqual([true]);
  });

  it('a clause that forbids some dosage forms by name is scoped to them, and only when every form is known', () => {
    expect(formScope('Doạ sẩy thai: không dùng salbutamol dạng uống hoặc dạng tiêm.')).toEqual([
      'uong',
      'tiem_tinh_mach',
      'truyen_tinh_mach',
      'tiem_bap',
      'tiem_duoi_da',
    ]);
    expect(formScope('Không dùng dạng tiêm bắp cho người bệnh rối loạn đông máu.')).toEqual(['tiem_bap']);
    // a form it cannot place, or none: the clause stands for every form
    expect(formScope('Không dùng salbutamol dạng lạ hoặc dạng tiêm.')).toBeNull();
    expect(formScope('Không dùng cho người bệnh doạ sẩy thai.')).toBeNull();
    // salbutamol for an asthma attack in a threatened miscarriage: the clause is found, scoped to oral and
    // injected forms, so the inhaled drug stays listed with the clause quoted
    const found = contraindicationsFor(
      parts('salbutamol'),
      { ...EMPTY_PATIENT, pregnant: true, comorbidities: ['dọa sảy thai'] },
      UNKNOWN_SEVERITY,
      'hen cấp',
      'đang dọa sảy thai, lên cơn hen cấp',
    );
    const scoped = found.filter((f) => f.quote.includes('sẩy thai'));
    expect(scoped.length).toBe(1);
    expect(scoped[0].routes).toContain('uong');
    expect(scoped[0].routes).not.toContain('hit');
  });

  it('a contraindication by age is held against the age the user gives, and not guessed without one', () => {
    expect(first('aspirin', {}, { age_years: [15, 15] }, 'đau bụng kinh')).toBe('maybe');
    expect(review('aspirin', {}, { age_years: [15, 15] }, 'đau bụng kinh')).toContain('maybe');
    // 17 against "dưới 16 tuổi": outside the scope; no age said: nothing read
    expect(review('aspirin', {}, { age_years: [17, 17] }, 'đau bụng kinh')).toEqual([]);
    expect(review('aspirin', {}, {}, 'đau bụng kinh')).toEqual([]);
    // "12 - 17 tuổi" straddles 16: it may apply
    expect(review('aspirin', {}, { age_years: [12, 17] }, 'đau bụng kinh')).toContain('maybe');
  });

  it('a pairing applies when the user says the patient is on the drug it names, and only then', () => {
    const on = (words: string) =>
      contraindicationsFor(parts('simvastatin'), EMPTY_PATIENT, UNKNOWN_SEVERITY, 'tăng cholesterol máu', words).map(
        (f) => f.applies,
      );
    expect(on(expandShorthand('bn đang uống clarithromycin (phác đồ HP), tăng cholesterol máu'))).toEqual(['yes']);
    // the regimen said before the drug: "đang đtrị HP phác đồ có clarithromycin"
    expect(
      on(expandShorthand('LDL 4,8, đang đtrị HP phác đồ có clarithromycin 500mg x2 (ngày 3/14). statin nào?')),
    ).toEqual(['yes']);
    // named, but not taken: "trước đây dùng", a question about it, or nothing
    expect(on(expandShorthand('bn tăng cholesterol máu, clarithromycin có tương tác không'))).toEqual([]);
    expect(on(expandShorthand('bn tăng cholesterol máu'))).toEqual([]);
    // used, maybe not now ("có dùng … vài lần mỗi tháng"): it may apply
    const isdn = (words: string) =>
      contraindicationsFor(parts('isosorbid_dinitrat'), EMPTY_PATIENT, UNKNOWN_SEVERITY, null, words).map(
        (f) => f.applies,
      );
    expect(isdn('Tôi có dùng sildenafil (Viagra) vài lần mỗi tháng. thuốc nào phòng cơn đau thắt ngực?')).toEqual([
      'maybe',
    ]);
    expect(isdn('sildenafil là thuốc gì')).toEqual([]);
  });

  it('an exception that holds only when nothing else will do is read as the clause without it, for the list to weigh', () => {
    const pregnant = { ...EMPTY_PATIENT, pregnant: true };
    const found = lastResortFor(parts('acid_valproic'), pregnant, UNKNOWN_SEVERITY, 'động kinh');
    expect(found.map((f) => [f.applies, f.quote])).toEqual([
      ['maybe', 'Phụ nữ có thai, trừ trường hợp động kinh không có lựa chọn điều trị thay thế phù hợp;'],
    ]);
    // the usual reading still lifts it for the use it excepts, and a patient it does not name has none
    expect(contraindicationsFor(parts('acid_valproic'), pregnant, UNKNOWN_SEVERITY, 'động kinh')).toEqual([]);
    expect(lastResortFor(parts('acid_valproic'), EMPTY_PATIENT, UNKNOWN_SEVERITY, 'động kinh')).toEqual([]);
  });

  it('a class the clause names by its acronym, said of the patient’s treatment now or just stopped, may apply', () => {
    const on = (words: string) =>
      contraindicationsFor(
        parts('carbamazepin'),
        EMPTY_PATIENT,
        UNKNOWN_SEVERITY,
        'đau dây thần kinh sinh ba',
        words,
      ).map((f) => f.applies);
    expect(on('mẹ đang uống thuốc chống trầm cảm loại IMAO, bác sĩ mới cho ngưng được 1 tuần')).toEqual(['maybe']);
    expect(on('mẹ bị đau dây thần kinh sinh ba, IMAO là thuốc gì')).toEqual([]);
  });
});

describe('a genetic marker the user says the patient carries', () => {
  const marker = (drug: string, words: string) =>
    contraindicationsFor(
      REVIEWED_SECTIONS.flatMap((s) => index.section(drug, s)),
      EMPTY_PATIENT,
      UNKNOWN_SEVERITY,
      null,
      expandShorthand(words),
    ).filter((f) => /HLA-B\*1502/u.test(f.quote));
  it('holds a precaution that says to avoid the drug in carriers against a positive result, quoting the marker', () => {
    for (const said of [
      'XN HLA-B*1502 dương tính',
      'xn hla-b*1502 duong tinh',
      'HLA-B*1502 (+)',
      'bn mang alen HLA-B*1502',
    ]) {
      const found = marker('carbamazepin', said);
      expect({ said, applies: found.map((f) => f.applies) }).toEqual({ said, applies: ['maybe'] });
      // the clause that says "nếu dương tính" is quoted with the one that names what is tested, verbatim
      expect(found[0].quote).toContain('HLA-B*1502');
      expect(index.section('carbamazepin', 'than_trong').some((p) => p.text.includes(found[0].quote))).toBe(true);
    }
    expect(marker('phenytoin', 'HLA-B*1502 dương tính').map((f) => f.applies)).toEqual(['maybe']);
  });
  it('never on a negative, untested or other marker', () => {
    for (const said of ['XN HLA-B*1502 âm tính', 'chưa làm HLA-B*1502', 'HLA-B*5801 dương tính', ''])
      expect({ said, found: marker('carbamazepin', said).length }).toEqual({ said, found: 0 });
  });
});

describe('routesNamed: the routes an indication says the drug is given by', () => {
  it.each([
    [
      'Trạng thái động kinh co cứng – co giật: tiêm tĩnh mạch sau benzodiazepin',
      ['tiem_tinh_mach', 'truyen_tinh_mach'],
    ],
    ['Động kinh: cơn co cứng – co giật toàn thể', []],
    ['uống hoặc đặt trực tràng', ['uong', 'dat_truc_trang']],
  ])('"%s" → %j', (t, routes) => expect(routesNamed(t).sort()).toEqual([...routes].sort()));
});

describe('a state of another type', () => {
  it('"Đái tháo đường typ 1" is not held against a patient said to have type 2', () => {
    const gliclazidTyp1 = index.section('gliclazid', 'chong_chi_dinh').filter((p) => p.text.includes('typ 1'));
    expect(gliclazidTyp1.length).toBeGreaterThan(0);
    const found = (said: string) =>
      contraindicationsFor(gliclazidTyp1, EMPTY_PATIENT, UNKNOWN_SEVERITY, null, expandShorthand(said)).filter((f) =>
        f.quote.includes('typ 1'),
      );
    expect(found('bn nữ 74t ĐTĐ typ 2 đang uống gliclazid')).toEqual([]);
    expect(found('bn ĐTĐ2, gliclazid liều bn')).toEqual([]);
    expect(found('bn nữ 24t đái tháo đường typ 1')).not.toEqual([]);
  });
});

describe('a state the user denies', () => {
  it('"Ko uống rượu" holds no alcohol clause against the patient; "uống rượu nhiều" may', () => {
    const metro = index.section('metronidazol', 'chong_chi_dinh');
    const alcohol = (said: string) =>
      contraindicationsFor(metro, EMPTY_PATIENT, UNKNOWN_SEVERITY, null, expandShorthand(said)).filter((f) =>
        f.quote.toLowerCase().includes('rượu'),
      );
    expect(alcohol('bn nữ 45t loét tá tràng. Ko uống rượu. Diệt HP dùng thuốc nào')).toEqual([]);
    expect(alcohol('bn nữ 45t không uống rượu bia')).toEqual([]);
    expect(alcohol('bn nam 50t uống rượu nhiều, diệt HP dùng thuốc nào')).not.toEqual([]);
  });
});

describe('avoidedInPregnancy()', () => {
  const index = sampleIndex();
  const pregnant = { ...EMPTY_PATIENT, pregnant: true };
  const of = (drug: string, condition: string | null = null, patient = pregnant) =>
    avoidedInPregnancy(index.section(drug, 'thoi_ky_mang_thai'), patient, condition);

  it('reads a clause that avoids the drug for the whole pregnancy', () => {
    for (const drug of ['spironolacton', 'tramadol', 'ciprofloxacin', 'amiodaron'])
      expect(of(drug)).toEqual([expect.objectContaining({ drug_id: drug, applies: 'maybe' })]);
  });

  it('not a conditional use, a trimester, a dose, an excepted use, nor for a patient who is not pregnant', () => {
    expect(of('amlodipin')).toEqual([]); // "Chỉ dùng khi không có thuốc khác an toàn hơn": no avoidance said
    expect(of('ondansetron')).toEqual([]); // "không nên dùng ondansetron trong 3 tháng đầu"
    expect(of('metronidazol')).toEqual([]); // "nên tránh dùng trong 3 tháng đầu nếu có thể"
    expect(of('aspirin')).toEqual([]); // "Liều giảm đau, chống viêm: tránh dùng …"
    expect(of('diazepam', 'co giật')).toEqual([]); // "… trừ khi thật cần thiết (ví dụ cắt cơn co giật)"
    expect(of('spironolacton', null, EMPTY_PATIENT)).toEqual([]);
    // "để thận trọng nên tránh dùng …, chỉ dùng khi thật cần thiết": the precaution any drug in pregnancy carries
    expect(of('loratadin')).toEqual([]);
    expect(of('clopidogrel')).toEqual([]);
  });
});
