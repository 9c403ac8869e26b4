import { Simulation } from '../support/simulate';

/**
 * A route question answered in a word the ward uses: "tiêm" (any injection) settles it when the drug's
 * regimens left for this patient have one injected route, and asks again when they have several.
 */
describe('a pending route question answered "tiêm"', () => {
  it('settles it when one of the routes offered is an injection', () => {
    const s = new Simulation();
    expect(s.say('bn nam 35t co giật kéo dài, diazepam liều bao nhiêu?').outcome).toBe('clarify/ambiguous_route');
    const r = s.say('tiêm');
    expect(r.outcome).toBe('answerable/answered');
    expect(r.plan.reading.frame.allowed_routes).toContain('tiem_tinh_mach');
  });

  it('asks again when several injected routes have doses of their own', () => {
    const s = new Simulation();
    expect(s.say('bn nữ 60t 70kg huyết khối tĩnh mạch sâu, heparin liều điều trị?').outcome).toBe(
      'clarify/ambiguous_route',
    );
    expect(s.say('tiêm').outcome).toBe('clarify/ambiguous_route');
  });
});
