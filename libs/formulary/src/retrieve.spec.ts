import { emptyFrame } from '@app/contracts';
import { retrieveForFrame } from './retrieve';
import { sampleIndex } from './test-corpus';

describe('retrieveForFrame', () => {
  const index = sampleIndex();
  const mayUse = (allergies: string[]) =>
    emptyFrame({
      turn_type: 'drug_attribute',
      drugs: ['cefalexin'],
      attribute: 'chong_chi_dinh',
      patient: { ...emptyFrame({}).patient, allergies },
    });

  it('with a stated allergy, whether the drug may be used brings the precautions that name the allergen', () => {
    const parts = retrieveForFrame(index, mayUse(['penicilin']), 'cefalexin dùng được không');
    expect(parts.some((p) => p.section === 'chong_chi_dinh')).toBe(true);
    const caution = parts.filter((p) => p.section === 'than_trong');
    expect(caution.length).toBeGreaterThan(0);
    for (const p of caution) expect(p.text.toLowerCase()).toContain('penicilin');
  });

  it('an allergy to one drug meets the precautions that name its class ("dị ứng amoxicilin" → penicilin)', () => {
    const parts = retrieveForFrame(index, mayUse(['amoxicilin']), 'cefalexin dùng được không');
    const caution = parts.filter((p) => p.section === 'than_trong');
    expect(caution.map((p) => p.text)).toEqual([expect.stringContaining('dị ứng chéo')]);
  });

  it('without an allergy, the contraindications alone', () => {
    const parts = retrieveForFrame(index, mayUse([]), 'cefalexin dùng được không');
    expect(parts.every((p) => p.section === 'chong_chi_dinh')).toBe(true);
  });
});
