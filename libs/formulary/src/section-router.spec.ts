import { exposureSection, reactionAsked, routeSections } from './section-router';

describe('section router', () => {
  it('a reaction asked against the drug that caused it: is it the drug, must it stop, what to do', () => {
    expect(reactionAsked('uống allopurinol 2 tuần thì nổi ban đỏ, có phải do thuốc ko')).toBe(true);
    expect(reactionAsked('uống ibuprofen bị nổi mề đay, có cần ngưng ko')).toBe(true);
    expect(reactionAsked('uống ibuprofen bị nổi mề đay, giờ giảm đau dùng gì thay')).toBe(false);
  });

  it.each([
    ['Liều paracetamol cho trẻ em?', 'lieu_luong_cach_dung'],
    ['lieu dung amoxicillin', 'lieu_luong_cach_dung'],
    ['Chống chỉ định của ibuprofen?', 'chong_chi_dinh'],
    ['chong chi dinh cua ibuprofen', 'chong_chi_dinh'],
    ['Chỉ định của omeprazol?', 'chi_dinh'],
    ['Tác dụng phụ của metformin?', 'tac_dung_khong_mong_muon'],
    ['tac dung khong mong muon cua digoxin', 'tac_dung_khong_mong_muon'],
    ['Warfarin dùng chung với aspirin được không?', 'tuong_tac_thuoc'],
    // the most it may be given
    ['đang uống 850 x3/ngày. tối đa được bao nhiêu?', 'lieu_luong_cach_dung'],
    // one drug changing what another does is an interaction; lowering the side effects is not
    ['thuốc dạ dày có làm giảm td clopidogrel ko', 'tuong_tac_thuoc'],
    ['omeprazol co lam giam tac dung clopidogrel khong', 'tuong_tac_thuoc'],
    ['cipro có làm tăng tác dụng warfarin không', 'tuong_tac_thuoc'],
    ['muốn giảm tác dụng phụ thì sao', 'tac_dung_khong_mong_muon'],
    ['Phụ nữ có thai dùng enalapril được không?', 'thoi_ky_mang_thai'],
    ['bú tiếp đc ko hay phải vắt bỏ sữa?', 'thoi_ky_cho_con_bu'],
    ['nhịn ăn ko uống đc, valproat xử trí liều ntn', 'lieu_luong_cach_dung'],
    ['chiều nay bn đi cầu phân đen, INR lại 9.1', 'qua_lieu_va_xu_tri'],
    ['Đang cho con bú có dùng cetirizin được không?', 'thoi_ky_cho_con_bu'],
    ['Uống quá liều paracetamol xử trí thế nào?', 'qua_lieu_va_xu_tri'],
    ['Cơ chế tác dụng của clopidogrel?', 'duoc_ly'],
    ['Cần thận trọng gì khi dùng amiodaron?', 'than_trong'],
    // a pregnancy found while on the drug, then "xử trí sao": the pregnancy section, not an overdose
    ['bn THA đang losartan, nay thử thai (+) khoảng 6 tuần. thuốc này xử trí sao?', 'thoi_ky_mang_thai'],
    // a child at the cupboard: a whole or half pack at once is an overdose question
    ['con em tự mở tủ uống hết gần nửa chai siro paracetamol, có sao không', 'qua_lieu_va_xu_tri'],
    ['bé uống hết cả chai siro rồi', 'qua_lieu_va_xu_tri'],
    // stopping at once is written under the precautions
    ['hết đợt thì ngưng luôn đc k?', 'than_trong'],
    // how to get it down, with milk, dependence, a contrast scan
    ['Bà tôi nuốt khó, viên omeprazol có mở ra trộn với nước cho bà uống được không?', 'lieu_luong_cach_dung'],
    ['bn đang uống ciprofloxacin, cho uống với sua được không hay phai cach bn tieng?', 'lieu_luong_cach_dung'],
    ['ba em uong tramadol lau ngay co bi nghien khong', 'than_trong'],
    ['bn đang dùng metformin, mai chụp CT có tiêm cản quang thì thuốc xử trí sao?', 'than_trong'],
    ['Atorvastatin uống buổi tối hay buổi sáng mới đúng vậy?', 'lieu_luong_cach_dung'],
    // many units taken at once is an overdose, whatever else is asked
    [
      'cách đây chừng 2 tiếng uống một lúc khoảng 20 viên paracetamol 500 mg. Có cần đưa đi viện không?',
      'qua_lieu_va_xu_tri',
    ],
    // the concentration it is diluted to is how to give it; "colchicin dùng sao" asks how to take it
    ['ok, vậy azithromycin TTM, liều bn, pha nồng độ ntn?', 'lieu_luong_cach_dung'],
    ['colchicin ngày đầu cho uống sao', 'lieu_luong_cach_dung'],
    // a dose raised or lowered to an amount
    ['HA vẫn 160/95. tăng lên 10mg/ngày đc ko', 'lieu_luong_cach_dung'],
    ['giảm xuống còn 2,5 mg được không', 'lieu_luong_cach_dung'],
    // the birth ends the pregnancy: what to watch for in the newborn is the pregnancy section
    ['Nếu dùng carba thì khi sinh cần lưu ý gì cho bé?', 'thoi_ky_mang_thai'],
    ['uống thuốc này lúc chuyển dạ có ảnh hưởng gì không', 'thoi_ky_mang_thai'],
    // why a drug was left off a list
    ['sao không có colchicin vậy?', 'chong_chi_dinh'],
    ['sao không thêm spironolacton?', 'chong_chi_dinh'],
    // who must not take it, as the south says "dùng"
    ['metformin ai không được xài vậy chị', 'chong_chi_dinh'],
    // how often the blood is checked
    ['bao lâu thì phải cho bn xét nghiệm máu lại 1 lần?', 'than_trong'],
    // what a product taken beside does to the drug
    ['Mẹ tôi còn uống viên canxi mỗi sáng, có ảnh hưởng gì tới thuốc đó không?', 'tuong_tac_thuoc'],
  ])('routes "%s" to %s', (turn, section) => {
    expect(routeSections(turn)[0]).toBe(section);
  });

  it('a rash while on the drug asks what to do (the precautions), unless a section is asked beside it', () => {
    expect(
      routeSections('Bé hết sốt rồi nhưng sau mấy lần đặt thuốc thì nổi mẩn đỏ khắp người, vậy phải làm sao ạ?')[0],
    ).toBe('than_trong');
    expect(routeSections('bé từng uống amox bị nổi mẩn, giờ cefalexin liều bao nhiêu')[0]).toBe('lieu_luong_cach_dung');
    expect(routeSections('uống xong bị nổi mẩn, có phải do thuốc không')[0]).toBe('tac_dung_khong_mong_muon');
    // a rash the drug is asked for is no reaction
    expect(routeSections('bé 3 tuổi nổi mề đay thì cho uống loratadin bao nhiêu?')).not.toContain('than_trong');
  });
  it('whether to stop the drug, asked beside what it caused, is the precautions first', () => {
    expect(
      routeSections('ông kêu đau gân gót chân, có phải do thuốc không, có cần ngừng thuốc không?').slice(0, 2),
    ).toEqual(['than_trong', 'tac_dung_khong_mong_muon']);
    expect(routeSections('đau gân gót chân, có phải do thuốc không?')[0]).toBe('tac_dung_khong_mong_muon');
  });
  it('a section set aside by "ngoài … ra" (apart from) is not asked', () => {
    expect(routeSections('ngoài tương tác đó ra thì bản thân thuốc dùng kéo dài có nguy cơ gì ko')).toEqual([
      'than_trong',
    ]);
    expect(routeSections('thuốc này có tương tác gì ko')).toEqual(['tuong_tac_thuoc']);
    expect(routeSections('heparin có qua nhau thai ko')).toEqual(['thoi_ky_mang_thai']);
    expect(routeSections('con thuoc nay tri phu do benh gi vay')).toEqual(['chi_dinh']);
    // "ngoài ra" (besides) sets nothing aside
    expect(routeSections('ngoài ra có tương tác gì ko')).toEqual(['tuong_tac_thuoc']);
  });

  it('"khi sinh hoạt" (daily life) is no birth', () => {
    expect(routeSections('uống thuốc này khi sinh hoạt hằng ngày cần lưu ý gì')).not.toContain('thoi_ky_mang_thai');
  });
  it('reads what the drug did to the patient as its adverse effects', () => {
    expect(routeSections('Tôi nghe nói thuốc này làm miệng có vị lạ, có đúng không?')).toEqual([
      'tac_dung_khong_mong_muon',
    ]);
    expect(routeSections('uống xong bị chóng mặt')).toEqual(['tac_dung_khong_mong_muon']);
    // the effects to watch for, asked as symptoms to report
    expect(routeSections('uống thuốc này có triệu chứng gì thì phải báo bác sĩ ngay?')).toEqual([
      'tac_dung_khong_mong_muon',
    ]);
    // the pill beside the drug is an interaction
    expect(routeSections('đang uống phenytoin, em dùng thuốc ngừa thai hằng ngày có bị giảm tác dụng ko')[0]).toBe(
      'tuong_tac_thuoc',
    );
    // an overdose's symptoms are the overdose section's first
    expect(routeSections('paracetamol quá liều có triệu chứng gì')[0]).toBe('qua_lieu_va_xu_tri');
    // what it is for is the indications
    expect(routeSections('thuốc này làm gì vậy')).toEqual(['chi_dinh']);
  });

  it('reads stopping a drug before surgery as the precautions, unless a dose was asked first', () => {
    expect(routeSections('đang clopidogrel, phải ngưng trước mổ mấy ngày')).toEqual(['than_trong']);
    expect(routeSections('ngừng warfarin trước khi nhổ răng không')).toEqual(['than_trong']);
    expect(routeSections('cefazolin liều dự phòng trước mổ')[0]).toBe('lieu_luong_cach_dung');
  });

  it('reads how a drug works and whether to go on with it, asked without the section names', () => {
    expect(routeSections('metformin nó tác dụng kiểu gì vậy?')[0]).toBe('duoc_ly');
    expect(routeSections('thuốc này hoạt động ra sao trong người')[0]).toBe('duoc_ly');
    expect(routeSections('nổi mẩn đỏ sau 2 tuần uống, dùng tiếp hay ngưng?')[0]).toBe('than_trong');
  });

  it('reads the spacing from what the drug was taken with, not an overdose', () => {
    expect(
      routeSections('sang nay lo uong thuoc voi sua tuoi. vay uong sua thi phai cach thuoc bao lau moi duoc?')[0],
    ).toBe('lieu_luong_cach_dung');
    expect(routeSections('lỡ uống 10 viên với rượu, xử trí sao')[0]).toBe('qua_lieu_va_xu_tri');
  });

  it('reads a dose to adjust as the dosing section, whatever else the turn names', () => {
    expect(routeSections('K+ 5,9, có phải ngưng spironolacton ko hay giảm liều?')[0]).toBe('lieu_luong_cach_dung');
    expect(routeSections('có phải ngưng spironolacton không')).toEqual(['than_trong']);
  });

  it('reads whether to stop a drug around a procedure as the precautions', () => {
    expect(routeSections('tuần sau nhổ răng thì có cần ngưng clopidogel ko')).toEqual(['than_trong']);
    expect(routeSections('tuần sau bn chụp CT có cản quang, metformin có phải ngưng ko')).toEqual(['than_trong']);
  });

  it('reads an amount asked of whom it is given as the dosing section, not whether it may be used', () => {
    expect(routeSections('Nhà có paracetamol, em dùng cho con bao nhiêu ạ?')[0]).toBe('lieu_luong_cach_dung');
    expect(routeSections('paracetamol có dùng cho con được không')).toEqual(['chong_chi_dinh']);
  });

  it('reads a dose asked in mg, the time of day and breaking or chewing a tablet as the dosing section', () => {
    expect(routeSections('enalapril khởi đầu mấy mg?')).toEqual(['lieu_luong_cach_dung']);
    expect(routeSections('vậy nếu đổi sang prednisolon thì uống giờ nào')).toEqual(['lieu_luong_cach_dung']);
    expect(routeSections('viên to khó nuốt quá, bẻ đôi ra uống được không')).toEqual(['lieu_luong_cach_dung']);
    expect(routeSections('có nhai được không')).toEqual(['lieu_luong_cach_dung']);
    // a missed dose, however it is said
    expect(routeSections('hôm qua quên không uống, sáng nay cho uống bù 2 viên được không')).toEqual([
      'lieu_luong_cach_dung',
    ]);
    // the time of day outside a drug question is no section ("tối nay … mấy giờ")
    expect(routeSections('toi nay viet nam da voi thai lan may gio')).toEqual([]);
  });

  it('reads "có sao không", "có ảnh hưởng gì", "có làm … bị" and one infusion line as the section they ask', () => {
    expect(routeSections('tối uống thuốc xong em nằm ngủ luôn thì có sao không ạ')).toEqual(['than_trong']);
    expect(routeSections('bn có tiền sử gút, dùng furosemid có ảnh hưởng gì ko')).toEqual(['than_trong']);
    expect(routeSections('thuốc này có làm cháu bị run tay không')).toEqual(['tac_dung_khong_mong_muon']);
    expect(routeSections('ceftriaxon có truyền chung 1 dây với Ringer lactat được không')).toEqual(['tuong_tac_thuoc']);
  });

  it('reads a repeat dose, how long to go on, how to inject and alcohol as the sections that say them', () => {
    for (const t of [
      'phun xong chưa đỡ thì sau bao lâu nhắc lại đc?',
      'tối đa dùng được mấy ngày',
      'tiêm tới khi nào thì ngưng',
      'khi nao ngung',
      'ĐD mới hỏi tiêm sao cho đúng',
      'cách tiêm dưới da',
    ])
      expect([t, routeSections(t)[0]]).toEqual([t, 'lieu_luong_cach_dung']);
    for (const t of ['bn hay nhậu, dặn kiêng rượu đến bao lâu', 'kieng ruou bao lau'])
      expect([t, routeSections(t)[0]]).toEqual([t, 'tuong_tac_thuoc']);
  });

  it('reads an effect asked for its bearing on driving as the precautions, and alone as the adverse effects', () => {
    expect(routeSections('uống vào có buồn ngủ ko, có chạy xe được ko ạ?')[0]).toBe('than_trong');
    expect(routeSections('khách chạy xe ôm cả ngày, cetirizin uống có buồn ngủ ko')[0]).toBe('than_trong');
    expect(routeSections('uống vào có buồn ngủ ko')[0]).toBe('tac_dung_khong_mong_muon');
    // a dose asked by a driver is still a dose
    expect(routeSections('bn chạy xe ôm, liều paracetamol bao nhiêu')[0]).toBe('lieu_luong_cach_dung');
    expect(routeSections('bn lái xe tải, liều paracetamol bao nhiêu')[0]).toBe('lieu_luong_cach_dung');
    expect(routeSections('uong cetirizin xong lai xe di lam duoc khong')[0]).toBe('than_trong');
  });

  it('never reads "chống chỉ định" as "chỉ định"', () => {
    expect(routeSections('chống chỉ định của aspirin')).toEqual(['chong_chi_dinh']);
  });

  it('reads "bác sĩ chỉ định X" as who prescribed X, not as the indications section', () => {
    expect(routeSections('Bé 11 tháng, bác sĩ chỉ định prednisolon. Liều cho bé bao nhiêu?')).toEqual([
      'lieu_luong_cach_dung',
    ]);
    expect(routeSections('bs chi dinh amoxicillin, lieu bao nhieu')).toEqual(['lieu_luong_cach_dung']);
    expect(routeSections('Prednisolon được chỉ định cho bệnh gì?')).toEqual(['chi_dinh']);
    expect(routeSections('Chỉ định của prednisolon?')).toEqual(['chi_dinh']);
  });

  it('returns nothing for a turn that asks no section', () => {
    expect(routeSections('Paracetamol')).toEqual([]);
  });
});

describe('section router: words that are not a question about the drug', () => {
  it('a greeting by the time of day, a scan done, name no section', () => {
    expect(routeSections('Chào buổi sáng nhé!')).toEqual([]);
    expect(routeSections('đã chụp CT loại trừ xuất huyết não')).not.toContain('than_trong');
  });
});

describe('section router: a drug taken before a pregnancy was known', () => {
  it('asked for its effect on the baby, is the pregnancy section, not an overdose', () => {
    const t =
      'chi oi em lo uong doxycyclin tri mun 5 ngay roi, hom nay moi biet co bau 6 tuan, thuoc do co anh huong gi em be ko a';
    expect(routeSections(t)[0]).toBe('thoi_ky_mang_thai');
    expect(routeSections(t)).not.toContain('qua_lieu_va_xu_tri');
    expect(exposureSection('lỡ uống thuốc này khi đang cho con bú, có ảnh hưởng bé không')).toBe('thoi_ky_cho_con_bu');
  });
  it('an excess said is still an overdose', () => {
    expect(routeSections('em lỡ uống 10 viên paracetamol, đang có bầu, có ảnh hưởng em bé không')[0]).toBe(
      'qua_lieu_va_xu_tri',
    );
    expect(exposureSection('bầu 20 tuần uống quá liều có ảnh hưởng gì không')).toBeNull();
    expect(exposureSection('lỡ uống thuốc này 3 ngày, có ảnh hưởng gì không')).toBeNull();
  });
  it('a drug taken day after day by a patient who now says she is pregnant: her state’s section', () => {
    const t =
      'đang uống losartan 50mg mỗi sáng, thử que lên 2 vạch. Mấy tuần nay em lỡ uống thuốc suốt thì có sao không, giờ uống tiếp được không';
    expect(exposureSection(t)).toBe('thoi_ky_mang_thai');
    expect(routeSections(t)[0]).toBe('thoi_ky_mang_thai');
    // not pregnant, or an excess counted: not her state's question
    expect(exposureSection('mấy tuần nay em lỡ uống thuốc suốt, có sao không')).toBeNull();
    expect(exposureSection('đang bầu, lỡ uống 10 viên suốt buổi sáng')).toBeNull();
  });
});

describe('section router: the target INR and a release form are the dose’s', () => {
  it.each([
    ['INR mục tiêu bn?', 'lieu_luong_cach_dung'],
    ['chuyển qua loại phóng thích kéo dài ngày 2 lần đc ko?', 'lieu_luong_cach_dung'],
  ])('"%s" → %s', (t, section) => expect(routeSections(t)[0]).toBe(section));
  it('"ăn kiêng rồi" is a diet the patient is on, no caution asked', () => {
    expect(routeSections('tiểu đường type 2, ăn kiêng rồi mà đường vẫn cao')).toEqual([]);
  });
});

describe('section router: words that unmarked spell other words, symptoms against the drug, swallowing', () => {
  it.each([
    ['ba toi 72 tuoi suy than nang, uong paracetamol 500mg thi moi lan cach nhau bao lau?', 'lieu_luong_cach_dung'],
    ['vú to, đau vú, do thuốc ko c?', 'tac_dung_khong_mong_muon'],
    ['dau gan got chan, di lai kho. co lien quan thuoc khong?', 'tac_dung_khong_mong_muon'],
    ['nuốt viên nang rất khó, có cách nào cho bà uống được không ạ?', 'lieu_luong_cach_dung'],
    ['cuoi tuan di dam cuoi uong it bia co sao khong', 'tuong_tac_thuoc'],
    ['tối nay đi nhậu được không', 'tuong_tac_thuoc'],
  ])('"%s" → %s', (t, section) => expect(routeSections(t)[0]).toBe(section));
});

describe('section router: one line shared with another solution', () => {
  it('"cho chạy chung qua chạc 3" asks the interactions', () => {
    expect(routeSections('dây đang chạy Ringer lactat, cho chạy chung qua chạc 3 được không?')[0]).toBe(
      'tuong_tac_thuoc',
    );
  });
});

describe('section router: why a drug was left off', () => {
  it('"sao ko dùng clarithro đc?" asks its contraindications', () => {
    expect(routeSections('sao không dùng clarithromycin được?')[0]).toBe('chong_chi_dinh');
  });
});
