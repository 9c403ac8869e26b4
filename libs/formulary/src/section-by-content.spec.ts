import fc from 'fast-check';
import { fold } from './normalize';
import { sectionByContent } from './section-by-content';
import { sampleIndex } from './test-corpus';
import { words } from './words';

describe('the section a question names by its content words', () => {
  const index = sampleIndex();
  const infer = (drug: string, turn: string) => index.sectionByContent(drug, turn);

  it('reads the section whose text shares the question’s words', () => {
    // "Khi dùng kéo dài cần dự phòng táo bón bằng thuốc nhuận tràng" is a precaution of morphin
    expect(infer('morphin', 'bn cung tao bon 4 ngay roi, co can cho thuoc nhuan trang du phong ko')).toBe('than_trong');
    expect(infer('ceftriaxon', 'ceftriaxon hòa tan bột pha tiêm bằng gì')).toBe('lieu_luong_cach_dung');
  });

  it('reads nothing from particles, the patient, the drug’s own name or a single shared pair', () => {
    expect(infer('morphin', 'morphin thì sao ạ')).toBeNull();
    expect(infer('paracetamol', 'bệnh nhân nữ 30 tuổi, paracetamol thì sao')).toBeNull();
    // one pair ("táo bón") is in two sections: too little to choose
    expect(infer('morphin', 'morphin táo bón')).toBeNull();
  });

  it('a word typed with its marks says only itself', () => {
    const parts = [
      { section: 'than_trong' as const, text: 'Theo dõi đau đầu kéo dài.' },
      { section: 'chi_dinh' as const, text: 'Dầu đầu gội.' },
    ];
    expect(sectionByContent(parts, 'bị đau đầu kéo dài', [])).toBe('than_trong');
    // "dầu" is not "đau": the marked turn shares one pair only with each part
    expect(sectionByContent(parts, 'dầu đầu', [])).toBeNull();
  });

  it('a phrase copied from one section of a monograph, found in no other section, reads as that section', () => {
    const drugs = index.corpus.drugs.map((d) => d.drug_id);
    fc.assert(
      fc.property(fc.constantFrom(...drugs), fc.nat(), fc.nat(), (drug, pi, wi) => {
        const parts = index.corpus.parts.filter((p) => p.drug_id === drug);
        const part = parts[pi % parts.length];
        const ws = words(part.text, true)
          .map((w) => w.text)
          .filter((w) => /^\p{L}+$/u.test(w));
        if (ws.length < 6) return;
        const start = wi % (ws.length - 5);
        const phrase = ws.slice(start, start + 6).join(' ');
        const inOther = parts.some((p) => p.section !== part.section && fold(p.text).includes(fold(phrase)));
        const got = infer(drug, `${index.drug(drug)!.name} ${phrase} không?`);
        // a phrase of function words alone may read as nothing; it never reads as another section
        // unless another section says the same words
        if (!inOther) expect([phrase, got === null || got === part.section]).toEqual([phrase, true]);
      }),
      { numRuns: 400, seed: 16 },
    );
  });
});
