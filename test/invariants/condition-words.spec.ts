import { expandCondition, fold, normalize, syllables } from '@app/formulary';
import { index } from '../support/simulate';

/**
 * Issue 16, rule 2 (a weak match is never a list): a condition of one word lists a drug only where its
 * indication writes that word itself — with the marks it was given — or a longer name of it. Folded, one
 * Vietnamese syllable is a piece of many words ("ho" of "hô hấp", "hở", "hỗ trợ"; "đầu" of "đau"), and
 * a word the text uses only to say why another drug was stopped ("ví dụ do ho") is not what it treats.
 */
const chiDinh = index.corpus.parts.filter((p) => p.section === 'chi_dinh');
const written = (text: string) => ` ${(normalize(text).match(/[\p{L}\p{N}]+/gu) ?? []).join(' ')} `;
/** Every one-syllable word the indications write, as written: the conditions most likely to match by accident. */
const WORDS = [...new Set(chiDinh.flatMap((p) => written(p.text).trim().split(' ')))].filter(
  (w) => /^\p{L}+$/u.test(w) && w.length >= 2,
);

describe('invariant: a one-word condition lists only parts that write that word', () => {
  it('for every word the indications write, each part listed writes it (marks and all) or a longer name of it', () => {
    expect(WORDS.length).toBeGreaterThan(300);
    const bad: string[] = [];
    for (const w of WORDS) {
      const longer = expandCondition(w)
        .map((v) => syllables(v).join(' '))
        .filter((v) => v.includes(' '));
      for (const s of index.indicationKeyword(w)) {
        const text = written(s.part.text);
        const folded = ` ${syllables(s.part.text).join(' ')} `;
        const writesIt = text.includes(` ${w} `) || longer.some((v) => folded.includes(` ${v} `));
        if (!writesIt) bad.push(`${w} → ${s.part.doc_id}`);
      }
    }
    expect(bad).toEqual([]);
  });

  it('a word said only as the cause of another condition ("ví dụ do ho") lists nothing', () => {
    expect(index.indicationKeyword('ho').map((s) => s.part.doc_id)).toEqual([]);
    expect(index.indicationKeyword(fold('hở')).map((s) => s.part.doc_id)).toEqual([]);
  });
});

/**
 * A treatment that causes the condition a drug treats, or a cause ruled out, is not what the drug treats: "Buồn nôn,
 * nôn do thuốc điều trị bệnh Parkinson" treats the nausea, so "thuốc nào điều trị Parkinson" lists no domperidon; "viêm
 * mắt không do nhiễm khuẩn" lists no dexamethason for an infection. For every such cause the indications write, the
 * last one to three words of it, asked as the condition, never list that part unless it names them outside the cause.
 */
describe('invariant: a treatment that causes a condition, or a cause ruled out, lists no drug for it', () => {
  const CAUSE =
    /(?<![\p{L}])(?:không\s+do|do\s+(?:dùng\s+)?(?:thuốc|hoá trị|hóa trị|xạ trị|điều trị))(?![\p{L}])[^,;:.()]*/giu;
  const cases = chiDinh.flatMap((p) =>
    [...p.text.matchAll(CAUSE)].flatMap((m) => {
      const ws = m[0].trim().split(/\s+/u);
      return [1, 2, 3]
        .filter((n) => n < ws.length - 1)
        .map((n) => ws.slice(-n).join(' '))
        .filter((c) => syllables(c).some((w) => w.length > 3))
        .map((condition) => ({ part: p, condition }));
    }),
  );
  it('for every such cause, the part is not listed for its last words unless it names them elsewhere', () => {
    expect(cases.length).toBeGreaterThan(5);
    const bad: string[] = [];
    for (const { part, condition } of cases) {
      const elsewhere = ` ${syllables(part.text.replace(CAUSE, ' ')).join(' ')} `.includes(
        ` ${syllables(condition).join(' ')} `,
      );
      const listed = index.indicationKeyword(condition).some((s) => s.part.doc_id === part.doc_id);
      if (listed && !elsewhere) bad.push(`${condition} → ${part.doc_id}`);
    }
    expect(bad).toEqual([]);
  });

  it('Parkinson’s disease, named only as what the nausea comes from, lists nothing', () => {
    for (const c of ['Parkinson', 'bệnh Parkinson', 'parkinson'])
      expect(index.indicationKeyword(c).map((s) => s.part.doc_id)).toEqual([]);
  });
});
