import { byReleaseForm, releaseFormAsked } from './release-form';
import { sampleIndex } from './test-corpus';

describe('release form', () => {
  const index = sampleIndex();
  const clarithro = index.section('clarithromycin', 'lieu_luong_cach_dung');
  const leads = (ps: typeof clarithro) => ps.map((p) => p.text.split(':')[0]);

  it('reads the form a user asks for, denied or named, and never a creatinine or a regurgitation', () => {
    expect(releaseFormAsked('clarithro viên thường uống liều sao, ko phải dạng phóng thích kéo dài')).toBe('immediate');
    expect(releaseFormAsked('clarithromycin dạng giải phóng kéo dài liều bn')).toBe('extended');
    expect(releaseFormAsked('gliclazid MR 30mg khởi đầu bn viên')).toBe('extended');
    expect(releaseFormAsked('Cr 90, hở van 2 lá MR vừa')).toBeNull();
    expect(releaseFormAsked('clarithromycin liều bn')).toBeNull();
  });

  it('keeps the entries of the form asked and those that name none, and leaves out the other form', () => {
    const regular = byReleaseForm(clarithro, 'viên thường, ko phải dạng phóng thích kéo dài');
    expect(leads(regular).some((l) => l.includes('kéo dài'))).toBe(false);
    expect(leads(regular).some((l) => l.includes('giải phóng ngay'))).toBe(true);
    const extended = byReleaseForm(clarithro, 'dạng giải phóng kéo dài');
    expect(leads(extended).some((l) => l.includes('giải phóng ngay'))).toBe(false);
    expect(leads(extended).some((l) => l.includes('kéo dài'))).toBe(true);
    // a tablet's form is given by mouth: the infusion entry goes with the other form
    expect(extended.some((p) => p.route === 'truyen_tinh_mach')).toBe(false);
    // this turn's words before the conversation's
    const now = byReleaseForm(clarithro, 'viên thường', 'dạng giải phóng kéo dài');
    expect(leads(now).some((l) => l.includes('kéo dài'))).toBe(false);
    // nothing said: the pool as it was
    expect(byReleaseForm(clarithro, 'liều bn')).toEqual(clarithro);
  });
});
