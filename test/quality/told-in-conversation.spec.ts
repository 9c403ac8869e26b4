import { Simulation } from '../support/simulate';

/**
 * What a ward conversation tells along the way, read as the conversation means it (misses of the held-out first
 * runs of zzs–zzz, fixed as rules): each case is paired with the same words where the rule must not apply.
 */
describe('what the conversation told, read in context', () => {
  it('a class the turn points at narrows the conversation’s drugs to those of that class', () => {
    const s = new Simulation();
    s.say('bn 57t mới đặt stent, đang clopidogrel, bs muốn thêm omeprazol bảo vệ dạ dày đc ko');
    const r = s.say('ok, còn thuốc chống kết tập đang dùng thì liều duy trì bao nhiêu');
    expect([r.outcome, r.plan.reading.frame.drugs]).toEqual(['answerable/answered', ['clopidogrel']]);
    // "thuốc dạ dày" points at the other one; a class none of them is in changes nothing
    const t = new Simulation();
    t.say('bn 57t mới đặt stent, đang clopidogrel, bs muốn thêm omeprazol bảo vệ dạ dày đc ko');
    expect(t.say('thế còn thuốc dạ dày thì liều bao nhiêu').plan.reading.frame.drugs).toEqual(['omeprazol']);
    const u = new Simulation();
    u.say('bn 57t mới đặt stent, đang clopidogrel, bs muốn thêm omeprazol bảo vệ dạ dày đc ko');
    expect(u.say('còn thuốc kháng sinh thì sao').plan.reading.frame.drugs).not.toEqual(['clopidogrel']);
  });
  it('a class pointed back at picks the conversation’s drug of it: the first or the newest of several, as said', () => {
    const s = new Simulation();
    s.say('bn 68t ĐTĐ typ 2, eGFR 40, metformin tối đa bao nhiêu/ngày?');
    s.say('bn định thêm gliclazid MR, NCT thì khởi đầu mấy mg?');
    expect(s.say('còn thuốc ĐTĐ hỏi đầu tiên thì uống lúc nào so với bữa ăn?').plan.reading.frame.drugs).toEqual([
      'metformin',
    ]);
    const t = new Simulation();
    t.say('toi 55 tuoi dang uong simvastatin, doi sang uong buoi sang cho tien duoc khong?');
    t.say('bac si noi co the doi sang atorvastatin, thuoc do thi uong gio nao?');
    const r = t.say('tuan sau toi phai uong clarithromycin 7 ngay, vay thuoc mo mau moi do dung toi da bao nhieu?');
    expect(r.plan.reading.frame.drugs).toEqual(['atorvastatin']);
    // the pair asked: the turn's own drug beside the one pointed at
    const p = new Simulation();
    p.say('Mẹ tôi 70 tuổi đang uống amlodipin, dạo này bị phù cổ chân, có phải do thuốc không?');
    const pair = p.say('Mẹ tôi còn uống simvastatin trị mỡ máu, uống chung với thuốc huyết áp kia có sao không?');
    expect([...pair.plan.reading.frame.drugs].sort()).toEqual(['amlodipin', 'simvastatin']);
    // a class told beside a drug the turn asks about, with no word pointing back, is the patient's, not a pointer
    const u = new Simulation();
    u.say('bn nữ 70t, amlodipin khởi đầu bao nhiêu?');
    expect(u.say('bn đang dùng thuốc huyết áp, paracetamol liều bao nhiêu').plan.reading.frame.drugs).toEqual([
      'paracetamol',
    ]);
  });

  it('a drug told as taken now, then "what then", is asked beside the conversation’s drug', () => {
    const s = new Simulation();
    s.say('bn 66t gút cấp mới khởi phát 6h, ClCr 50, colchicin dùng sao');
    const r = s.say('bn đang phác đồ diệt HP có clari thì sao');
    expect(r.outcome).toBe('answerable/answered');
    expect(r.plan.reading.frame).toMatchObject({ attribute: 'tuong_tac_thuoc' });
    expect(r.plan.reading.frame.drugs).toEqual(expect.arrayContaining(['colchicin', 'clarithromycin']));
    // a section named, or no drug before it, is no pair
    const dose = new Simulation();
    dose.say('bn 66t gút cấp, colchicin dùng sao');
    expect(dose.say('bn đang dùng clari, liều clari bao nhiêu thì sao').plan.reading.frame.drugs).toEqual([
      'clarithromycin',
    ]);
    expect(new Simulation().say('bn đang dùng clari thì sao').plan.reading.frame.drugs).toEqual(['clarithromycin']);
    // … with a dose and a comma before "có sao ko"
    const dose2 = new Simulation();
    dose2.say('bn nam 70t sau mo thay khop hang, heparin du phong TDD lieu sao');
    const pair = dose2.say('bn dang uong aspirin 81mg moi ngay, co sao ko');
    expect(pair.plan.reading.frame.drugs).toEqual(expect.arrayContaining(['heparin', 'aspirin']));
    expect(pair.plan.reading.frame.attribute).toBe('tuong_tac_thuoc');
    // … but a section asked of it ("có hại gan ko") is asked of that drug
    const liver = new Simulation();
    liver.say('bn nam 70t sau mo thay khop hang, heparin du phong TDD lieu sao');
    expect(liver.say('bn dang uong aspirin 81mg moi ngay, co hai gan ko').plan.reading.frame.drugs).toEqual([
      'aspirin',
    ]);
  });

  it('a patient state no indication names ("nghiện rượu"), told after a dose, goes on with the dose', () => {
    const s = new Simulation();
    s.say('bn nam 45t 62kg hậu phẫu ngày 1, ko uống đc, sốt 39 độ, dùng para thế nào?');
    expect(s.say('truyền TM').outcome).toBe('answerable/answered');
    const r = s.say('à bn này nghiện rượu lâu năm');
    expect(r.outcome).toBe('answerable/answered');
    expect(r.plan.reading.frame).toMatchObject({ drugs: ['paracetamol'], attribute: 'lieu_luong_cach_dung' });
    // alone, it names no drug: which drug is asked, never a drug guessed
    expect(new Simulation().say('bn nghiện rượu lâu năm').drugs).toEqual([]);
  });

  it('a rash after the drug, and what to do, is asked of the precautions — "sau mấy lần" asks no count', () => {
    const s = new Simulation();
    s.say(
      'Bé nhà em 8 tháng, nặng 8 ký, sốt cao mà uống thuốc vào là nôn hết. Dùng viên đặt hậu môn paracetamol thì liều bao nhiêu ạ?',
    );
    const r = s.say('Bé hết sốt rồi nhưng sau mấy lần đặt thuốc thì nổi mẩn đỏ khắp người, vậy phải làm sao ạ?');
    expect(r.plan.reading.frame).toMatchObject({ drugs: ['paracetamol'], attribute: 'than_trong' });
    // a count asked is still a dose; a rash the drug is asked for is no reaction
    expect(s.say('vậy ngày đặt mấy lần').plan.reading.frame.attribute).toBe('lieu_luong_cach_dung');
    const hives = new Simulation().say('bé 3 tuổi 14kg nổi mề đay thì cho uống loratadin bao nhiêu?');
    expect(hives.plan.reading.frame.attribute).toBe('lieu_luong_cach_dung');
  });

  it('"ngoài X thì còn thuốc nào" asks the list without X, not about X', () => {
    const r = new Simulation().say(
      'bn 63t hậu phẫu thay khớp háng ngày 1, đau nhiều 7/10 dù đang truyền paracetamol. tiền sử XHTH do loét, đang dùng clopidogrel sau đặt stent. ngoài para và NSAID thì còn thuốc giảm đau nào dùng thêm được?',
    );
    expect(r.outcome).toBe('answerable/drug_list');
    expect(r.plan.reading.frame.drugs).toEqual([]);
    // a drug asked about together with another is still the pair
    expect(
      new Simulation().say('bn đang truyền paracetamol, dùng thêm clopidogrel được không').plan.reading.frame.drugs,
    ).toEqual(expect.arrayContaining(['paracetamol', 'clopidogrel']));
  });

  it('a clipped name that starts drugs of several groups is the one of the conversation drug’s group', () => {
    const s = new Simulation();
    s.say('e 25t bị viêm mũi dị ứng, uống cetirizin 10mg buồn ngủ quá, có cách nào đỡ ko?');
    const r = s.say('còn lora thì bầu dùng đc ko');
    expect(r.drugs).toEqual(['loratadin']);
    expect(r.plan.user.mentions.corrected).toEqual(
      expect.arrayContaining([expect.objectContaining({ drug_id: 'loratadin' })]),
    );
    // beside a benzodiazepine the one of its group is lorazepam, outside the formulary: still asked which
    const benzo = new Simulation();
    benzo.say('bn 70t mất ngủ, diazepam 5mg tối, liều có cần giảm ko');
    expect(benzo.say('còn lora thì sao').outcome).toBe('clarify/no_drug');
    // alone it is asked which
    expect(new Simulation().say('liều lora?').outcome).toBe('clarify/no_drug');
    // a clip of a drug the same turn names is that drug, in a first turn too
    const levo = new Simulation().say(
      'bn nu 62t suy giap dang levothyroxin 75mcg uong sang, nay bs them calci carbonat. cho uong cach levo bao lau?',
    );
    expect(levo.drugs).toEqual(['levothyroxin']);
    // a clip that starts many drugs, one of them ours, is asked which — never "not in the formulary"
    expect(new Simulation().say('levo khởi đầu liều bao nhiêu').outcome).toBe('clarify/no_drug');
  });

  it('a clipped name with no formulary reading beside a named formulary drug is said back, not asked which', () => {
    const s = new Simulation();
    s.say('bé 4t 16kg VTG cấp, amox liều cao bn');
    const r = s.say('mẹ bé khai trước bé uống ampi bị nổi mẩn, vậy amox còn dùng dc ko');
    expect(r.outcome).toBe('answerable/answered');
    expect(r.drugs).toEqual(['amoxicillin']);
    // alone, the clipped name is still asked which
    expect(new Simulation().say('ampi dùng được cho bé ko').outcome).toBe('clarify/no_drug');
  });

  it('a condition named in reply to "which condition?" after a vague one is the condition listed for', () => {
    const s = new Simulation();
    expect(s.say('bn 80t ClCr 30, nghi nhiem trung. ks nao trong dm dung dc?').outcome).toBe(
      'clarify/ambiguous_condition',
    );
    const r = s.say('bs vua cd viem than be than cap, cay nuoc tieu ra E.coli');
    expect(r.outcome).toBe('answerable/drug_list');
    expect(r.plan.reading.frame.condition).toBe('viem than be than cap');
    expect(r.plan.reading.frame.unknown_drugs).toEqual([]);
  });

  it('a follow-up that asks the monitoring of the conversation’s drug stays with that drug', () => {
    const s = new Simulation();
    s.say('bn nam 48t, 70kg, HKTMS, heparin TM liều nạp rồi BTĐ duy trì. nạp bao nhiêu đơn vị?');
    const r = s.say('ok e chạy rồi. vậy mấy giờ sau thì thử aPTT, mục tiêu bao nhiêu là đạt?');
    expect(r.outcome).toBe('answerable/answered');
    expect(r.drugs).toEqual(['heparin']);
    // with nothing clinical in it, the turn is still out of scope
    expect(new Simulation().say('ok e chạy rồi, mai đi chợ mua gì').outcome).toBe('abstain/out_of_scope');
  });

  it('an unmarked "rung nhi" beside an adult’s age is the atrium, not a child; "khoa nhi" still is a child', () => {
    const s = new Simulation();
    const r = s.say('bn nam 59t rung nhi, chuyen sang amiodaron uong, lieu nap tuan dau the nao');
    expect(r.plan.reading.frame.population).toBe('adult');
    expect(r.outcome).toBe('answerable/answered');
    expect(new Simulation().say('benh nhi khoa nhi, amoxicillin lieu bao nhieu').plan.reading.frame.population).toBe(
      'pediatric',
    );
  });

  it('"ng lon" typed without marks answers the population question; "para uống thì bn" asks the dose', () => {
    const s = new Simulation();
    expect(s.say('ciprofloxacin uong lieu bao nhieu').outcome).toBe('clarify/missing_population');
    expect(s.say('ng lon, VTBT').outcome).toBe('answerable/answered');
    const dose = new Simulation();
    dose.say('bé 6t 20kg sốt 38,5, dm có thuốc hạ sốt nào cho bé');
    const r = dose.say('para uống thì bn');
    expect(r.plan.reading.frame).toMatchObject({ drugs: ['paracetamol'], attribute: 'lieu_luong_cach_dung' });
    expect(r.outcome).toBe('answerable/answered');
  });

  it('what a ward note tells beside a list is the patient, not the condition asked', () => {
    const condition = (t: string) => new Simulation().say(t).plan.reading.frame;
    // "chua loc mau": not yet on dialysis ("chưa"), not a cure for it ("chữa")
    expect(
      condition(
        'bn nam 70t STM gd cuoi ClCr 8, chua loc mau. may day man tai di tai lai, ngua nhieu. khang histamin nao trong dm dung dc cho bn?',
      ).condition,
    ).toBe('mày đay');
    expect(condition('thuoc nao chua viem xoang').condition).toBe('viem xoang');
    // who assessed it and how severe it is are no part of the condition
    expect(
      condition('SP 28t thai 30 tuần, TS hen, bs đánh giá cơn hen mức độ TB. Thuốc nào trong dm dùng đc cho bn?')
        .condition,
    ).toBe('cơn hen');
    // a course of a drug outside the formulary the patient starts is their context, not a drug asked
    const chemo = new Simulation().say(
      'bn nam 58t K phoi, suy gan muc do vua. mai truyen cisplatin chu ky 1. trong dm co thuoc nao du phong non cho bn?',
    );
    expect(chemo.outcome).toBe('answerable/drug_list');
    // a germ a culture grew is no drug, however close its name is to one ("coli": colistin)
    expect(condition('cấy nước tiểu ra E.coli, Klebsiella, ks nào dùng được').unknown_drugs).toEqual([]);
  });

  it('"the drug I am on" after a list is the drug an earlier turn told the patient takes, not a listed one', () => {
    const s = new Simulation();
    s.say(
      'Em 29 tuổi, bị cao huyết áp 2 năm nay đang uống losartan 50mg mỗi sáng, hôm qua em mới phát hiện có bầu khoảng 7 tuần. Trong danh mục có thuốc huyết áp nào bà bầu dùng được không ạ?',
    );
    const r = s.say('Vậy thuốc em đang uống thì phải ngưng luôn hay đợi tới lúc đi khám lại ạ?');
    expect(r.plan.reading.frame).toMatchObject({ drugs: ['losartan'], attribute: 'thoi_ky_mang_thai' });
    expect(r.outcome).toBe('answerable/answered');
    // with no drug told as taken, the pointer is still asked
    const none = new Simulation();
    none.say('Em bầu 7 tuần, bị cao huyết áp. Trong danh mục có thuốc huyết áp nào bà bầu dùng được không ạ?');
    expect(none.say('Vậy thuốc em đang uống thì phải ngưng luôn hay đợi ạ?').plan.reading.frame.drugs).not.toEqual([
      'losartan',
    ]);
  });

  it('a name cut too short to read alone ("cefa") is the conversation’s drug it starts; alone it names nothing', () => {
    const s = new Simulation();
    s.say('sản phụ 30w, viêm bàng quang ko biến chứng, ko dị ứng thuốc. ks uống nào trong dm dùng đc cho bầu ạ?');
    // the list is the retrieval worker's: set as the orchestrator remembers it after the reply
    s.memory = { ...s.memory, lastFrame: { ...s.memory.lastFrame!, listed: ['cefalexin', 'amoxicillin'] } };
    const r = s.say('ok chị, cefa thì cho liều bn, ngày uống mấy lần?');
    expect(r.plan.reading.frame.drugs).toEqual(['cefalexin']);
    expect(r.plan.reading.frame.unknown_drugs).toEqual([]);
    // a pregnant patient takes an adult's dose: no population to ask
    expect(r.outcome).toBe('answerable/answered');
    expect(new Simulation().say('cefa liều bn').plan.reading.frame.drugs).toEqual([]);
  });

  it('what a question asks of one drug: its adverse effects, its use, a second person taking it too', () => {
    const frame = (t: string) => new Simulation().say(t).plan.reading.frame;
    expect(frame('Uống allopurinol thì gia đình cần để ý những phản ứng phụ gì?').attribute).toBe(
      'tac_dung_khong_mong_muon',
    );
    // whether it works for a use is no contraindication question
    expect(frame('Khi ông đang lên cơn đau ngực thì cho uống amlodipin có cắt cơn được không?').attribute).not.toBe(
      'chong_chi_dinh',
    );
    expect(frame('cho uống amlodipin được không').attribute).toBe('chong_chi_dinh');
    // "uống chung loratadin với tôi": the wife takes it too — her breastfeeding, not an interaction
    expect(frame('vo toi dang cho con bu 4 thang, uong chung loratadin voi toi dc ko').attribute).toBe(
      'thoi_ky_cho_con_bu',
    );
    expect(frame('mẹ hay uống levothyroxin chung luôn với viên canxi, có sao ko').attribute).toBe('tuong_tac_thuoc');
  });

  it('an acute attack the note names is the condition asked when the reading names nothing an indication does', () => {
    const condition = (t: string) => new Simulation().say(t).plan.reading.frame.condition;
    expect(
      condition(
        'BN nam 58t, cơn gút cấp khớp gối P khởi phát 6h. Loét DD-TT đang tiến triển (nội soi tuần trước). Dm có thuốc nào cắt cơn đc?',
      ),
    ).toBe('cơn gút cấp');
    expect(
      condition('bn nam 58t sưng nóng đỏ khớp bàn ngón cái, nghĩ cơn gút cấp. DT có thuốc nào điều trị cơn cấp?'),
    ).toBe('cơn gút cấp');
    // told as history, the attack is not the one asked
    expect(condition('tiền sử cơn gút cấp. nay viêm phổi, thuốc nào dùng được')).not.toBe('cơn gút cấp');
  });

  it('"còn X thì sao" in a pair’s conversation keeps the drug named first and swaps the other', () => {
    const s = new Simulation();
    s.say('bn nữ 72t rung nhĩ, mới bắt đầu warfarin, liều khởi đầu bn?');
    s.say('bn hay tự mua para uống giảm đau khớp, uống chung với warfarin vậy có sao ko');
    const r = s.say('còn ibu thì sao');
    expect(r.plan.reading.frame).toMatchObject({ turn_type: 'interaction', drugs: ['warfarin', 'ibuprofen'] });
  });

  it('a breastfeeding mother asking her own dose is an adult; a child she names is still the patient when sick', () => {
    const s = new Simulation();
    s.say('vo em dang cho bu hoan toan, bi tieu duong type 2, eGFR 50. thuoc uong nao ha duong huyet dung duoc?');
    expect(s.say('vay neu dung metformin thi 1 ngay toi da duoc bao nhieu mg a?').plan.reading.frame.population).toBe(
      'adult',
    );
    expect(
      new Simulation().say('đang cho con bú, bé nhà em 3 tuổi sốt thì uống paracetamol liều bao nhiêu').plan.reading
        .frame.population,
    ).toBe('pediatric');
  });

  it('a lab value with a decimal comma ("K máu 5,9") reaches the list’s review as the state it says', () => {
    const frame = new Simulation().say('bn nữ 78t THA, K máu 5,9 mmol/l, DT có thuốc hạ áp nào').plan.reading.frame;
    expect(frame.condition).toBe('tăng huyết áp');
    expect(frame.patient.comorbidities).toContain('tăng kali máu');
    // a normal value says nothing
    expect(
      new Simulation().say('bn nữ 78t THA, K máu 4,1 mmol/l, DT có thuốc hạ áp nào').plan.reading.frame.patient
        .comorbidities,
    ).not.toContain('tăng kali máu');
  });
});
