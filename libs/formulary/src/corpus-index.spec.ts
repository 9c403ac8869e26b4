import { deniedForWords, namesApart, pickIndicationPart, namesCondition } from './corpus-index';
import { sampleIndex } from './test-corpus';

describe('CorpusIndex.indicationKeyword', () => {
  const index = sampleIndex();
  const drugs = (condition: string) =>
    [...new Set(index.indicationKeyword(condition).map((s) => s.part.drug_id))].sort();

  it('finds the drugs whose indications name the condition, accented or not', () => {
    expect(drugs('viêm xoang')).toEqual(['amoxicillin', 'azithromycin', 'cefalexin', 'clarithromycin', 'doxycyclin']);
    expect(drugs('viem xoang')).toEqual(drugs('viêm xoang'));
  });

  it('lists nothing for a "condition" made only of function words', () => {
    for (const c of ['được', 'duoc', 'không được', 'có bị', 'do', 'đó', 'bệnh đó', 'benh nay'])
      expect(drugs(c)).toEqual([]);
  });

  it('does not list a drug on one generic word that starts another condition ("đau" is not "đau thắt ngực")', () => {
    const pain = drugs('đau');
    expect(pain).toContain('paracetamol');
    expect(pain).not.toContain('isosorbid_dinitrat');
  });

  it('a one-word condition some indications head lists those, not the diseases it is a word of', () => {
    // "Sốt: hạ sốt …", "Đau và sốt: …" — not "sốt thương hàn", "Sốt Địa Trung Hải", "co giật do sốt cao"
    expect(drugs('sốt')).toEqual(['aspirin', 'ibuprofen', 'paracetamol']);
    expect(drugs('sot')).toEqual(drugs('sốt'));
  });

  it('a condition other indications treat is not listed where it is only the cause', () => {
    // losartan: "Bệnh thận do đái tháo đường typ 2" treats the kidney disease
    expect(drugs('đái tháo đường typ 2')).toEqual(['gliclazid', 'metformin']);
    // an infection asked by its organism is treated where the organism is the cause
    expect(drugs('nhiễm Chlamydia trachomatis')).toEqual(['azithromycin', 'doxycyclin']);
  });

  it('never lists a drug for a condition its indication names only to say it is not for it', () => {
    // ciprofloxacin: "Không dùng làm lựa chọn đầu tay cho viêm bàng quang không biến chứng"
    expect(drugs('viêm bàng quang')).toEqual(['amoxicillin', 'cefalexin']);
    // carbamazepin: "không dùng cho các cơn đau nhẹ"; "nhẹ" (mild) typed with its marks is not the particle "nhé"
    expect(drugs('đau nhẹ')).toEqual(['aspirin', 'ibuprofen', 'paracetamol']);
    expect(namesCondition('Không dùng làm lựa chọn đầu tay cho viêm bàng quang.', 'viêm bàng quang')).toBe(false);
    expect(namesCondition('Viêm bàng quang; không phải lựa chọn đầu tay cho viêm phổi.', 'viêm bàng quang')).toBe(true);
  });

  it('reads a longer condition word by word in one span, and never across a negation', () => {
    // "viêm họng do liên cầu" stands in "Viêm họng - viêm amidan do liên cầu nhóm A"
    expect(drugs('viêm họng do liên cầu')).toContain('azithromycin');
    // "đau thắt ngực ổn định" is not "đau thắt ngực không ổn định"
    expect(drugs('đau thắt ngực ổn định')).not.toContain('heparin');
  });

  it('the condition vocabulary holds the conditions an indication names in brackets, not its qualifiers', () => {
    const heads = sampleIndex().indicationHeads();
    expect(heads).toEqual(expect.arrayContaining(['sốt mò', 'viêm bàng quang', 'rung nhĩ']));
    expect(heads).not.toContain('liều thấp');
    expect(heads.some((h) => h.startsWith('kể cả'))).toBe(false);
  });
});

describe('pickIndicationPart: the indication part a list quotes for a drug', () => {
  const idx = sampleIndex();
  const chi = (drug: string) => idx.section(drug, 'chi_dinh');
  it('a part that treats the condition before one that only prevents it', () => {
    const [treat, prevent] = chi('colchicin');
    expect(pickIndicationPart([prevent, treat], 'cơn gút cấp', 'chẩn đoán cơn gút cấp, thuốc nào dùng đc').doc_id).toBe(
      treat.doc_id,
    );
  });
  it('then the one closest to the user’s words, then the one written first', () => {
    const [acute, chronic] = chi('morphin');
    expect(pickIndicationPart([acute, chronic], 'đau', 'ung thư phổi di căn, đau nhiều').doc_id).toBe(chronic.doc_id);
    const [mono, combo] = chi('gliclazid');
    expect(pickIndicationPart([combo, mono], 'đái tháo đường typ 2', 'mới chẩn đoán đái tháo đường typ 2').doc_id).toBe(
      mono.doc_id,
    );
  });
});

describe('deniedForWords: an indication that says the drug is not for what the user describes', () => {
  const idx = sampleIndex();
  const [carbamazepinEpilepsy] = idx.section('carbamazepin', 'chi_dinh');
  const phenytoinTrigeminal = idx.section('phenytoin', 'chi_dinh')[2];
  it('denies it for the words the user says, not for the condition alone or the question', () => {
    expect(deniedForWords(carbamazepinEpilepsy.text, 'bé bị động kinh cơn vắng ý thức, thuốc nào', 'động kinh')).toBe(
      true,
    );
    expect(deniedForWords(carbamazepinEpilepsy.text, 'bn động kinh cơn cục bộ, thuốc nào dùng được', 'động kinh')).toBe(
      false,
    );
    // "khi carbamazepin không có hiệu quả hoặc không dùng được": the question's "dùng được" is no described state
    expect(
      deniedForWords(
        phenytoinTrigeminal.text,
        'đau dây thần kinh sinh ba, bn dùng được ko',
        'đau dây thần kinh sinh ba',
      ),
    ).toBe(false);
  });
});

describe('deniedForWords: the question’s own words describe nothing', () => {
  it('a class asked ("kháng sinh nào chỉ định cho …") is no state the indication denies', () => {
    const idx = sampleIndex();
    const uti = idx.section('ciprofloxacin', 'chi_dinh').find((q) => q.text.includes('viêm thận - bể thận'))!;
    expect(deniedForWords(uti.text, 'kháng sinh nào chỉ định cho viêm thận - bể thận vậy', 'viêm thận - bể thận')).toBe(
      false,
    );
  });
});

describe('namesApart: an indication that writes the condition’s words apart', () => {
  const index = sampleIndex();
  const ids = (c: string) => index.indicationKeyword(c).map((s) => s.part.doc_id.split('__')[0]);

  it('"hen" alone is asthma: the parts headed by its formal name list too', () => {
    expect(ids('hen')).toEqual(expect.arrayContaining(['salbutamol', 'prednisolon']));
  });

  it('a heading and one of its items, however many items stand between them', () => {
    const cbz =
      'Động kinh: cơn cục bộ (có hoặc không có toàn thể hóa thứ phát) và cơn co cứng – co giật toàn thể; dùng đơn trị.';
    expect(namesApart(cbz, 'động kinh cơn co cứng co giật toàn thể', false)).toBe(true);
    expect(namesApart(cbz, 'động kinh cơn vắng ý thức', false)).toBe(false);
    expect(ids('động kinh cơn co cứng co giật toàn thể')).toEqual(
      expect.arrayContaining(['carbamazepin', 'phenytoin']),
    );
  });

  it('without the condition’s grade or course, unless the part names another grade', () => {
    expect(namesApart('Nhiễm khuẩn đường hô hấp: viêm họng, viêm xoang, viêm tai giữa.', 'viêm xoang cấp', false)).toBe(
      true,
    );
    expect(namesApart('Nhiễm khuẩn: viêm xoang mạn tính có bội nhiễm.', 'viêm xoang cấp', false)).toBe(false);
    expect(
      namesApart(
        'Nhiễm khuẩn nặng do vi khuẩn: viêm phổi mắc phải cộng đồng.',
        'viêm phổi cộng đồng mức độ nhẹ',
        false,
      ),
    ).toBe(false);
    expect(ids('viêm xoang cấp')).toContain('cefalexin');
    expect(ids('viêm phổi cộng đồng mức độ nhẹ')).toEqual(expect.arrayContaining(['amoxicillin', 'azithromycin']));
    expect(ids('viêm phổi cộng đồng mức độ nhẹ')).not.toContain('ceftriaxon');
  });

  it('with its grade named in the item under a heading of another grade, or after a widening "kể cả"', () => {
    // prednisolon "Hen nặng: cơn hen phế quản cấp trung bình đến nặng"; salbutamol "cơn hen cấp, kể cả cơn hen nặng"
    expect(ids('hen cấp mức trung bình')).toEqual(expect.arrayContaining(['prednisolon', 'salbutamol']));
    expect(namesApart('Hen nặng: hen nặng khó kiểm soát.', 'hen cấp mức trung bình', false)).toBe(false);
    expect(namesApart('Hen phế quản: điều trị cơn hen cấp nặng.', 'hen cấp mức trung bình', false)).toBe(false);
  });

  it('a severe condition is named only where the formulary says severe', () => {
    expect(namesApart('Nhiễm khuẩn đường hô hấp: viêm phổi mắc phải cộng đồng.', 'viêm phổi nặng', true)).toBe(false);
  });

  it('a negation the condition says itself is no negation the part adds', () => {
    // azithromycin "viêm niệu đạo và viêm cổ tử cung không biến chứng do Chlamydia trachomatis"
    expect(ids('viêm cổ tử cung không biến chứng')).toContain('azithromycin');
    // "đau thắt ngực ổn định" is still not "đau thắt ngực không ổn định"
    expect(namesCondition('Đau thắt ngực không ổn định: điều trị phối hợp.', 'đau thắt ngực ổn định')).toBe(false);
  });

  it('with its cause apart, only when the part names both', () => {
    // azithromycin names it with its cause apart; doxycyclin treats the infection by the organism
    expect(ids('viêm cổ tử cung do chlamydia')).toEqual(expect.arrayContaining(['azithromycin', 'doxycyclin']));
    expect(ids('viêm phổi do mycoplasma')).toEqual(expect.arrayContaining(['azithromycin', 'doxycyclin']));
    expect(ids('viêm phổi do mycoplasma')).not.toContain('amoxicillin');
    expect(namesCondition('Viêm phổi mắc phải cộng đồng, viêm xoang.', 'viêm phổi do mycoplasma')).toBe(false);
  });

  it('a typical bacterium ("do liên cầu") is covered by an entry "do vi khuẩn nhạy cảm"; an atypical or resistant germ is not', () => {
    // clarithromycin "Nhiễm khuẩn đường hô hấp do vi khuẩn nhạy cảm: viêm họng - viêm amidan, …"
    expect(ids('viêm họng do liên cầu')).toEqual(
      expect.arrayContaining(['clarithromycin', 'azithromycin', 'amoxicillin']),
    );
    const general =
      'Nhiễm khuẩn đường hô hấp do vi khuẩn nhạy cảm: viêm họng - viêm amidan, viêm phổi mắc phải cộng đồng.';
    expect(namesCondition(general, 'viêm họng do liên cầu')).toBe(true);
    expect(namesCondition(general, 'viêm phổi do mycoplasma')).toBe(false);
    expect(namesCondition(general, 'viêm họng do liên cầu kháng macrolid')).toBe(false);
    // doxycyclin "… do vi khuẩn nhạy cảm: viêm phổi …, viêm xoang" names no pharyngitis
    expect(ids('viêm họng do liên cầu')).not.toContain('doxycyclin');
    expect(ids('viêm họng - amidan do liên cầu')).toContain('clarithromycin');
    // without "do vi khuẩn nhạy cảm" the entry says nothing of the germ
    expect(namesCondition('Nhiễm khuẩn đường hô hấp: viêm xoang cấp.', 'viêm xoang do liên cầu')).toBe(false);
  });
});

describe('an indication that names a condition only as what goes with its use', () => {
  it('"… khi có suy thận hoặc suy tim kèm theo" does not list a drug for heart failure when others treat it', () => {
    const ids = sampleIndex()
      .indicationKeyword('suy tim')
      .map((s) => s.part.doc_id);
    expect(ids).not.toContain('furosemid__chi_dinh__3');
    expect(ids.some((id) => id.startsWith('digoxin'))).toBe(true);
  });
});

describe('a condition caused by an organism is an infection by it', () => {
  it('"viêm niệu đạo do Chlamydia" is named by "nhiễm Chlamydia trachomatis không biến chứng"', () => {
    const ids = sampleIndex()
      .indicationKeyword('viêm niệu đạo do chlamydia')
      .map((x) => x.part.drug_id);
    expect(ids).toEqual(expect.arrayContaining(['azithromycin', 'doxycyclin']));
  });
});

describe('namesAnywhere', () => {
  const idx = sampleIndex();
  it('knows a condition the formulary speaks of in any section, never a one-word one', () => {
    expect(idx.namesAnywhere('cường giáp')).toBe(true);
    expect(idx.namesAnywhere('cuong giap')).toBe(true);
    expect(idx.namesAnywhere('lao phổi')).toBe(false);
    expect(idx.namesAnywhere('em')).toBe(false);
  });
});
