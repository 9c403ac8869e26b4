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
});
