import { unansweredAspects } from './aspects';
import { sampleIndex } from './test-corpus';

describe('aspects a question asks', () => {
  // "Heparin không qua nhau thai, …": no word of drinking
  const placenta = sampleIndex().part('heparin__thoi_ky_mang_thai__1')!;
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
