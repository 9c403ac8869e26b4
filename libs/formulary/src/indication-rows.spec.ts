import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { emptyFrame } from '@app/contracts';
import { decide } from './decide';
import { indicationTerms, narrowToIndication } from './indication-rows';
import { sampleIndex } from './test-corpus';

describe('dosing entries narrowed to the indication the user names', () => {
  const index = sampleIndex();
  const rows = (drug: string) => index.section(drug, 'lieu_luong_cach_dung');
  const ids = (ps: { doc_id: string }[]) => ps.map((p) => p.doc_id.replace(/^.*__/, '#'));

  it('reads what an entry treats from its lead, without population, route or dosing-basis words', () => {
    const heparin = rows('heparin');
    expect(indicationTerms(heparin[4].text)).toEqual(['dự', 'phòng', 'phòng huyết', 'huyết khối']);
    // "(theo cân nặng)" says how, not what for
    expect(indicationTerms(rows('amoxicillin').find((p) => p.text.includes('(theo cân nặng)'))!.text)).toEqual([]);
  });

  it('"dự phòng" keeps the prophylaxis entry and drops the treatment one (heparin, subcutaneous)', () => {
    const sc = rows('heparin').filter((p) => p.route === 'tiem_duoi_da' || p.route === null);
    expect(ids(narrowToIndication(sc, 'heparin TDD dự phòng HKTMS liều bn'))).toEqual(['#5', '#7']);
    // "điều trị" is what any patient says: it chooses nothing, and both entries stay
    expect(ids(narrowToIndication(sc, 'heparin tiêm dưới da điều trị huyết khối liều'))).toEqual(['#4', '#5', '#7']);
  });

  it('reads what an entry treats after its route ("Người lớn, uống, phù"), as whole names, never a form', () => {
    const furo = rows('furosemid');
    const oral = furo.filter((p) => p.route === 'uong' || p.route === null);
    expect(indicationTerms(furo.find((p) => p.text.startsWith('Người lớn, uống, phù'))!.text)).toEqual(['phù']);
    // the oedema entry for a list asked for "phù", not the hypertension one
    const forOedema = narrowToIndication(oral, 'furo uong khoi dau bn. Chỉ định/triệu chứng: phù.');
    expect(forOedema.some((p) => p.text.includes('tăng huyết áp:'))).toBe(false);
    expect(forOedema.some((p) => p.text.startsWith('Người lớn, uống, phù'))).toBe(true);
    // two indications joined by "và" are two names; a word of a name alone names nothing; a form is no indication
    const amlo = indicationTerms(rows('amlodipin')[0].text);
    expect(amlo).toEqual(expect.arrayContaining(['tăng huyết áp', 'đau thắt ngực']));
    expect(indicationTerms(rows('losartan').find((p) => p.text.includes('uống, suy tim'))!.text)).toEqual(['suy tim']);
    // the condition before its cause is a name too: "cổ trướng" asks the adult entry "phù và cổ trướng do xơ gan"
    const spiro = rows('spironolacton').filter((p) => p.route === 'uong' || p.route === null);
    expect(indicationTerms(spiro[1].text)).toEqual(expect.arrayContaining(['phù', 'cổ trướng do xơ gan', 'cổ trướng']));
    expect(narrowToIndication(spiro, 'spironolacton liều khởi đầu cho cổ trướng?').map((p) => p.text)).toEqual(
      expect.arrayContaining([expect.stringContaining('Người lớn, uống, phù và cổ trướng do xơ gan')]),
    );
    expect(indicationTerms(rows('metformin').find((p) => p.text.includes('dạng giải phóng nhanh'))!.text)).toEqual([]);
    // how a dose is worked out or when it starts is no indication ("tính theo cân nặng" beside "Cân nặng: 25 kg")
    const byWeight = rows('ondansetron').find((p) => p.text.includes('tính theo cân nặng'))!;
    expect(indicationTerms(byWeight.text)).toEqual(['buồn', 'nôn', 'hóa']);
  });

  it('a disease the conversation asked for is treated: the prevention entry is not its dose', () => {
    const cefa = rows('cefalexin').filter((p) => p.route === 'uong' || p.route === null);
    const asked = narrowToIndication(
      cefa,
      'cefa uong lieu bn. Chỉ định/triệu chứng: viêm bàng quang không biến chứng.',
    );
    expect(asked.some((p) => p.text.includes('(dự phòng'))).toBe(false);
    expect(asked.some((p) => p.text.startsWith('Người lớn, uống:'))).toBe(true);
    // prevention asked keeps it; no condition keeps every entry
    expect(
      narrowToIndication(cefa, 'cefalexin liều dự phòng tái phát nhiễm khuẩn tiết niệu').some((p) =>
        p.text.includes('(dự phòng'),
      ),
    ).toBe(true);
    expect(narrowToIndication(cefa, 'cefalexin uống liều bao nhiêu')).toEqual(cefa);
  });

  it('the labels the query adds never make the user’s unmarked words count as typed with marks', () => {
    const sc = rows('heparin').filter((p) => p.route === 'tiem_duoi_da' || p.route === null);
    const typed = 'bn nam 70t sau mo thay khop hang, heparin du phong TDD lieu sao';
    const query = `${typed}. Đối tượng: người cao tuổi. Tuổi: 70 tuổi. Đường dùng: tiêm dưới da.`;
    expect(ids(narrowToIndication(sc, query))).toEqual(ids(narrowToIndication(sc, typed)));
    expect(ids(narrowToIndication(sc, query))).toEqual(['#5', '#7']);
    // the condition a label carries is read as written ("Chỉ định/triệu chứng: diệt helicobacter pylori")
    const metro = rows('metronidazol').filter((p) => p.route === 'uong' || p.route === null);
    const hp = narrowToIndication(
      metro,
      'metro uong lieu bn. Đường dùng: uống. Chỉ định/triệu chứng: diệt helicobacter pylori.',
    );
    expect(hp.filter((p) => indicationTerms(p.text).length).map((p) => p.text)).toEqual([
      expect.stringContaining('diệt Helicobacter pylori'),
    ]);
  });

  it('a treatment asked ("liều điều trị", "cắt cơn", an acute illness) drops the prevention entry, in the turn or the conversation', () => {
    const sc = rows('heparin').filter((p) => p.route === 'tiem_duoi_da' || p.route === null);
    expect(ids(narrowToIndication(sc, 'heparin TDD liều điều trị bn?'))).toEqual(['#4', '#7']);
    const colchicin = rows('colchicin');
    expect(
      ids(narrowToIndication(colchicin, 'colchicin ngày đầu dùng liều ntn?', 'dx gút cấp. thuốc nào cắt cơn dc?')),
    ).toEqual(['#1', '#3', '#4']);
    // after the turn's own indication words narrowed the pool ("gút" names both entries) the acute illness still decides
    expect(ids(narrowToIndication(colchicin, 'bn gút cấp, cho colchixin 1mg uống thế nào'))).toEqual(['#1', '#3']);
    // nothing said of treatment: prevention and treatment both stay, each quoted with its indication
    expect(ids(narrowToIndication(colchicin, 'colchicin liều ntn?'))).toEqual(['#1', '#2', '#3', '#4']);
    // prevention said as well: nothing is dropped by this rule
    expect(ids(narrowToIndication(sc, 'liều điều trị hay dự phòng'))).toContain('#5');
  });

  it('what an entry treats outranks what it is for ("hóa trị … phòng nôn" is the chemotherapy entry)', () => {
    // an adult's oral entries (decide() has narrowed population and route first)
    const oral = rows('ondansetron').filter(
      (p) => (p.route === 'uong' || p.route === null) && !p.population.includes('pediatric'),
    );
    const kept = ids(narrowToIndication(oral, 'bn K vú đang hóa trị đợt 2, ondansetron uống phòng nôn liều bn'));
    expect(kept).toContain('#2');
    expect(kept).not.toContain('#5');
    // prevention after surgery said as such is still the post-operative entry
    expect(ids(narrowToIndication(oral, 'ondansetron uống dự phòng nôn sau mổ liều bn'))).toContain('#5');
  });

  it('an everyday word counts as the formulary’s ("nôn sau mổ" is the post-operative entry) and settles the route', () => {
    const frame = emptyFrame({
      turn_type: 'dosing_calc',
      drugs: ['ondansetron'],
      attribute: 'lieu_luong_cach_dung',
      population: 'pediatric',
      allowed_routes: ['tiem_tinh_mach', 'truyen_tinh_mach'],
    });
    // with no indication said, each intravenous entry is quoted under its own indication — never the oral one that
    // only follows on from an intravenous dose ("…, uống (…), bắt đầu 12 giờ sau liều tĩnh mạch")
    const unsaid = decide(rows('ondansetron'), frame, index);
    expect(unsaid.decision).toBe('ANSWERABLE');
    expect([...new Set(unsaid.parts.flatMap((p) => (p.route ? [p.route] : [])))].sort()).toEqual([
      'tiem_tinh_mach',
      'truyen_tinh_mach',
    ]);
    const r = decide(rows('ondansetron'), frame, index, [], 'bé 1 tuổi rưỡi nôn sau mổ, ondansetron TM liều bn');
    expect(r.decision).toBe('ANSWERABLE');
    expect(r.parts.filter((p) => p.route !== null).map((p) => p.route)).toEqual(['tiem_tinh_mach']);
    expect(r.parts.some((p) => p.text.includes('sau phẫu thuật'))).toBe(true);
  });

  it('an indication never settles a route the user did not give (ondansetron after surgery: oral and IV entries)', () => {
    const frame = emptyFrame({
      turn_type: 'dosing_calc',
      drugs: ['ondansetron'],
      attribute: 'lieu_luong_cach_dung',
      population: 'adult',
    });
    const r = decide(rows('ondansetron'), frame, index, [], 'người lớn dự phòng buồn nôn, nôn sau phẫu thuật, liều?');
    expect(r.decision).toBe('AMBIGUOUS_ROUTE');
  });

  it('words any patient says choose no entry: "đau ngực" is not the "(đau, sốt)" regimen', () => {
    const aspirin = rows('aspirin');
    expect(narrowToIndication(aspirin, 'bn đau ngực nghi NMCT, aspirin liều nạp')).toEqual(aspirin);
  });

  it('a turn naming words of two entries keeps both; a turn naming none keeps every entry', () => {
    const aspirin = rows('aspirin');
    const both = narrowToIndication(aspirin, 'aspirin cho người lớn đột quỵ cũ, nay sốt');
    expect(both.some((p) => p.text.includes('(đau, sốt)'))).toBe(true);
    expect(both.some((p) => p.text.includes('(đột quỵ'))).toBe(true);
    expect(both.some((p) => p.text.startsWith('Người lớn, uống (hội chứng mạch vành cấp)'))).toBe(false);
    // the general note that mentions an indication in passing is no entry for it, and stays
    expect(both).toContain(aspirin.find((p) => p.text.startsWith('Uống thuốc sau bữa ăn')));
    expect(narrowToIndication(aspirin, 'aspirin liều người lớn')).toEqual(aspirin);
  });

  it('a word typed with its marks says only itself ("gút" is the gout entry, "gut" without marks may be too)', () => {
    const allo = rows('allopurinol').filter((p) => p.population.includes('adult'));
    expect(ids(narrowToIndication(allo, 'allopurinol người lớn bị gút liều'))).toEqual(
      ids(allo.filter((p) => !p.text.includes('bệnh ác tính'))),
    );
  });

  it('never drops an entry that names no indication, and never empties a pool (any drug, any turn)', () => {
    const drugs = readdirSync(join(__dirname, '../../../data/formulary'))
      .filter((f) => f.endsWith('.json'))
      .map((f) => f.replace(/\.json$/, ''));
    expect(drugs.length).toBeGreaterThan(40);
    fc.assert(
      fc.property(
        fc.constantFrom(...drugs),
        fc.array(fc.constantFrom('dự phòng', 'gút', 'mổ', 'sốt', 'đau', 'động kinh', 'hóa trị', 'liều', 'bé', 'xyz'), {
          maxLength: 4,
        }),
        (drug, said) => {
          const pool = rows(drug);
          const out = narrowToIndication(pool, said.join(' '));
          expect(out.length).toBeGreaterThan(0);
          for (const p of pool) if (!indicationTerms(p.text).length) expect(out).toContain(p);
          for (const p of out) expect(pool).toContain(p);
        },
      ),
    );
  });
});
