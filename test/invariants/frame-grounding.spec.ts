import fc from 'fast-check';
import { emptyFrame, ROUTES, type QueryFrame } from '@app/contracts';
import {
  LACTATION_CUES,
  parseAge,
  parseWeights,
  populationCue,
  populationOfAge,
  pregnancyStated,
  saysRoute,
  words,
} from '@app/formulary';
import { index, Simulation } from '../support/simulate';

/**
 * Issue 16, rule 6 — the frame is grounded in the user's words, whoever produced it. A model
 * may return any frame; no dose or section answer rests on a drug, age, weight, population
 * or route the user did not give, while what the user gave in earlier turns still counts.
 */
const drugIds = index.corpus.drugs.map((d) => d.drug_id);
const nameOf = (id: string) => index.drug(id)!.name;

/** A frame a model might invent: any drugs, ages, weights, populations, routes and patient facts. */
const modelFrame = fc.record({
  turn_type: fc.constantFrom('dosing_calc', 'drug_attribute', 'interaction') as fc.Arbitrary<QueryFrame['turn_type']>,
  drugs: fc.subarray(drugIds, { maxLength: 3 }),
  population: fc.constantFrom(null, 'adult', 'pediatric', 'elderly') as fc.Arbitrary<QueryFrame['population']>,
  age: fc.option(fc.integer({ min: 1, max: 90 }), { nil: null }),
  weight: fc.option(fc.integer({ min: 3, max: 110 }), { nil: null }),
  route: fc.option(fc.constantFrom(...ROUTES), { nil: null }),
  pregnant: fc.boolean(),
  renal: fc.option(fc.integer({ min: 5, max: 90 }), { nil: null }),
  listed: fc.subarray(drugIds, { maxLength: 3 }),
});

/** What a user types: a drug, and maybe a population word, an age, a weight, a route. */
const userTurn = fc.record({
  drug: fc.constantFrom(...drugIds),
  who: fc.constantFrom('', 'trẻ em', 'người lớn', 'người cao tuổi', 'bé', 'bn'),
  age: fc.option(fc.integer({ min: 1, max: 90 }), { nil: null }),
  weight: fc.option(fc.integer({ min: 3, max: 110 }), { nil: null }),
  route: fc.constantFrom('', 'đường uống', 'tiêm tĩnh mạch', 'đặt hậu môn'),
  // a pregnancy told, or denied ("ko có thai"): only a told one may stand in the frame
  pregnancy: fc.constantFrom(
    '',
    'đang mang thai 20 tuần',
    'bầu 3 tháng',
    'ko có thai',
    'không mang thai',
    'chưa có bầu',
  ),
});
type UserTurn = {
  drug: string;
  who: string;
  age: number | null;
  weight: number | null;
  route: string;
  pregnancy: string;
};
type ModelFrame = {
  turn_type: QueryFrame['turn_type'];
  drugs: string[];
  population: QueryFrame['population'];
  age: number | null;
  weight: number | null;
  route: QueryFrame['route'];
  pregnant: boolean;
  renal: number | null;
  listed: string[];
};
const say = (u: UserTurn) =>
  [
    `Liều ${nameOf(u.drug)}`,
    u.who,
    u.age !== null ? `${u.age} tuổi` : '',
    u.weight !== null ? `nặng ${u.weight} kg` : '',
    u.route,
    u.pregnancy,
  ]
    .filter(Boolean)
    .join(' ')
    .concat('?');

function invent(f: ModelFrame, parsed: QueryFrame): QueryFrame {
  return emptyFrame({
    ...parsed,
    turn_type: f.turn_type,
    drugs: f.drugs,
    attribute: 'lieu_luong_cach_dung',
    population: f.population,
    age_text: f.age !== null ? `${f.age} tuổi` : null,
    weight_kg: f.weight,
    route: f.route,
    patient: { ...parsed.patient, pregnant: f.pregnant, renal: f.renal !== null ? `ClCr ${f.renal} ml/phút` : null },
    listed: f.listed,
  });
}

/** Everything the routed frame holds must stand in the user's own words of the conversation. */
function expectGrounded(frame: QueryFrame, userTexts: string[], named: string[]): void {
  for (const d of frame.drugs) expect(named).toContain(d);
  if (frame.age_text !== null) {
    const said = userTexts.map((t) => parseAge(t)?.years).filter((y) => y !== undefined && y !== null);
    expect(said).toContain(parseAge(frame.age_text)!.years);
  }
  if (frame.weight_kg !== null) expect(userTexts.flatMap(parseWeights)).toContain(frame.weight_kg);
  if (frame.population !== null) {
    const cue = userTexts.some((t) => populationCue(words(t)) === frame.population);
    const byAge = userTexts.some((t) => {
      const a = parseAge(t);
      return a !== null && populationOfAge(a) === frame.population;
    });
    // a pregnant or breastfeeding patient with no age said is the mother, an adult (read-turn's motherAsAdult)
    const mother =
      frame.population === 'adult' &&
      frame.age_text === null &&
      userTexts.some((t) => pregnancyStated(words(t)) || LACTATION_CUES.has(words(t)));
    expect(cue || byAge || mother).toBe(true);
  }
  if (frame.route !== null) expect(userTexts.some((t) => saysRoute(words(t), frame.route!))).toBe(true);
  // a pregnancy stands only where the user told one, never where they denied it ("ko có thai")
  if (frame.patient.pregnant) expect(userTexts.some((t) => pregnancyStated(words(t)))).toBe(true);
  // what the last reply listed is code's memory: a model never sets it
  expect(frame.listed).toEqual([]);
  if (frame.patient.renal !== null) expect(userTexts.join(' ')).toMatch(/thận|than|clcr|creatinin|egfr/i);
}

describe('invariant: whatever frame a model returns, the answer rests only on what the user said', () => {
  it('drops every drug, age, weight, population, route and patient fact the user did not give (one turn)', () => {
    fc.assert(
      fc.property(userTurn, modelFrame, (u, m) => {
        const turn = say(u);
        const t = new Simulation((_turn, parsed) => invent(m, parsed)).say(turn);
        expectGrounded(t.plan.reading.frame, [turn], t.plan.user.mentions.named);
        // a dose is never worked out for a population or child the user did not describe
        if (t.plan.routed.kind === 'single_drug' && t.plan.reading.frame.turn_type === 'dosing_calc') {
          expect(t.plan.reading.frame.population).not.toBeNull();
          if (t.plan.reading.frame.population === 'pediatric') {
            expect(t.plan.reading.frame.age_text).not.toBeNull();
            expect(t.plan.reading.frame.weight_kg).not.toBeNull();
          }
        }
      }),
      { numRuns: 400 },
    );
  });

  it('"Liều paracetamol cho trẻ em?" with a model frame that says 5 years and 18 kg asks for the age and weight', () => {
    const t = new Simulation((_turn, parsed) => ({ ...parsed, age_text: '5 tuổi', weight_kg: 18 })).say(
      'Liều paracetamol cho trẻ em?',
    );
    expect(t.plan.reading.dropped.map((d) => d.field)).toEqual(['age_text', 'weight_kg']);
    expect(t.outcome).toBe('clarify/missing_pediatric_age_or_weight');
  });

  it('"Chống chỉ định của aspirin?" with a model frame naming warfarin answers about aspirin', () => {
    const t = new Simulation((_turn, parsed) => ({ ...parsed, drugs: ['warfarin'] })).say(
      'Chống chỉ định của aspirin là gì?',
    );
    expect(t.plan.reading.frame.drugs).toEqual(['aspirin']);
  });

  it('keeps what the user said in earlier turns, and drops what a model invents later (a whole conversation)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...drugIds),
        fc.integer({ min: 1, max: 15 }),
        fc.integer({ min: 5, max: 60 }),
        modelFrame,
        (drug, age, weight, m) => {
          // an honest first turn; later turns: whatever the model says, grounded against every user turn so far
          const honest = new Simulation();
          const first = `Liều ${nameOf(drug)} cho bé ${age} tuổi, nặng ${weight} kg?`;
          honest.say(first);
          const sim = new Simulation((_turn, parsed) => invent(m, parsed));
          sim.memory = honest.memory;
          const t = sim.say('uống');
          const frame = t.plan.reading.frame;
          expectGrounded(frame, [first, 'uống'], t.plan.user.mentions.named);
          // the child of the first turn is still the patient: nothing the user gave was lost
          if (frame.population === 'pediatric' || frame.population === null) {
            expect(frame.age_text === null || parseAge(frame.age_text)!.years === age).toBe(true);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('an honest frame (the user’s own words) loses nothing to grounding', () => {
    fc.assert(
      fc.property(userTurn, (u) => {
        const t = new Simulation().say(say(u));
        expect(t.plan.reading.dropped).toEqual([]);
      }),
      { numRuns: 400 },
    );
  });
});

describe('invariant: an amount asked for a child passes the dosing gate, whatever turn type a model gives it', () => {
  /** Formulary drugs with a children's dosing entry. */
  const forChildren = index.corpus.drugs
    .filter((d) => index.section(d.drug_id, 'lieu_luong_cach_dung').some((p) => p.population?.includes('pediatric')))
    .map((d) => d.drug_id);
  const amount = fc.constantFrom(
    'mỗi lần uống mấy viên',
    'xịt mấy nhát',
    'liều bn',
    'mỗi lần bao nhiêu mg',
    'uống mấy ml',
  );

  it('has drugs to check', () => expect(forChildren.length).toBeGreaterThan(10));

  it('a child’s age without a weight is asked for the weight, asked in one turn or after another question', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...forChildren),
        fc.integer({ min: 2, max: 11 }),
        amount,
        fc.constantFrom('drug_attribute', 'dosing_calc') as fc.Arbitrary<QueryFrame['turn_type']>,
        fc.boolean(),
        (drug, age, asked, turnType, before) => {
          const model = (_turn: string, parsed: QueryFrame): QueryFrame =>
            parsed.drugs.length || parsed.population
              ? { ...parsed, turn_type: turnType, attribute: 'lieu_luong_cach_dung' }
              : parsed;
          const sim = new Simulation(model);
          if (before) sim.say(`bé ${age} tuổi, ${nameOf(drug)} dùng thế nào cho đúng?`);
          const t = sim.say(before ? `vậy bé ${asked}?` : `bé ${age} tuổi, ${nameOf(drug)} ${asked}?`);
          expect(t.outcome).not.toMatch(/^answerable/);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('invariant: a drug the user says it is not is never the drug answered', () => {
  it('"ko phải <name>": whatever frame a model returns, no answer about that drug', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...drugIds),
        fc.constantFrom('ko phải', 'không phải', 'chứ ko phải', 'không phải là'),
        fc.constantFrom('liều bao nhiêu', 'có chống chỉ định gì', 'ClCr 45 có cần chỉnh liều ko'),
        (drug, denial, asked) => {
          const name = nameOf(drug);
          const t = new Simulation((_turn, parsed) => ({ ...parsed, drugs: [drug], population: 'adult' })).say(
            `thuốc khác nhé, ${denial} ${name}. người lớn ${asked}?`,
          );
          expect(t.plan.reading.frame.drugs).not.toContain(drug);
          expect(t.drugs).not.toContain(drug);
        },
      ),
      { numRuns: 200 },
    );
  });
});
