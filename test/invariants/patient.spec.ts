import fc from 'fast-check';
import { fold } from '@app/formulary';
import { index, Simulation } from '../support/simulate';

/**
 * Issue 16, rule 5: the patient is who the user's words say — never a dose for the wrong person.
 * A child's word and an adult's age that disagree ask who the patient is; a baby who is breastfed
 * or just born is not the patient; a stated normal kidney or liver is no impairment.
 */
const dosed = index.corpus.drugs.filter((d) =>
  index.section(d.drug_id, 'lieu_luong_cach_dung').some((p) => p.population.includes('pediatric')),
);
const CHILD = ['bé', 'cháu bé', 'trẻ', 'con tôi', 'bé nhà em'];
const ADULT_AGE = fc.integer({ min: 20, max: 90 }).chain((n) => fc.constantFrom(`${n} tuổi`, `${n}t`));
const QUESTION = ['liều bao nhiêu?', 'uống mấy viên?', 'liều dùng thế nào ạ', 'liều ntn'];

describe('invariant: the patient is who the words say', () => {
  it('a child’s word and an adult’s age that disagree never get a dose: the system asks who the patient is', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...dosed),
        fc.constantFrom(...CHILD),
        ADULT_AGE,
        fc.constantFrom(...QUESTION),
        fc.boolean(),
        (drug, child, age, q, ageFirst) => {
          const who = ageFirst ? `mẹ ${age} cho ${child} uống` : `${child} uống thuốc của mẹ ${age}`;
          // the stub parser, and a model that picks either patient: the code asks all the same
          for (const sim of [
            new Simulation(),
            new Simulation((_t, parsed) => ({ ...parsed, population: 'adult' })),
            new Simulation((_t, parsed) => ({ ...parsed, population: 'pediatric', weight_kg: null })),
          ]) {
            const t = sim.say(`${who} ${drug.name} ${q}`);
            expect([who, t.outcome]).toEqual([who, 'clarify/missing_population']);
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('a mother who breastfeeds or has just given birth is the patient: her age decides, never the baby’s', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...dosed),
        fc.integer({ min: 20, max: 45 }),
        fc.integer({ min: 1, max: 11 }),
        fc.constantFrom('tuần', 'tháng'),
        fc.constantFrom('sinh bé được', 'mới sinh bé được', 'đang cho bé bú, bé', 'cho con bú, bé'),
        fc.boolean(),
        (drug, mother, n, unit, baby, folded) => {
          const turn = `Mình ${mother} tuổi, ${baby} ${n} ${unit}. ${drug.name} liều bao nhiêu?`;
          const t = new Simulation().say(folded ? fold(turn) : turn);
          const f = t.plan.reading.frame;
          expect([turn, f.population, f.age_text]).toEqual([turn, 'adult', `${mother} tuổi`]);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('an adult’s or an elderly patient’s age settles an unaccented "be" (bể, bẻ, bế): no child’s regimen', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...dosed),
        fc.integer({ min: 20, max: 95 }),
        fc.constantFrom('viem than be than', 'be doi vien thuoc', 'be chan'),
        (drug, age, words) => {
          const turn = `bn ${age}t ${words}, ${fold(drug.name)} lieu bn`;
          const f = new Simulation().say(turn).plan.reading.frame;
          expect([turn, f.population]).toEqual([turn, age >= 65 ? 'elderly' : 'adult']);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('a kidney or liver said to be normal is no impairment; a disease said is one', () => {
    const organ = fc.constantFrom(
      ['CN thận', 'renal'],
      ['chức năng thận', 'renal'],
      ['creatinin', 'renal'],
      ['CN gan', 'hepatic'],
      ['men gan', 'hepatic'],
    );
    fc.assert(
      fc.property(
        organ,
        fc.constantFrom('bt', 'bình thường', 'trong giới hạn bình thường', 'còn tốt'),
        fc.boolean(),
        ([name, fact], normal, folded) => {
          // typed with its marks or without any (a turn is read one way or the other)
          const said = `bn nam 50t, ${name} ${normal}, paracetamol uống liều bao nhiêu`;
          const turn = folded ? fold(said) : said;
          const f = new Simulation().say(turn).plan.reading.frame;
          expect([turn, f.patient[fact as 'renal' | 'hepatic']]).toEqual([turn, null]);
        },
      ),
      { numRuns: 100 },
    );
    for (const [t, fact] of [
      ['bn nam 50t suy thận, paracetamol uống liều bao nhiêu', 'renal'],
      ['bn nam 50t xơ gan, paracetamol uống liều bao nhiêu', 'hepatic'],
    ] as const)
      expect(new Simulation().say(t).plan.reading.frame.patient[fact]).not.toBeNull();
  });
});
