import type { EvidencePart } from '@app/contracts';
import { unansweredAspects } from './aspects';

const part = (text: string): EvidencePart => ({
  doc_id: 'x__thoi_ky_mang_thai__1',
  drug_id: 'x',
  drug_name: 'X',
  section: 'thoi_ky_mang_thai',
  n: 1,
  text,
  population: [],
  route: null,
  interacts_with: [],
  quarantined_page: null,
});

describe('aspects a question asks', () => {
  const placenta = part('Heparin không qua nhau thai, là lựa chọn chống đông khi mang thai.');
  it('"nhau" typed without marks beside "thai", "với", "cách" is no drinking ("nhậu")', () => {
    expect(unansweredAspects('heparin có qua nhau thai ko', [placenta])).toEqual([]);
    expect(unansweredAspects('2 thuoc nay uong voi nhau duoc ko', [placenta])).toEqual([]);
    expect(unansweredAspects('uong cach nhau bao lau', [placenta])).toEqual([]);
  });
  it('drinking asked, with no part that speaks of alcohol, is unanswered', () => {
    expect(unansweredAspects('toi di nhau duoc ko', [placenta])).toEqual([1]);
    expect(unansweredAspects('uống rượu được không', [placenta])).toEqual([1]);
  });
});
