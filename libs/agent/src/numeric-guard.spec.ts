import type { EvidencePart } from '@app/contracts';
import {
  canonicalNumber,
  checkCandidateCitations,
  checkCitations,
  checkNumericGrounding,
  extractNumbers,
} from './numeric-guard';
import { checkCandidateNames } from './answer-checks';

const part = (doc_id: string, text: string): EvidencePart => ({
  doc_id,
  drug_id: doc_id.split('__')[0],
  drug_name: 'X',
  section: 'lieu_luong_cach_dung',
  n: 1,
  text,
  population: [],
  route: null,
  interacts_with: [],
  quarantined_page: null,
});

const EVIDENCE = [
  part(
    'paracetamol__lieu_luong_cach_dung__1',
    'Người lớn, uống: 500 mg - 1 g mỗi lần, cách 4 - 6 giờ; tối đa 4 g/ngày.',
  ),
  part('paracetamol__lieu_luong_cach_dung__2', 'Trẻ em, uống: 10 - 15 mg/kg mỗi 4 - 6 giờ; tối đa 60 mg/kg/ngày.'),
  part('heparin__lieu_luong_cach_dung__1', 'Tiêm tĩnh mạch liều nạp 5.000 đơn vị, sau đó truyền 18 đơn vị/kg/giờ.'),
  part('warfarin__lieu_luong_cach_dung__1', 'Liều khởi đầu 2,5 - 5 mg/ngày; mục tiêu INR 2 - 3.'),
  part('methotrexat__lieu_luong_cach_dung__1', 'Viêm khớp dạng thấp: 7,5 mg một lần mỗi tuần; tối đa 20 mg/tuần.'),
  part('digoxin__lieu_luong_cach_dung__1', 'Duy trì 125 – 250 microgam/ngày; giảm 1/2 liều khi dùng cùng amiodaron.'),
  part('metformin__chong_chi_dinh__1', 'Chống chỉ định khi eGFR < 30 ml/phút/1,73 m².'),
];
const [P1, P2, HEP, WAR, MTX, DIG, MET] = EVIDENCE.map((p) => p.doc_id);

type Case = [string, string, string[], boolean];

/** [description, sentence, cited doc ids, grounded?] — the user gave: 5 tuổi, 18 kg, eGFR 25. */
const CASES: Case[] = [
  ['a quoted adult dose', 'Người lớn uống 500 mg - 1 g mỗi lần.', [P1], true],
  ['the interval range with a hyphen', 'Cách 4 - 6 giờ.', [P1], true],
  ['the interval range with an en dash', 'Cách 4 – 6 giờ.', [P1], true],
  ['the interval range written "đến"', 'Cách 4 đến 6 giờ.', [P1], true],
  ['the daily maximum', 'Tối đa 4 g/ngày.', [P1], true],
  ['a mg/kg range', 'Trẻ em 10 - 15 mg/kg mỗi lần.', [P2], true],
  ['a mg/kg/ngày maximum', 'Không quá 60 mg/kg/ngày.', [P2], true],
  ['a thousands dot', 'Liều nạp 5.000 đơn vị.', [HEP], true],
  ['a rate per kg per hour', 'Truyền 18 đơn vị/kg/giờ.', [HEP], true],
  ['a decimal comma', 'Khởi đầu 2,5 mg/ngày.', [WAR], true],
  ['a decimal comma range', 'Khởi đầu 2,5 - 5 mg/ngày.', [WAR], true],
  ['a unitless target range', 'Mục tiêu INR 2 - 3.', [WAR], true],
  ['a weekly dose', '7,5 mg một lần mỗi tuần.', [MTX], true],
  ['a weekly maximum', 'Tối đa 20 mg/tuần.', [MTX], true],
  ['microgram range with en dash', 'Duy trì 125 – 250 microgam/ngày.', [DIG], true],
  ['microgram written mcg', 'Duy trì 125 - 250 mcg mỗi ngày.', [DIG], true],
  ['a fraction', 'Giảm 1/2 liều khi dùng cùng amiodaron.', [DIG], true],
  ['a renal threshold', 'Chống chỉ định khi eGFR < 30 ml/phút.', [MET], true],
  ['a sentence without numbers', 'Dùng khi cần.', [P1], true],
  ['an uncited sentence with only the user’s numbers', 'Bé 5 tuổi, nặng 18 kg.', [], true],
  ['an uncited sentence with the user’s renal value', 'Người bệnh có eGFR 25.', [], true],
  ['numbers from two cited parts', 'Người lớn tối đa 4 g/ngày, trẻ em tối đa 60 mg/kg/ngày.', [P1, P2], true],
  ['a name with digits is not a quantity', 'Thuốc chuyển hoá qua CYP3A4 và CYP2C9.', [P1], true],
  ['decimal written with a dot the evidence writes with a comma', 'Khởi đầu 2.5 mg/ngày.', [WAR], true],
  // rejected
  ['a changed dose', 'Người lớn uống 750 mg mỗi lần.', [P1], false],
  ['a changed maximum', 'Tối đa 6 g/ngày.', [P1], false],
  ['a computed paediatric dose (18 kg × 15 mg/kg)', 'Bé 18 kg uống 270 mg mỗi lần.', [P2], false],
  ['a computed daily total', 'Tối đa 1.080 mg/ngày.', [P2], false],
  ['a converted unit (1 g as 1.000 mg)', 'Tối đa 1.000 mg mỗi lần.', [P1], false],
  ['the right number with the wrong unit', 'Trẻ em 10 - 15 mg mỗi lần.', [P2], false],
  ['the right number, unit mg instead of microgam', 'Duy trì 125 - 250 mg/ngày.', [DIG], false],
  ['a number from another, uncited part', 'Tối đa 60 mg/kg/ngày.', [P1], false],
  ['an uncited dose', 'Uống 500 mg mỗi lần.', [], false],
  ['an uncited computed dose', 'Bé dùng 180 mg.', [], false],
  ['a changed decimal', 'Khởi đầu 3,5 mg/ngày.', [WAR], false],
  ['a thousands value changed', 'Liều nạp 10.000 đơn vị.', [HEP], false],
  ['a changed fraction', 'Giảm 1/3 liều.', [DIG], false],
  ['a changed interval', 'Cách 8 giờ.', [P1], false],
  ['a changed weekly maximum', 'Tối đa 25 mg/tuần.', [MTX], false],
  ['a changed renal threshold', 'Chống chỉ định khi eGFR < 45 ml/phút.', [MET], false],
  ['a percentage not in the evidence', 'Giảm liều 50%.', [DIG], false],
  ['a range end changed', 'Trẻ em 10 - 20 mg/kg mỗi lần.', [P2], false],
  ['a dose glued to its unit but wrong', 'Uống 650mg mỗi lần.', [P1], false],
  ['the user’s weight in a cited sentence', 'Với bé 18 kg: 10 - 15 mg/kg.', [P2], false],
];

describe('numeric grounding guard', () => {
  it(`has at least 40 table cases (${CASES.length})`, () => expect(CASES.length).toBeGreaterThanOrEqual(40));

  it.each(CASES)('%s: "%s" → grounded %#', (_d, text, docIds, grounded) => {
    const r = checkNumericGrounding([{ text, doc_ids: docIds }], EVIDENCE, ['5', '18', '25']);
    expect(r.ok).toBe(grounded);
    if (!grounded) expect(r.failures.length).toBeGreaterThan(0);
  });

  it('reads Vietnamese number formats canonically without arithmetic', () => {
    expect(canonicalNumber('2,5')).toBe('2.5');
    expect(canonicalNumber('1.000')).toBe('1000');
    expect(canonicalNumber('2.000.000')).toBe('2000000');
    expect(canonicalNumber('0,125')).toBe('0.125');
    expect(canonicalNumber('1/2')).toBe('1/2');
    expect(extractNumbers('10 - 15 mg/kg')).toEqual([
      { raw: '10', value: '10', unit: 'mg/kg' },
      { raw: '15', value: '15', unit: 'mg/kg' },
    ]);
    expect(extractNumbers('CYP3A4')).toEqual([]);
  });
});

describe('citation check', () => {
  it('rejects a sentence citing a part it was not shown', () => {
    expect(checkCitations([{ text: 'x', doc_ids: ['aspirin__chi_dinh__1'] }], EVIDENCE).ok).toBe(false);
    expect(checkCitations([{ text: 'x', doc_ids: [P1] }], EVIDENCE).ok).toBe(true);
  });
});

describe('candidate-set check (list mode)', () => {
  it('rejects a sentence citing a part of a drug outside the candidates, and names the sentence', () => {
    const r = checkCandidateCitations(
      [
        { text: 'a', doc_ids: [P1] },
        { text: 'b', doc_ids: [P1, WAR] },
      ],
      EVIDENCE,
      ['paracetamol'],
    );
    expect(r.ok).toBe(false);
    expect(r.failures).toEqual([`sentence 2: cites ${WAR}, outside the candidate set`]);
  });
  it('passes when every cited part belongs to a candidate', () => {
    expect(checkCandidateCitations([{ text: 'a', doc_ids: [P1, WAR] }], EVIDENCE, ['paracetamol', 'warfarin']).ok).toBe(
      true,
    );
  });
  it('leaves parts it was not shown to the citation check', () => {
    expect(
      checkCandidateCitations([{ text: 'a', doc_ids: ['aspirin__chi_dinh__1'] }], EVIDENCE, ['paracetamol']).ok,
    ).toBe(true);
  });
});

describe('list mode names only candidates (checkCandidateNames)', () => {
  const drugsIn = (t: string) => ['heparin', 'warfarin', 'aspirin'].filter((d) => t.toLowerCase().includes(d));

  it('refuses an uncited sentence naming a drug outside the candidate set', () => {
    expect(checkCandidateNames([{ text: 'Có thể dùng aspirin.', doc_ids: [] }], [], ['heparin'], drugsIn)).toHaveLength(
      1,
    );
  });

  it('accepts a verbatim quote that names another drug of its cited part ("thay warfarin")', () => {
    const p = part('heparin__thoi_ky_mang_thai__1', 'Heparin không qua nhau thai (thay warfarin).');
    expect(checkCandidateNames([{ text: p.text, doc_ids: [p.doc_id] }], [p], ['heparin'], drugsIn)).toEqual([]);
  });
});
