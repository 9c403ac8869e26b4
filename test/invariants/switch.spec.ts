import fc from 'fast-check';
import { Simulation, index } from '../support/simulate';

/**
 * "đang X, kê thêm Z, dùng chung đc ko" → "vậy đổi X sang Y thì dùng chung đc ko": the drug switched away from is
 * never the drug answered after the switch; the one switched to is, paired with the conversation's other drug.
 * Generated over triples of formulary drugs, their names and four ways of saying the switch.
 */
const drugs = index.corpus.drugs;
const SWITCH = [
  (x: string, y: string) => `vậy đổi ${x} sang ${y} thì dùng chung đc ko`,
  (x: string, y: string) => `nếu chuyển từ ${x} qua ${y} thì uống chung được không`,
  (x: string, y: string) => `thay ${x} bằng ${y} thì dùng chung có sao ko`,
  (x: string, y: string) => `bs đổi ${x} thành ${y}, dùng chung đc ko`,
  // the drug taken said instead of the one denied
  (x: string, y: string) => `nếu bn dùng ${y} chứ không phải ${x} thì sao`,
];

describe('a drug switched away from is not asked about', () => {
  it('after "đổi X sang Y", the frame holds Y and the other drug, never X', () => {
    fc.assert(
      fc.property(
        fc.shuffledSubarray(drugs, { minLength: 3, maxLength: 3 }),
        fc.constantFrom(...SWITCH),
        ([x, z, y], say) => {
          const sim = new Simulation();
          sim.say(`bn nam 60t đang dùng ${x.name}, bs kê thêm ${z.name}, dùng chung đc ko?`);
          const t = sim.say(say(x.name, y.name));
          const frame = t.plan.reading.frame;
          expect([t.turn, frame.drugs.includes(x.drug_id), t.drugs.includes(x.drug_id)]).toEqual([
            t.turn,
            false,
            false,
          ]);
          expect([t.turn, frame.drugs.includes(y.drug_id)]).toEqual([t.turn, true]);
        },
      ),
      { numRuns: 150 },
    );
  });
});
