import { allergyVerdict, anaphylaxisDenied, excludedByAllergy } from './allergy';
import { sampleIndex } from './test-corpus';
import { reactionMentions } from './patient-facts';
import { expandShorthand } from './shorthand';

describe('excludedByAllergy', () => {
  const index = sampleIndex();
  const furosemid = index.drug('furosemid')!;
  const contra = index.section('furosemid', 'chong_chi_dinh').map((p) => p.text);

  it('a class allergy is held against every name of the class the contraindications write', () => {
    // "Quá mẫn với furosemid, với sulfonamid …" against "dị ứng sulfamid"
    expect(excludedByAllergy(furosemid, 'sulfamid', contra)).toBe(true);
    expect(excludedByAllergy(furosemid, 'sulfa', contra)).toBe(true);
  });

  it('an allergy the contraindications do not name keeps the drug', () => {
    expect(excludedByAllergy(furosemid, 'penicilin', contra)).toBe(false);
  });

  it('an allergy to a drug outside the formulary is an allergy to its class (ampicillin, J01CA01: penicillins)', () => {
    const amox = index.drug('amoxicillin')!;
    expect(
      excludedByAllergy(
        amox,
        'ampicillin',
        index.section('amoxicillin', 'chong_chi_dinh').map((p) => p.text),
      ),
    ).toBe(true);
    // the class's name in a contraindication counts too: cefalexin's "… (như phản vệ) với penicilin"
    const cefalexin = index.drug('cefalexin')!;
    const contra = index.section('cefalexin', 'chong_chi_dinh').map((p) => p.text);
    expect(excludedByAllergy(cefalexin, 'ampicillin', contra)).toBe(true);
    expect(excludedByAllergy(index.drug('azithromycin')!, 'ampicillin', [])).toBe(false);
  });
});

describe('how surely an allergy rules a drug out', () => {
  const index = sampleIndex();
  const cefalexin = index.drug('cefalexin')!;
  const contra = index.section('cefalexin', 'chong_chi_dinh').map((p) => p.text);

  it('its class is sure; a clause naming the allergen may apply; one for anaphylaxis only not when it was not', () => {
    expect(allergyVerdict(index.drug('amoxicillin')!, 'penicilin', [])).toBe('yes');
    expect(allergyVerdict(cefalexin, 'penicilin', contra)).toBe('maybe');
    expect(allergyVerdict(cefalexin, 'penicilin', contra, 'dị ứng amoxicillin (nổi ban, ko phản vệ)')).toBeNull();
    // an anaphylaxis told makes the clause for immediate severe reactions surely the patient's
    expect(allergyVerdict(cefalexin, 'penicilin', contra, 'tiêm penicillin bị sốc phản vệ')).toBe('yes');
    expect(allergyVerdict(cefalexin, 'penicilin', contra, 'tiêm penicillin bị tụt HA phải tiêm adrenalin')).toBe('yes');
    expect(anaphylaxisDenied('nổi mẩn ngứa, không bị sốc')).toBe(true);
    expect(anaphylaxisDenied('sốc phản vệ khi tiêm')).toBe(false);
  });

  it('an allergy to a drug is an allergy to its narrowest class: a cephalosporin, not every beta-lactam', () => {
    const amox = index.drug('amoxicillin')!;
    const amoxContra = index.section('amoxicillin', 'chong_chi_dinh').map((p) => p.text);
    // cefalexin's rash against amoxicillin: only its clause for severe immediate reactions to other beta-lactams
    expect(allergyVerdict(amox, 'cefalexin', amoxContra, 'uống cefalexin bị nổi ban đỏ ngứa')).toBe('maybe');
    expect(allergyVerdict(amox, 'cefalexin', amoxContra, 'uống cefalexin bị sốc phản vệ')).toBe('yes');
    // … and a sure one for another cephalosporin; "dị ứng beta-lactam" still names every beta-lactam
    expect(allergyVerdict(index.drug('ceftriaxon')!, 'cefalexin', [])).toBe('yes');
    expect(allergyVerdict(amox, 'beta-lactam', [])).toBe('yes');
  });
});

describe('a reaction to a class told after "do"', () => {
  const index = sampleIndex();
  it('"phù mạch do thuốc ƯCMC" is an allergy to the ACE inhibitors, enalapril among them, not losartan', () => {
    const [m] = reactionMentions(expandShorthand('bn có tiền sử phù mạch do thuốc ƯCMC'));
    expect(m).toBe('ức chế men chuyển');
    expect(allergyVerdict(index.drug('enalapril')!, m, [])).toBe('yes');
    expect(allergyVerdict(index.drug('losartan')!, m, [])).toBeNull();
  });
});
