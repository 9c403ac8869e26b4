import { editDistance } from './resolver';
import { sampleIndex } from './test-corpus';

describe('drug resolver', () => {
  const { resolver } = sampleIndex();

  it.each([
    ['Paracetamol', 'paracetamol', 'exact'],
    ['paracetamol', 'paracetamol', 'exact'],
    ['Acetaminophen', 'paracetamol', 'exact'],
    ['aspirin', 'aspirin', 'exact'],
    ['Acid acetylsalicylic', 'aspirin', 'exact'],
    ['Amoxicilin', 'amoxicillin', 'exact'],
    ['Amoxicillin', 'amoxicillin', 'exact'],
    ['isosorbid dinitrat', 'isosorbid_dinitrat', 'exact'],
    ['acid valproic', 'acid_valproic', 'exact'],
    ['Natri valproat', 'acid_valproic', 'exact'],
  ])('resolves the name or alias "%s" exactly to %s', (mention, id, via) => {
    expect(resolver.resolve(mention)).toMatchObject({ drug_id: id, via, confidence: 1 });
  });

  it('resolves diacritic-free and case-varied spellings through the folded form', () => {
    expect(resolver.resolve('ISOSORBID  DINITRAT')).toMatchObject({ drug_id: 'isosorbid_dinitrat' });
    expect(resolver.resolve('acid-valproic')).toMatchObject({ drug_id: 'acid_valproic', via: 'folded' });
  });

  it.each([
    ['paracetamon', 'paracetamol'],
    ['amoxcilin', 'amoxicillin'],
    ['ibuprofene', 'ibuprofen'],
    ['wafarin', 'warfarin'],
    ['metformine', 'metformin'],
    ['omeprazon', 'omeprazol'],
    ['clopidogrell', 'clopidogrel'],
  ])('resolves the typo "%s" to %s with a confidence below 1', (mention, id) => {
    const r = resolver.resolve(mention);
    expect(r).toMatchObject({ drug_id: id, via: 'fuzzy' });
    expect(r!.confidence).toBeLessThan(1);
    expect(r!.confidence).toBeGreaterThanOrEqual(0.75);
  });

  it.each(['zolpidem', 'rosuvastatin', 'sildenafil', 'abc', 'panadolxyz', 'xin chào'])(
    'reports "%s" as unknown instead of the nearest drug',
    (mention) => {
      expect(resolver.resolve(mention)).toBeNull();
    },
  );

  it('finds drug mentions in free Vietnamese text, accented or not, and reports unknown foreign names', () => {
    const m = resolver.findMentions('Warfarin và aspirin có tương tác không?');
    expect(m.map((x) => x.resolution?.drug_id)).toEqual(['warfarin', 'aspirin']);
    const u = resolver.findMentions('lieu isosorbid dinitrat ngam duoi luoi');
    expect(u.map((x) => x.resolution?.drug_id)).toEqual(['isosorbid_dinitrat']);
    const unknown = resolver.findMentions('Liều zolpidem cho người lớn?');
    expect(unknown).toEqual([{ text: 'zolpidem', resolution: null }]);
    expect(resolver.findMentions('Trẻ 5 tuổi nặng 18 kg, liều bao nhiêu?')).toEqual([]);
  });

  it('computes edit distance with transpositions', () => {
    expect(editDistance('abcd', 'abdc')).toBe(1);
    expect(editDistance('kitten', 'sitting')).toBe(3);
  });
});
