import fc from 'fast-check';
import { Simulation, index } from '../support/simulate';

/**
 * "bn 78t đang dùng losartan, amlodipin, digoxin. losartan …" → "còn thuốc thứ hai?", "cái cuối thì …": a place among
 * the drugs the user named is the drug at that place in the order they named them — never the drug the conversation
 * was last about. Generated over triples of formulary drugs and the ways a place is said.
 */
const drugs = index.corpus.drugs;
const PLACES: [string, (ids: string[]) => string][] = [
  ['còn thuốc thứ hai?', (ids) => ids[1]],
  ['thế thuốc thứ 2 thì uống sao', (ids) => ids[1]],
  ['còn cái thứ ba thì liều sao', (ids) => ids[2]],
  ['cái cuối thì uống duy trì sao', (ids) => ids[2]],
  ['thuốc cuối cùng có tác dụng phụ gì', (ids) => ids[2]],
  ['con thuoc thu hai thi sao', (ids) => ids[1]],
];

describe('a place among the drugs the user named', () => {
  it('is the drug at that place in the user’s order, whichever drug the last turn was about', () => {
    fc.assert(
      fc.property(
        fc.shuffledSubarray(drugs, { minLength: 3, maxLength: 3 }),
        fc.constantFrom(...PLACES),
        (three, [say, at]) => {
          const [a, b, c] = three;
          const sim = new Simulation();
          sim.say(`bn nam 70t đang dùng ${a.name}, ${b.name}, ${c.name}. ${a.name} có tác dụng phụ gì`);
          const t = sim.say(say);
          const expected = at(three.map((d) => d.drug_id));
          expect([say, t.plan.reading.frame.drugs]).toEqual([say, [expected]]);
        },
      ),
      { numRuns: 200 },
    );
  });
});
