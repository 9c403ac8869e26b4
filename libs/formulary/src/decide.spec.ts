import { EMPTY_PATIENT, emptyFrame, type EvidencePart } from '@app/contracts';
import { decide, routeOfStatedRegimen, withElderlyCautions } from './decide';
import { retrieveForFrame } from './retrieve';
import { sampleIndex } from './test-corpus';

describe('decide()', () => {
  const index = sampleIndex();
  const dosing = index.section('paracetamol', 'lieu_luong_cach_dung');
  const frame = (o: Parameters<typeof emptyFrame>[0]) =>
    emptyFrame({ turn_type: 'dosing_calc', drugs: ['paracetamol'], attribute: 'lieu_luong_cach_dung', ...o });

  it('an aspect only the query’s labels carry (a condition read from another turn: "rượu") is no aspect the user asked', () => {
    const spiro = index.section('spironolacton', 'lieu_luong_cach_dung');
    const f = frame({ population: 'adult', route: 'uong', drugs: ['spironolacton'], condition: 'rượu' });
    const asked = 'spironolacton liều khởi đầu cho cổ trướng';
    expect(decide(spiro, f, index, [], `${asked}. Đối tượng: người lớn. Chỉ định/triệu chứng: rượu.`).decision).toBe(
      'ANSWERABLE',
    );
    // asked in the user's own words, an aspect none of the parts speaks of still has no answer here
    expect(decide(spiro, f, index, [], 'spironolacton uống với rượu được không').decision).toBe('INSUFFICIENT');
  });

  it('AMBIGUOUS_ROUTE when several route-specific regimens apply and no route was given, with the routes for quick replies', () => {
    const r = decide(dosing, frame({ population: 'adult' }), index);
    expect(r.decision).toBe('AMBIGUOUS_ROUTE');
    expect(r.routes).toEqual(expect.arrayContaining(['uong', 'dat_truc_trang', 'truyen_tinh_mach']));
  });

  it('an elderly patient whose own entries are by mouth is asked the route when the adults have an injection, no route said', () => {
    const furo = index.section('furosemid', 'lieu_luong_cach_dung');
    const f = frame({ population: 'elderly', age_text: '76 tuổi', drugs: ['furosemid'] });
    expect(decide(furo, f, index, [], 'furosemid liều bn cho bn này?').decision).toBe('AMBIGUOUS_ROUTE');
    // a route said anywhere in the conversation settles it; an inhaled alternative (salbutamol) is no injection
    expect(decide(furo, f, index, [], 'furosemid liều bn cho bn này?', 'đã tiêm furo 40mg TMC').decision).not.toBe(
      'AMBIGUOUS_ROUTE',
    );
    const salbu = index.section('salbutamol', 'lieu_luong_cach_dung');
    const s78 = frame({ population: 'elderly', age_text: '78 tuổi', drugs: ['salbutamol'] });
    expect(decide(salbu, s78, index, [], 'Salbutamol cho cụ ông 78 tuổi dùng liều nào?').decision).toBe('ANSWERABLE');
  });

  it('an overdose part about a state the user denies ("ko chảy máu") is left out while another remains', () => {
    const over = index.section('warfarin', 'qua_lieu_va_xu_tri');
    const f = emptyFrame({ turn_type: 'drug_attribute', drugs: ['warfarin'], attribute: 'qua_lieu_va_xu_tri' });
    const ids = (said: string) => decide(over, f, index, [], said).parts.map((p) => p.doc_id);
    expect(ids('bn 81t INR 6,2, ko chảy máu, ko bầm. xử trí thế nào?')).toEqual(['warfarin__qua_lieu_va_xu_tri__2']);
    // bleeding told, or nothing said of it: every part stays
    expect(ids('INR 9, chảy máu chân răng, xử trí sao')).toHaveLength(over.length);
    expect(ids('quá liều warfarin xử trí sao')).toHaveLength(over.length);
  });

  it('an indication the user names picks its entry and so its route: the usual regimens of other routes are no route to ask', () => {
    const dexa = index.section('dexamethason', 'lieu_luong_cach_dung');
    const f = frame({ population: 'adult', drugs: ['dexamethason'] });
    const r = decide(dexa, f, index, [], 'người lớn 50t phù não, dexamethason liều sao?');
    expect(r.decision).toBe('ANSWERABLE');
    expect(r.parts.filter((p) => p.route !== null).map((p) => p.text)).toEqual([expect.stringContaining('(phù não)')]);
    // no indication said: the routes are asked
    expect(decide(dexa, f, index, [], 'dexamethason người lớn liều sao?').decision).toBe('AMBIGUOUS_ROUTE');
    // an indication whose entries are of several routes still asks
    const para = index.section('paracetamol', 'lieu_luong_cach_dung');
    expect(
      decide(para, frame({ population: 'adult' }), index, [], 'người lớn sốt, paracetamol liều sao').decision,
    ).toBe('AMBIGUOUS_ROUTE');
  });

  it('ANSWERABLE once the route is given, keeping only that route and the population asked', () => {
    const r = decide(dosing, frame({ population: 'pediatric', route: 'uong' }), index);
    expect(r.decision).toBe('ANSWERABLE');
    expect(r.parts.length).toBeGreaterThan(0);
    for (const p of r.parts) {
      if (p.route !== null) expect(p.route).toBe('uong');
      if (p.population.length) expect(p.population).toContain('pediatric');
    }
  });

  it('intravenous said ("TM") answers both intravenous entries, each under its label, not which route', () => {
    const heparin = index.section('heparin', 'lieu_luong_cach_dung');
    const iv = frame({
      drugs: ['heparin'],
      population: 'adult',
      allowed_routes: ['tiem_tinh_mach', 'truyen_tinh_mach'],
    });
    const r = decide(heparin, iv, index);
    expect(r.decision).toBe('ANSWERABLE');
    const routes = new Set(r.parts.flatMap((p) => (p.route ? [p.route] : [])));
    expect([...routes].sort()).toEqual(['tiem_tinh_mach', 'truyen_tinh_mach']);
    // a route other than intravenous left beside them is still asked
    expect(decide(heparin, { ...iv, allowed_routes: [] }, index).decision).toBe('AMBIGUOUS_ROUTE');
  });

  it('whether to adjust the dose for the kidney values told is answered by the entry for the impairment, with no route asked', () => {
    const ceftriaxon = index.section('ceftriaxon', 'lieu_luong_cach_dung');
    const renal = frame({
      drugs: ['ceftriaxon'],
      population: 'elderly',
      age_text: '80 tuổi',
      patient: { ...EMPTY_PATIENT, renal: 'độ thanh thải creatinin 30 ml/phút' },
    });
    const r = decide(ceftriaxon, renal, index, [], 'ceftriaxon co can giam lieu theo ClCr cua bn ko');
    expect(r.decision).toBe('ANSWERABLE');
    expect(r.parts.length).toBeGreaterThan(0);
    expect(r.parts.every((p) => p.route === null && /suy thận/.test(p.text))).toBe(true);
    // the same words with no kidney or liver values told, or a dose asked without "adjust", still ask the route
    const noValues = { ...renal, patient: EMPTY_PATIENT };
    expect(decide(ceftriaxon, noValues, index, [], 'ceftriaxon co can giam lieu ko').decision).toBe('AMBIGUOUS_ROUTE');
    expect(decide(ceftriaxon, renal, index, [], 'ceftriaxon liều bao nhiêu').decision).toBe('AMBIGUOUS_ROUTE');
  });

  it('an impairment entry that gives each route its own dose still asks the route; one limit for every route does not', () => {
    const cipro = index.section('ciprofloxacin', 'lieu_luong_cach_dung');
    const renal = frame({
      drugs: ['ciprofloxacin'],
      population: 'adult',
      age_text: '60 tuổi',
      patient: { ...EMPTY_PATIENT, renal: 'ClCr 40' },
    });
    // "uống 250 - 500 mg mỗi 12 giờ, hoặc truyền tĩnh mạch 200 - 400 mg mỗi 12 giờ": a dose per route, a route to choose
    expect(decide(cipro, renal, index, [], 'chỉnh liều theo ClCr sao').decision).toBe('AMBIGUOUS_ROUTE');
    const iv = decide(cipro, { ...renal, route: 'truyen_tinh_mach' }, index, [], 'chỉnh liều theo ClCr sao');
    expect(iv.decision).toBe('ANSWERABLE');
    expect(iv.parts.some((p) => p.route === null && /suy thận/.test(p.text))).toBe(true);
    // "tổng liều không vượt quá 8 mg/ngày (uống hoặc tĩnh mạch)": one limit for both routes, asked as a limit
    const ondansetron = index.section('ondansetron', 'lieu_luong_cach_dung');
    const hepatic = frame({
      drugs: ['ondansetron'],
      population: 'adult',
      age_text: '60 tuổi',
      patient: { ...EMPTY_PATIENT, hepatic: 'xơ gan child B' },
    });
    const limit = decide(ondansetron, hepatic, index, [], 'ondansetron ở bn này có giới hạn liều gì ko');
    expect(limit.decision).toBe('ANSWERABLE');
    expect(limit.parts.map((p) => p.text).join(' ')).toContain('tổng liều không vượt quá 8 mg/ngày');
  });

  it('an entry for another indication is not the dose of the condition the conversation asked for', () => {
    const azithro = index.section('azithromycin', 'lieu_luong_cach_dung');
    const adult = frame({ drugs: ['azithromycin'], population: 'adult', age_text: '35 tuổi', route: 'uong' });
    const ids = (said: string) => decide(azithro, adult, index, [], said).parts.map((p) => p.doc_id);
    // after a list for strep throat: the Chlamydia single dose is another indication's, the usual regimen stays
    const strep = ids('azithro uống liều ntn cho bn này. Chỉ định/triệu chứng: viêm họng do liên cầu.');
    expect(strep).toContain('azithromycin__lieu_luong_cach_dung__1');
    expect(strep).not.toContain('azithromycin__lieu_luong_cach_dung__2');
    // the condition the entry treats keeps it; no condition asked keeps every entry (each under its label)
    expect(ids('liều bao nhiêu. Chỉ định/triệu chứng: viêm niệu đạo do chlamydia.')).toContain(
      'azithromycin__lieu_luong_cach_dung__2',
    );
    expect(ids('azithro uống liều ntn')).toContain('azithromycin__lieu_luong_cach_dung__2');
    // a child's age bands ("liều theo lứa tuổi, … cách nhau 4 - 6 giờ") are no indication of their own
    const para = index.section('paracetamol', 'lieu_luong_cach_dung');
    const child = frame({
      drugs: ['paracetamol'],
      population: 'pediatric',
      age_text: '9 tháng',
      weight_kg: 8,
      route: 'uong',
    });
    const fever = decide(para, child, index, [], 'para uống liều bn. Chỉ định/triệu chứng: sốt.').parts;
    expect(fever.map((p) => p.doc_id)).toEqual(
      expect.arrayContaining(['paracetamol__lieu_luong_cach_dung__3', 'paracetamol__lieu_luong_cach_dung__4']),
    );
  });

  it('the one entry whose disease the user names is the dose, not the usual regimen; a puzzled "ha?" names none', () => {
    const azithro = index.section('azithromycin', 'lieu_luong_cach_dung');
    const adult = frame({ drugs: ['azithromycin'], population: 'adult', age_text: '30 tuổi', route: 'uong' });
    const ids = decide(
      azithro,
      adult,
      index,
      [],
      'bn nam 30t viêm niệu đạo do chlamydia, azitromycin uống liều bn',
    ).parts.map((p) => p.doc_id);
    expect(ids).toContain('azithromycin__lieu_luong_cach_dung__2');
    expect(ids).not.toContain('azithromycin__lieu_luong_cach_dung__1');
    // "ha? y la sao" replying to a question is no "hạ" of "thuốc hạ acid uric": the attack asked stays the dose
    const colchicin = index.section('colchicin', 'lieu_luong_cach_dung');
    const man = frame({ drugs: ['colchicin'], population: 'adult', age_text: '52 tuổi', route: 'uong' });
    const q = 'colchicin 1mg len con gut thi uong may vien. ha? y la sao. a bo em 52 tuoi, ko co benh than gan gi';
    const parts = decide(colchicin, man, index, [], q).parts.map((p) => p.doc_id);
    expect(parts).toContain('colchicin__lieu_luong_cach_dung__1');
    expect(parts).not.toContain('colchicin__lieu_luong_cach_dung__2');
  });

  it('an entry for a kidney or liver impairment is left out when the user says those organs work normally', () => {
    const tramadol = index.section('tramadol', 'lieu_luong_cach_dung');
    const adult = frame({ drugs: ['tramadol'], population: 'adult', age_text: '50 tuổi', route: 'uong' });
    const impairment = (ps: EvidencePart[]) => ps.filter((p) => /suy thận|suy gan/.test(p.text.split(':')[0]));
    const normal = decide(tramadol, adult, index, [], 'tramadol uống liều sao? CN gan thận bt');
    expect(normal.decision).toBe('ANSWERABLE');
    expect(impairment(normal.parts)).toEqual([]);
    // the kidney only said normal: the liver's entry stays; a kidney fact of the frame keeps the kidney's entry
    const liverLeft = decide(tramadol, adult, index, [], 'tramadol uống liều sao? thận bt');
    expect(impairment(liverLeft.parts).map((p) => /suy gan/.test(p.text))).toContain(true);
    const renal = { ...adult, patient: { ...EMPTY_PATIENT, renal: 'ClCr 20 ml/phút' } };
    const told = decide(tramadol, renal, index, [], 'tramadol uống liều sao? gan thận bt');
    expect(impairment(told.parts).some((p) => /suy thận/.test(p.text))).toBe(true);
  });

  it('a turn naming no indication is answered for the indication the conversation told ("sau mổ" → the post-operative entry)', () => {
    const ondansetron = index.section('ondansetron', 'lieu_luong_cach_dung');
    const child = frame({
      drugs: ['ondansetron'],
      population: 'pediatric',
      age_text: '8 tuổi',
      weight_kg: 25,
      allowed_routes: ['tiem_tinh_mach', 'truyen_tinh_mach'],
    });
    const told = 'be trai 8t 25kg, sau mo ruot thua noi soi 2h, buon non, non 3 lan. thuoc chong non nao cho be?';
    const r = decide(ondansetron, child, index, [], 'tĩnh mạch thi lieu bn', told);
    expect(r.decision).toBe('ANSWERABLE');
    const regimens = r.parts.filter((p) => p.route !== null);
    expect(regimens.length).toBeGreaterThan(0);
    expect(regimens.every((p) => /sau phẫu thuật/.test(p.text))).toBe(true);
    // without the conversation's words both intravenous entries are quoted, each under its indication
    const both = decide(ondansetron, child, index, [], 'tĩnh mạch thi lieu bn');
    expect(both.parts.some((p) => p.route !== null && /hoá trị/.test(p.text))).toBe(true);
  });

  it('keeps an entry for the population that names no single route (a renal adjustment covering every route) once a route is given', () => {
    const cipro = index.section('ciprofloxacin', 'lieu_luong_cach_dung');
    const renal = cipro.find((p) => p.route === null && p.population.includes('adult') && p.text.includes('suy thận'));
    expect(renal).toBeDefined();
    const r = decide(
      cipro,
      emptyFrame({
        turn_type: 'dosing_calc',
        drugs: ['ciprofloxacin'],
        attribute: 'lieu_luong_cach_dung',
        population: 'adult',
        route: 'uong',
      }),
      index,
    );
    expect(r.decision).toBe('ANSWERABLE');
    expect(r.parts.map((p) => p.doc_id)).toContain(renal!.doc_id);
    expect(r.parts.every((p) => p.route === null || p.route === 'uong')).toBe(true);
    expect(r.parts.every((p) => p.population.length === 0 || p.population.includes('adult'))).toBe(true);
  });

  it('INSUFFICIENT when the question asks an aspect (food, alcohol) that none of the parts speaks of', () => {
    const asked = (drug: string, section: 'lieu_luong_cach_dung' | 'tuong_tac_thuoc', question: string) =>
      decide(
        index.section(drug, section),
        emptyFrame({
          turn_type: 'drug_attribute',
          drugs: [drug],
          attribute: section,
          population: 'adult',
          route: 'uong',
        }),
        index,
        [],
        question,
      ).decision;
    // ondansetron's dosing says nothing of meals; metformin's does ("uống trong hoặc ngay sau bữa ăn")
    expect(asked('ondansetron', 'lieu_luong_cach_dung', 'ondansetron uống lúc đói hay no đc')).toBe('INSUFFICIENT');
    expect(asked('metformin', 'lieu_luong_cach_dung', 'metformin uống trước hay sau ăn')).toBe('ANSWERABLE');
    // alcohol: metronidazol's interactions name it
    expect(asked('metronidazol', 'tuong_tac_thuoc', 'đang uống metronidazol có uống rượu được không')).toBe(
      'ANSWERABLE',
    );
    // a missed dose: gliclazid says what to do ("Nếu quên một liều, không uống gấp đôi …"), amlodipin does not
    expect(asked('amlodipin', 'lieu_luong_cach_dung', 'lỡ quên uống amlodipin thì uống bù hay bỏ qua')).toBe(
      'INSUFFICIENT',
    );
    expect(asked('gliclazid', 'lieu_luong_cach_dung', 'quên 1 liều gliclazid thì mai uống gấp đôi được không')).toBe(
      'ANSWERABLE',
    );
    // coffee, and a dose brought up: no dosing part of amlodipin or amoxicillin speaks of them
    expect(asked('amlodipin', 'lieu_luong_cach_dung', 'sáng nào cũng uống cà phê, có phải bỏ cà phê không')).toBe(
      'INSUFFICIENT',
    );
    expect(asked('amoxicillin', 'lieu_luong_cach_dung', 'bé vừa uống xong ói ra hết, có cho bé uống lại không')).toBe(
      'INSUFFICIENT',
    );
    expect(
      asked(
        'levothyroxin',
        'lieu_luong_cach_dung',
        'uong xong 10 phut thi bi non ra het. co can cho me uong lai vien khac',
      ),
    ).toBe('INSUFFICIENT');
    // crushing a tablet, and light: answered only where a part says them
    expect(asked('amlodipin', 'lieu_luong_cach_dung', 'nghiền nhỏ viên trộn vào cháo được không')).toBe('INSUFFICIENT');
    expect(asked('clarithromycin', 'lieu_luong_cach_dung', 'dạng giải phóng kéo dài có bẻ đôi được không')).toBe(
      'ANSWERABLE',
    );
    expect(asked('ceftriaxon', 'lieu_luong_cach_dung', 'chai dịch có cần bọc túi đen chống ánh sáng không')).toBe(
      'INSUFFICIENT',
    );
    expect(asked('metformin', 'lieu_luong_cach_dung', 'ngưng metformin lúc nào, bao giờ cho uống lại')).toBe(
      'ANSWERABLE',
    );
    expect(asked('ondansetron', 'lieu_luong_cach_dung', 'bé nôn ra hết, ondansetron uống liều bao nhiêu')).not.toBe(
      'INSUFFICIENT',
    );
    // a question that asks no such aspect is unaffected
    expect(asked('ondansetron', 'lieu_luong_cach_dung', 'ondansetron uống liều bao nhiêu')).not.toBe('INSUFFICIENT');
  });

  it('a route with no regimen answers a dose only with the general part that speaks of that route', () => {
    const frame = emptyFrame({
      turn_type: 'dosing_calc',
      drugs: ['diazepam'],
      attribute: 'lieu_luong_cach_dung',
      population: 'adult',
      route: 'tiem_bap',
    });
    // "cai rượu" is the patient's condition, not a drink asked about
    const q = 'bn cai rượu, ko lấy được ven, tiêm bắp diazepam được ko';
    const r = decide(retrieveForFrame(index, frame, q), frame, index, [], q);
    expect(r.decision).toBe('ANSWERABLE');
    expect(r.parts.map((p) => p.text).join(' ')).toContain('không nên tiêm bắp');
    expect(r.parts.every((p) => p.route === null)).toBe(true);
  });

  it('a volume to dissolve in is answered only by a volume or a concentration, not a clearance in ml/phút', () => {
    const volume = (drug: string, question: string) => {
      const frame = emptyFrame({
        turn_type: 'drug_attribute',
        drugs: [drug],
        attribute: 'lieu_luong_cach_dung',
        population: 'adult',
        route: drug === 'ceftriaxon' ? 'tiem_tinh_mach' : 'truyen_tinh_mach',
      });
      return decide(retrieveForFrame(index, frame, question), frame, index, [], question).decision;
    };
    // ceftriaxon: "hòa tan bột pha tiêm bằng dung môi thích hợp", and "ClCr dưới 10 ml/phút" — no volume
    expect(volume('ceftriaxon', 'ceftriaxon 2g TMC. 1 lọ 1g pha với mấy ml nước cất?')).toBe('INSUFFICIENT');
    // azithromycin: "pha thành dung dịch nồng độ 1 mg/ml … hoặc 2 mg/ml"
    expect(volume('azithromycin', 'azithro 500mg truyền TM pha bao nhiêu ml dịch?')).not.toBe('INSUFFICIENT');
  });

  it('an entry whose lead states ages that do not hold the patient’s exact age is not theirs', () => {
    const clopidogrel = index.section('clopidogrel', 'lieu_luong_cach_dung');
    const stemi = (age: number) =>
      decide(clopidogrel, frame({ population: 'elderly', age_text: `${age} tuổi`, route: 'uong' }), index).parts.map(
        (p) => p.text.split(',')[0],
      );
    // "Người lớn đến 75 tuổi … liều nạp 300 mg" for 72, "Người cao tuổi trên 75 tuổi … không dùng liều nạp" for 79
    expect(stemi(72)).toContain('Người lớn đến 75 tuổi');
    expect(stemi(72)).not.toContain('Người cao tuổi trên 75 tuổi');
    expect(stemi(79)).toContain('Người cao tuổi trên 75 tuổi');
    expect(stemi(79)).not.toContain('Người lớn đến 75 tuổi');
  });

  it('an overdose taken with alcohol is still answered by the overdose section', () => {
    const overdose = index.section('paracetamol', 'qua_lieu_va_xu_tri');
    const f = emptyFrame({ turn_type: 'drug_attribute', drugs: ['paracetamol'], attribute: 'qua_lieu_va_xu_tri' });
    const r = decide(overdose, f, index, [], 'lỡ uống 10 viên paracetamol với rượu tối qua, xử trí sao?');
    expect(r.decision).toBe('ANSWERABLE');
    expect(r.parts.length).toBeGreaterThan(0);
  });

  it('a route with no entry of its own is answered by another route’s entry that says how it is given by it', () => {
    const furo = index.section('furosemid', 'lieu_luong_cach_dung');
    expect(furo.some((p) => p.route === 'truyen_tinh_mach')).toBe(false);
    const f = emptyFrame({
      turn_type: 'dosing_calc',
      drugs: ['furosemid'],
      attribute: 'lieu_luong_cach_dung',
      population: 'adult',
      route: 'truyen_tinh_mach',
    });
    const r = decide(furo, f, index);
    expect(r.decision).toBe('ANSWERABLE');
    const routed = r.parts.filter((p) => p.route !== null);
    expect(routed.length).toBeGreaterThan(0);
    // only entries that say the infusion: never the oral regimen, nor an IV entry silent on it
    for (const p of routed) expect(p.text).toContain('truyền tĩnh mạch');
  });

  it('a condition the conversation named, given by one route only, leaves no route to ask', () => {
    const fluco = index.section('fluconazol', 'lieu_luong_cach_dung');
    const f = (condition: string | null) =>
      emptyFrame({
        turn_type: 'dosing_calc',
        drugs: ['fluconazol'],
        attribute: 'lieu_luong_cach_dung',
        population: 'adult',
        condition,
      });
    expect(decide(fluco, f(null), index).decision).toBe('AMBIGUOUS_ROUTE');
    const r = decide(fluco, f('nấm Candida âm đạo'), index, [], 'liều?');
    expect(r.decision).toBe('ANSWERABLE');
    expect(r.parts.every((p) => p.route === null || p.route === 'uong')).toBe(true);
    expect(r.parts.map((p) => p.text).join(' ')).toContain('Candida âm đạo');
  });

  it('INSUFFICIENT when the formulary has no regimen for the route asked', () => {
    expect(decide(dosing, frame({ population: 'adult', route: 'nho_mat' }), index).decision).toBe('INSUFFICIENT');
    expect(decide([], frame({}), index).decision).toBe('INSUFFICIENT');
  });

  it('VERIFY_PDF when a quarantined table is among the usable parts of an interaction pool', () => {
    const pool = [...index.section('warfarin', 'tuong_tac_thuoc'), ...index.section('aspirin', 'tuong_tac_thuoc')];
    const r = decide(pool, emptyFrame({ turn_type: 'interaction', drugs: ['warfarin', 'aspirin'] }), index, [
      'warfarin',
      'aspirin',
    ]);
    expect(r.decision).toBe('VERIFY_PDF');
    expect(r.parts.some((p) => p.quarantined_page !== null)).toBe(true);
    // every non-table part names the other drug
    for (const p of r.parts.filter((x) => x.quarantined_page === null))
      expect(
        p.drug_id === 'warfarin'
          ? /aspirin|acetylsalicylic/i.test(p.text) || p.interacts_with.includes('aspirin')
          : /warfarin/i.test(p.text) || p.interacts_with.includes('warfarin'),
      ).toBe(true);
  });

  it('INSUFFICIENT for an interaction pool in which neither drug names the other', () => {
    const pool = [
      ...index.section('paracetamol', 'tuong_tac_thuoc'),
      ...index.section('amoxicillin', 'tuong_tac_thuoc'),
    ];
    const r = decide(pool, emptyFrame({ turn_type: 'interaction', drugs: ['paracetamol', 'amoxicillin'] }), index, [
      'paracetamol',
      'amoxicillin',
    ]);
    expect(r.decision).toBe('INSUFFICIENT');
  });

  it('ANSWERABLE for a plain section with no quarantined part', () => {
    const r = decide(
      index.section('ibuprofen', 'chong_chi_dinh'),
      emptyFrame({ drugs: ['ibuprofen'], attribute: 'chong_chi_dinh' }),
      index,
    );
    expect(r.decision).toBe('ANSWERABLE');
  });

  it('an overview of the dosing section ("toàn bộ mục liều dùng") is every route\'s, never a route question', () => {
    const r = decide(dosing, frame({ population: 'adult', is_section_overview: true }), index);
    expect(r.decision).toBe('ANSWERABLE');
    expect(r.routes.length).toBeGreaterThan(1);
  });

  it('an elderly patient whose drug has no elderly entry gets the adult entries, not "no evidence"', () => {
    const amox = index.section('amoxicillin', 'lieu_luong_cach_dung');
    expect(amox.some((p) => p.population.includes('elderly'))).toBe(false);
    const r = decide(
      amox,
      emptyFrame({
        turn_type: 'dosing_calc',
        drugs: ['amoxicillin'],
        attribute: 'lieu_luong_cach_dung',
        population: 'elderly',
        route: 'uong',
      }),
      index,
    );
    expect(r.decision).toBe('ANSWERABLE');
    expect(r.parts.some((p) => p.population.includes('adult'))).toBe(true);
  });

  it('a patient without kidney facts gets the usual regimen before the renal entries; with them, the renal entries first', () => {
    const cipro = index.section('ciprofloxacin', 'lieu_luong_cach_dung');
    const f0 = emptyFrame({
      turn_type: 'dosing_calc',
      drugs: ['ciprofloxacin'],
      attribute: 'lieu_luong_cach_dung',
      population: 'adult',
      route: 'uong',
    });
    const healthy = decide(cipro, f0, index).parts.filter((p) => p.population.length);
    expect(healthy[0].text).not.toMatch(/suy thận/);
    const renal = decide(cipro, { ...f0, patient: { ...f0.patient, renal: 'ClCr 25 ml/phút' } }, index).parts.filter(
      (p) => p.population.length,
    );
    expect(renal[0].text).toMatch(/suy thận/);
  });

  it('routes the user named in a question about how to give it are answered, not asked back; a dose still asks', () => {
    const ceftriaxon = index.section('ceftriaxon', 'lieu_luong_cach_dung');
    const named = { drugs: ['ceftriaxon'], attribute: 'lieu_luong_cach_dung' as const };
    const how = decide(
      ceftriaxon,
      emptyFrame({ ...named, turn_type: 'drug_attribute', allowed_routes: ['tiem_tinh_mach', 'tiem_bap'] }),
      index,
    );
    expect(how.decision).toBe('ANSWERABLE');
    expect(new Set(how.parts.flatMap((p) => (p.route ? [p.route] : [])))).toEqual(
      new Set(['tiem_tinh_mach', 'tiem_bap']),
    );
    const dose = decide(
      ceftriaxon,
      emptyFrame({
        ...named,
        turn_type: 'dosing_calc',
        population: 'adult',
        allowed_routes: ['tiem_tinh_mach', 'tiem_bap'],
      }),
      index,
    );
    expect(dose.decision).toBe('AMBIGUOUS_ROUTE');
  });

  const omeprazol = (o: Parameters<typeof emptyFrame>[0]) =>
    emptyFrame({ turn_type: 'dosing_calc', drugs: ['omeprazol'], attribute: 'lieu_luong_cach_dung', ...o });

  it('an elderly patient whose elderly entries are all for a route ruled out gets the adult entries for the routes left', () => {
    // omeprazol's only elderly entry is oral; "ko uống được gì" leaves the adult infusion
    const rows = index.section('omeprazol', 'lieu_luong_cach_dung');
    const nonOral = ['tiem_tinh_mach', 'truyen_tinh_mach', 'tiem_bap', 'dat_truc_trang'] as const;
    const r = decide(rows, omeprazol({ population: 'elderly', allowed_routes: [...nonOral] }), index);
    expect(r.decision).toBe('ANSWERABLE');
    expect(r.parts.filter((p) => p.route !== null).map((p) => p.route)).toEqual(['truyen_tinh_mach']);
  });

  it('a part tagged with one route that names another in its lead answers that route too', () => {
    // ceftriaxon #1: "Người lớn …, tiêm tĩnh mạch hoặc truyền tĩnh mạch: 1 - 2 g …" is tagged tiem_tinh_mach
    const r = decide(
      index.section('ceftriaxon', 'lieu_luong_cach_dung'),
      emptyFrame({
        turn_type: 'dosing_calc',
        drugs: ['ceftriaxon'],
        attribute: 'lieu_luong_cach_dung',
        population: 'adult',
        route: 'truyen_tinh_mach',
      }),
      index,
    );
    expect(r.decision).toBe('ANSWERABLE');
    expect(r.parts[0].text).toContain('truyền tĩnh mạch: 1 - 2 g');
  });

  it('"how to take it" keeps the retrieval’s order: the general note that answers before every regimen', () => {
    const rows = index.section('omeprazol', 'lieu_luong_cach_dung');
    const general = rows.find((p) => p.text.startsWith('Cách dùng'))!;
    const r = decide(
      [general, ...rows.filter((p) => p !== general)],
      emptyFrame({
        turn_type: 'drug_attribute',
        drugs: ['omeprazol'],
        attribute: 'lieu_luong_cach_dung',
        route: 'uong',
      }),
      index,
    );
    expect(r.parts[0]).toBe(general);
    // a dose puts the route's regimens first
    const d = decide(
      [general, ...rows.filter((p) => p !== general)],
      omeprazol({ route: 'uong', population: 'adult' }),
      index,
    );
    expect(d.parts[0].route).toBe('uong');
  });

  it('"không uống được" keeps every route but oral', () => {
    const r = decide(
      dosing,
      frame({ population: 'adult', allowed_routes: ['dat_truc_trang', 'truyen_tinh_mach', 'tiem_tinh_mach'] }),
      index,
    );
    expect(r.decision).toBe('AMBIGUOUS_ROUTE');
    expect(r.routes).not.toContain('uong');
  });

  it('an interaction part is narrowed to its sentences naming the other drug', () => {
    const pool = [...index.section('warfarin', 'tuong_tac_thuoc'), ...index.section('aspirin', 'tuong_tac_thuoc')];
    const r = decide(pool, emptyFrame({ turn_type: 'interaction', drugs: ['warfarin', 'aspirin'] }), index, [
      'warfarin',
      'aspirin',
    ]);
    for (const p of r.parts.filter((x) => x.quarantined_page === null)) {
      const original = index.part(p.doc_id)!.text;
      expect(original).toContain(p.text.split(' ').slice(0, 4).join(' '));
    }
  });
});

describe('routeOfStatedRegimen: a regimen the patient is on says its route', () => {
  const idx = sampleIndex();
  const dosing = idx.section('diazepam', 'lieu_luong_cach_dung');
  it('"đang diazepam 2mg x 3 lần/ngày" is the oral entry that writes it', () => {
    expect(routeOfStatedRegimen(dosing, 'bn lo âu, đang diazepam 2mg x 3 lần/ngày, dùng tối đa bao lâu')).toBe('uong');
  });
  it('no regimen, or one no entry writes, says nothing', () => {
    expect(routeOfStatedRegimen(dosing, 'bn lo âu, dùng tối đa bao lâu')).toBeNull();
    expect(routeOfStatedRegimen(dosing, 'đang 7mg x 5 lần')).toBeNull();
  });
});

describe('an elderly entry that gives no dose of its own', () => {
  const idx = sampleIndex();
  it('brings the adult entries it adjusts, after it; a child never gets them', () => {
    const dosing = idx.section('colchicin', 'lieu_luong_cach_dung');
    const elderly = emptyFrame({
      turn_type: 'dosing_calc',
      drugs: ['colchicin'],
      population: 'elderly',
      route: 'uong',
    });
    const d = decide(dosing, elderly, idx, [], 'cụ bà 80 tuổi uống colchicin liều bao nhiêu');
    expect(d.decision).toBe('ANSWERABLE');
    expect(d.parts[0].text).toContain('Người cao tuổi');
    expect(d.parts.some((p) => p.text.includes('1 mg ngay khi có dấu hiệu đầu tiên'))).toBe(true);
    // salbutamol's elderly entry gives its own dose: no adult entry is added
    const salbutamol = idx.section('salbutamol', 'lieu_luong_cach_dung');
    const old = emptyFrame({ turn_type: 'dosing_calc', drugs: ['salbutamol'], population: 'elderly', route: 'uong' });
    const s = decide(salbutamol, old, idx, [], 'cụ 80 tuổi uống salbutamol liều');
    expect(s.parts.filter((p) => p.population.length).every((p) => p.population.includes('elderly'))).toBe(true);
  });

  it('one that says the adult dose holds ("thường không cần chỉnh liều") brings the adult entries after it', () => {
    const losartan = idx.section('losartan', 'lieu_luong_cach_dung');
    const old = emptyFrame({ turn_type: 'dosing_calc', drugs: ['losartan'], population: 'elderly', route: 'uong' });
    const d = decide(losartan, old, idx, [], 'bn nữ 68t THA mới phát hiện, losartan uống khởi đầu bn?');
    expect(d.parts[0].text).toContain('Người cao tuổi');
    expect(d.parts.some((p) => p.text.includes('tăng huyết áp: 50 mg x 1 lần/ngày'))).toBe(true);
  });
});

describe('an age known only as a range that the dose’s age rows split', () => {
  const idx = sampleIndex();
  const child = (drug: string, age: string) =>
    emptyFrame({
      turn_type: 'dosing_calc',
      drugs: [drug],
      population: 'pediatric',
      age_text: age,
      weight_kg: 21,
      route: 'uong',
    });

  it('"học lớp 1" (5 to 8) across cetirizin’s 2 - 5 and 6 - 11 rows: the exact age is asked', () => {
    const d = decide(
      idx.section('cetirizin', 'lieu_luong_cach_dung'),
      child('cetirizin', 'học lớp 1'),
      idx,
      [],
      'cetirizin',
    );
    expect(d.decision).toBe('AMBIGUOUS_AGE');
  });

  it('an exact age, or a range one row holds, is answered', () => {
    const dosing = idx.section('cetirizin', 'lieu_luong_cach_dung');
    expect(decide(dosing, child('cetirizin', '6 tuổi rưỡi'), idx, [], 'cetirizin').decision).toBe('ANSWERABLE');
    // "học lớp 3" is 7 to 10: the 6 - 11 row holds all of it
    expect(decide(dosing, child('cetirizin', 'học lớp 3'), idx, [], 'cetirizin').decision).toBe('ANSWERABLE');
  });
});

describe('a child at or past the weight a child’s entry says takes the adult dose', () => {
  const idx = sampleIndex();
  const doxy = idx.section('doxycyclin', 'lieu_luong_cach_dung');
  const child = (kg: number) =>
    emptyFrame({
      turn_type: 'dosing_calc',
      drugs: ['doxycyclin'],
      population: 'pediatric',
      age_text: '10 tuổi',
      weight_kg: kg,
      route: 'uong',
    });

  it('47 kg: "Trẻ từ 45 kg: dùng liều người lớn" alone, then the adult entries', () => {
    const d = decide(doxy, child(47), idx, [], 'bé 10t sốt mò doxy uống liều sao');
    expect(d.decision).toBe('ANSWERABLE');
    expect(d.parts[0].text).toBe('Trẻ từ 45 kg: dùng liều người lớn.');
    expect(d.parts.some((p) => p.text.startsWith('Người lớn, uống (bệnh do Rickettsia'))).toBe(true);
    expect(d.parts.some((p) => p.text.includes('4,4 mg/kg'))).toBe(false);
  });

  it('30 kg: the child’s own entry, no adult entry', () => {
    const d = decide(doxy, child(30), idx, [], 'bé 10t sốt mò doxy uống liều sao');
    expect(d.parts.some((p) => p.text.includes('2,2 mg/kg'))).toBe(true);
    expect(d.parts.some((p) => p.text.startsWith('Người lớn, uống'))).toBe(false);
  });
});

describe('an elderly patient answered from the adult entries', () => {
  const idx = sampleIndex();
  const old = (drug: string, renal: string | null = null) =>
    emptyFrame({
      turn_type: 'dosing_calc',
      drugs: [drug],
      attribute: 'lieu_luong_cach_dung',
      population: 'elderly',
      route: 'uong',
      patient: { ...EMPTY_PATIENT, renal },
    });
  const answer = (drug: string, renal: string | null = null) =>
    withElderlyCautions(
      decide(idx.section(drug, 'lieu_luong_cach_dung'), old(drug, renal), idx, [], `${drug} liều`),
      old(drug, renal),
      (d, section) => idx.section(d, section),
    );

  it('an elderly entry for a kidney impairment the patient is not said to have brings the adult dose', () => {
    const d = answer('cetirizin');
    expect(d.parts.some((p) => p.text.includes('10 mg x 1 lần/ngày; có thể chia'))).toBe(true);
  });

  it('the precautions that speak of elderly patients go with the result, to be quoted beside the dose', () => {
    const d = answer('cetirizin');
    expect(d.parts.every((p) => p.section === 'lieu_luong_cach_dung')).toBe(true);
    expect(d.cautions?.[0].text).toContain('người cao tuổi thường giảm chức năng thận');
    expect(answer('ciprofloxacin').cautions?.[0].text).toContain('Nguy cơ tăng ở người cao tuổi');
  });

  it('a drug with an elderly dose of its own, or a patient with the impairment, gets no added precaution', () => {
    expect(answer('salbutamol').cautions ?? []).toEqual([]);
    expect(answer('cetirizin', 'độ thanh thải creatinin 35 ml/phút').cautions ?? []).toEqual([]);
  });
});

describe('an aspect none of the parts speaks of', () => {
  it('storage ("để tủ lạnh mai dùng tiếp") is not answered with the doses', () => {
    const idx = sampleIndex();
    const f = emptyFrame({
      turn_type: 'drug_attribute',
      drugs: ['ceftriaxon'],
      attribute: 'lieu_luong_cach_dung',
      population: 'adult',
      route: 'tiem_bap',
    });
    const d = decide(
      idx.section('ceftriaxon', 'lieu_luong_cach_dung'),
      f,
      idx,
      [],
      'lọ pha rồi mà chưa dùng hết, để tủ lạnh mai dùng tiếp đc ko?',
    );
    expect(d.decision).toBe('INSUFFICIENT');
  });
});
