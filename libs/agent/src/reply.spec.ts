import { allContraindicatedReply } from './reply';

describe('a condition → drug list every candidate of which is contraindicated', () => {
  it('lists no drug, names the candidates, cites each clause and keeps the notices', () => {
    const r = allContraindicatedReply(
      'đái tháo đường typ 2',
      ['Metformin', 'Gliclazid'],
      [
        {
          drug_id: 'metformin',
          doc_id: 'metformin__chong_chi_dinh__1',
          section: 'chong_chi_dinh',
          quote: 'Suy thận nặng: chống chỉ định khi eGFR < 30 ml/phút/1,73 m².',
        },
      ],
      ['Không liệt kê Metformin: …'],
    );
    expect(r).toMatchObject({
      decision: 'answerable',
      reason: 'drug_list',
      drugs: [],
      notices: ['Không liệt kê Metformin: …'],
    });
    expect(r.answer).toContain('Metformin, Gliclazid');
    expect(r.answer).toContain('không liệt kê thuốc nào');
    expect(r.citations.map((c) => [c.doc_id, c.verify_pdf])).toEqual([['metformin__chong_chi_dinh__1', false]]);
  });
});
