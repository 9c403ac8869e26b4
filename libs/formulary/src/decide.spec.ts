import { emptyFrame } from '@app/contracts';
import { decide } from './decide';
import { sampleIndex } from './test-corpus';

describe('decide()', () => {
  const index = sampleIndex();
  const dosing = index.section('paracetamol', 'lieu_luong_cach_dung');
  const frame = (o: Parameters<typeof emptyFrame>[0]) =>
    emptyFrame({ turn_type: 'dosing_calc', drugs: ['paracetamol'], attribute: 'lieu_luong_cach_dung', ...o });

  it('AMBIGUOUS_ROUTE when several route-specific regimens apply and no route was given, with the routes for quick replies', () => {
    const r = decide(dosing, frame({ population: 'adult' }), index);
    expect(r.decision).toBe('AMBIGUOUS_ROUTE');
    expect(r.routes).toEqual(expect.arrayContaining(['uong', 'dat_truc_trang', 'truyen_tinh_mach']));
  });

  it('ANSWERABLE once the route is given, keeping only that route and the population asked', () => {
    const r = decide(dosing, frame({ population: 'pediatric', route: 'uong' }), index);
    expect(r.decision).toBe('ANSWERABLE');
    expect(r.parts.length).toBeGreaterThan(0);
    for (const p of r.parts) {
      if (p.route !== null) expect(p.route).toBe('uong');
      if (p.population.length) expect(p.population).toContain('pediatric');
    }
  });

  it('keeps an entry for the population that names no single route (a renal adjustment covering every route) once a route is given', () => {
    const cipro = index.section('ciprofloxacin', 'lieu_luong_cach_dung');
    const renal = cipro.find((p) => p.route === null && p.population.includes('adult') && p.text.includes('suy thận'));
    expect(renal).toBeDefined();
    const r = decide(
      cipro,
      emptyFrame({
        turn_type: 'dosing_calc',
        drugs: ['ciprofloxacin'],
        attribute: 'lieu_luong_cach_dung',
        population: 'adult',
        route: 'uong',
      }),
      index,
    );
    expect(r.decision).toBe('ANSWERABLE');
    expect(r.parts.map((p) => p.doc_id)).toContain(renal!.doc_id);
    expect(r.parts.every((p) => p.route === null || p.route === 'uong')).toBe(true);
    expect(r.parts.every((p) => p.population.length === 0 || p.population.includes('adult'))).toBe(true);
  });

  it('INSUFFICIENT when the formulary has no regimen for the route asked', () => {
    expect(decide(dosing, frame({ population: 'adult', route: 'nho_mat' }), index).decision).toBe('INSUFFICIENT');
    expect(decide([], frame({}), index).decision).toBe('INSUFFICIENT');
  });

  it('VERIFY_PDF when a quarantined table is among the usable parts of an interaction pool', () => {
    const pool = [...index.section('warfarin', 'tuong_tac_thuoc'), ...index.section('aspirin', 'tuong_tac_thuoc')];
    const r = decide(pool, emptyFrame({ turn_type: 'interaction', drugs: ['warfarin', 'aspirin'] }), index, [
      'warfarin',
      'aspirin',
    ]);
    expect(r.decision).toBe('VERIFY_PDF');
    expect(r.parts.some((p) => p.quarantined_page !== null)).toBe(true);
    // every non-table part names the other drug
    for (const p of r.parts.filter((x) => x.quarantined_page === null))
      expect(
        p.drug_id === 'warfarin'
          ? /aspirin|acetylsalicylic/i.test(p.text) || p.interacts_with.includes('aspirin')
          : /warfarin/i.test(p.text) || p.interacts_with.includes('warfarin'),
      ).toBe(true);
  });

  it('INSUFFICIENT for an interaction pool in which neither drug names the other', () => {
    const pool = [
      ...index.section('paracetamol', 'tuong_tac_thuoc'),
      ...index.section('amoxicillin', 'tuong_tac_thuoc'),
    ];
    const r = decide(pool, emptyFrame({ turn_type: 'interaction', drugs: ['paracetamol', 'amoxicillin'] }), index, [
      'paracetamol',
      'amoxicillin',
    ]);
    expect(r.decision).toBe('INSUFFICIENT');
  });

  it('ANSWERABLE for a plain section with no quarantined part', () => {
    const r = decide(
      index.section('ibuprofen', 'chong_chi_dinh'),
      emptyFrame({ drugs: ['ibuprofen'], attribute: 'chong_chi_dinh' }),
      index,
    );
    expect(r.decision).toBe('ANSWERABLE');
  });
});
