import { EMPTY_PATIENT, emptyFrame, type GenerateRequest } from '@app/contracts';
import { sampleIndex } from '../../../formulary/src/test-corpus';
import { StubGenerator } from './stub-generator';

describe('stub generation provider (extractive)', () => {
  const index = sampleIndex();
  const generator = new StubGenerator();
  const dosing = (drug: string) => index.section(drug, 'lieu_luong_cach_dung');
  const request = (drug: string, renal: string | null): GenerateRequest => ({
    query: 'liều',
    frame: emptyFrame({
      drugs: [drug],
      attribute: 'lieu_luong_cach_dung',
      population: 'adult',
      patient: { ...EMPTY_PATIENT, renal },
    }),
    evidence: dosing(drug),
    list_mode: false,
    candidates: [],
    omissions: [],
    retry: false,
    previous: [],
  });
  const answer = async (drug: string, renal: string | null) =>
    (await generator.generate(request(drug, renal))).answer_sentences.map((s) => s.text).join(' ');

  it('with kidney facts, quotes the renal-impairment entry and not the usual doses it replaces', async () => {
    const plain = await answer('allopurinol', null);
    expect(plain).toContain('600 - 800 mg/ngày'); // the usual adult entry is there without kidney facts
    const renal = await answer('allopurinol', 'độ thanh thải creatinin 15 ml/phút');
    expect(renal).toContain('Người lớn suy thận');
    expect(renal).not.toContain('600 - 800 mg/ngày');
    expect(renal).toContain('Uống allopurinol sau bữa ăn'); // general advice (no population) stays
  });

  it('a cap on the day’s total (ondansetron in liver impairment) is quoted beside the usual regimen it limits', async () => {
    const req = request('ondansetron', null);
    req.frame.patient.hepatic = 'suy gan vừa';
    const text = (await generator.generate(req)).answer_sentences.map((s) => s.text).join(' ');
    expect(text).toContain('tổng liều không vượt quá 8 mg/ngày');
    expect(text).toContain('4 mg tiêm tĩnh mạch chậm');
  });

  it('with liver facts, quotes the hepatic entry and not the usual doses (tramadol in cirrhosis)', async () => {
    const req = request('tramadol', null);
    req.frame.patient.hepatic = 'suy gan';
    const text = (await generator.generate(req)).answer_sentences.map((s) => s.text).join(' ');
    expect(text).toContain('Người lớn suy gan');
    expect(text).not.toContain('50 - 100 mg mỗi lần');
    expect(await answer('tramadol', null)).toContain('50 - 100 mg mỗi lần');
  });

  it('keeps the usual regimen when the kidney is named only in a general note (heparin "Cách dùng: … Suy thận nặng")', async () => {
    const heparin = dosing('heparin');
    expect(heparin.some((p) => p.population.length === 0 && /Suy thận/.test(p.text))).toBe(true);
    const renal = await answer('heparin', 'độ thanh thải creatinin 28 ml/phút');
    expect(renal).toContain('5 000 đơn vị mỗi 8 - 12 giờ');
    expect(renal).toBe(await answer('heparin', null));
  });

  it('drops nothing when the evidence has no renal entry', async () => {
    const drug = index.corpus.drugs.find(
      (d) => !dosing(d.drug_id).some((p) => /suy thận|thanh thải creatinin/i.test(p.text)),
    )!;
    expect(drug).toBeDefined();
    expect(await answer(drug.drug_id, 'suy thận nặng')).toBe(await answer(drug.drug_id, null));
  });
});
