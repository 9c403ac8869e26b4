import { containsPhrase, fold, indexTokens, looksForeign, normalize, syllables } from './normalize';

describe('Vietnamese normalisation', () => {
  it('folds diacritics and đ so "tre 5 tuoi" meets "trẻ 5 tuổi"', () => {
    expect(fold('Trẻ 5 tuổi')).toBe('tre 5 tuoi');
    expect(fold('Đái tháo đường')).toBe('dai thao duong');
    expect(syllables('Trẻ 5 tuổi, nặng 18,5 kg')).toEqual(['tre', '5', 'tuoi', 'nang', '18,5', 'kg']);
  });

  it('composes decomposed (NFD) input into NFC before anything else', () => {
    const nfd = 'Tha\u0300nh'.normalize('NFD');
    expect(normalize(nfd)).toBe('thành');
    expect(fold(nfd)).toBe('thanh');
  });

  it('writes an open oa/oe/uy with one tone placement, so "hoá trị" is "hóa trị"', () => {
    expect(normalize('Hoá trị')).toBe(normalize('hóa trị'));
    expect(normalize('thuỷ đậu, khoẻ, hoà tan')).toBe('thủy đậu, khỏe, hòa tan');
    // closed syllables and "qu" + "y" have one placement only
    expect(normalize('toàn thân, khoán, quý, huyết, hoạt')).toBe('toàn thân, khoán, quý, huyết, hoạt');
    expect(containsPhrase('buồn nôn do hoá trị', 'hóa trị')).toBe(true);
  });

  it('adds syllable bigrams so compounds score as units', () => {
    expect(indexTokens('tăng huyết áp')).toEqual(['tang', 'huyet', 'ap', 'tang_huyet', 'huyet_ap']);
  });

  it('matches phrases on syllable boundaries only', () => {
    expect(containsPhrase('Bệnh gút cấp', 'benh gut')).toBe(true);
    expect(containsPhrase('Tăng huyết áp', 'huyết')).toBe(true);
    expect(containsPhrase('gutta', 'gut')).toBe(false);
  });

  it('tells foreign words (drug names) from Vietnamese syllables', () => {
    for (const w of ['paracetamol', 'warfarin', 'zolpidem', 'aspirin']) expect(looksForeign(w)).toBe(true);
    for (const w of ['nghieng', 'truyen', 'khuyen', 'thuoc', 'lieu', 'tre', 'quoc'])
      expect(looksForeign(w)).toBe(false);
  });

  it('remembers results without changing them, past the memo bound too', () => {
    // more distinct texts than the memo holds: each still folds to what it folds to, and asking again
    // (from the memo, or recomputed after it was emptied) gives the same string
    const texts = Array.from({ length: 60_000 }, (_, i) => `Bể thận ${i} thuỷ đậu`);
    const first = texts.map((t) => fold(t));
    expect(first[0]).toBe('be than 0 thuy dau');
    expect(first[59_999]).toBe('be than 59999 thuy dau');
    expect(texts.map((t) => fold(t))).toEqual(first);
    expect(normalize('  Thủy  Đậu ')).toBe(normalize('thuỷ đậu'));
    expect(normalize('  Thuỷ  Đậu ')).toBe('thủy đậu');
  });
});
