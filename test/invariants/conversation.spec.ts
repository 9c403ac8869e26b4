import fc from 'fast-check';
import { emptyFrame, type QueryFrame } from '@app/contracts';
import { fold, namesCondition, syllables } from '@app/formulary';
import { needsSafetyReview } from '@app/agent';
import { index, parser, Simulation } from '../support/simulate';

/**
 * Issue 16, rules 2–4: a pending clarification survives unclear replies; condition → drug reads
 * the condition, not the sentence, and always reviews a patient's context.
 */
/** Drugs with adult and paediatric dosing: a dose question without a population must ask for one. */
const dosed = index.corpus.drugs.filter((d) =>
  index.section(d.drug_id, 'lieu_luong_cach_dung').some((p) => p.population.includes('pediatric')),
);
const UNCLEAR = [
  'hả?',
  'không biết',
  'ko biet',
  'sao cũng được',
  'tùy bạn',
  'ý là sao',
  '?',
  'ừ',
  'hmm',
  'gì cơ',
  'chịu',
];
/** An unclear reply as people type it: any case, with or without marks, with punctuation. */
const unclear = fc
  .tuple(fc.constantFrom(...UNCLEAR), fc.boolean(), fc.boolean(), fc.constantFrom('', '?', '...', ' ạ'))
  .map(([u, upper, folded, tail]) => {
    const t = folded ? fold(u) : u;
    return `${upper ? t.toUpperCase() : t}${tail}`;
  });

describe('invariant: a pending clarification is kept until it is answered or the breaker trips', () => {
  it('asks the same question again after any ≤ 3 unclear replies, keeps the drug, and answers once the population comes', () => {
    fc.assert(
      fc.property(fc.constantFrom(...dosed), fc.array(unclear, { minLength: 1, maxLength: 3 }), (drug, replies) => {
        const sim = new Simulation();
        const first = sim.say(`Liều ${drug.name} bao nhiêu?`);
        expect(first.outcome).toBe('clarify/missing_population');
        for (const r of replies) {
          const t = sim.say(r);
          expect(t.outcome).toBe('clarify/missing_population');
          expect(t.drugs).toEqual([drug.drug_id]);
          expect(t.plan.reading.reasked).toBe(true);
        }
        // the streak counted every re-ask: 1 + replies
        expect(sim.memory.clarifyStreak).toBe(1 + replies.length);
        const answered = sim.say('người lớn');
        expect(answered.plan.reading.frame.drugs).toEqual([drug.drug_id]);
        expect(answered.plan.reading.frame.population).toBe('adult');
        expect(answered.outcome).not.toBe('clarify/missing_population');
      }),
      { numRuns: 200 },
    );
  });

  it('keeps a pending "which condition?" too, for a patient told, after any ≤ 3 unclear replies with fillers', () => {
    // an unclear reply wrapped in fillers, the whole typed with its marks or without
    const FILLED = [(u: string) => u, (u: string) => `dạ em cũng ${u} nữa`, (u: string) => `${u} ạ`];
    const filled = fc
      .tuple(fc.constantFrom(...UNCLEAR), fc.constantFrom(...FILLED), fc.boolean())
      .map(([u, fill, folded]) => (folded ? fold(fill(u)) : fill(u)));
    fc.assert(
      fc.property(
        fc.constantFrom(
          'Em 27 tuổi, đang bầu 12 tuần. Em uống thuốc gì thì được ạ?',
          'bn suy thận ClCr 20 ml/phút dùng thuốc nào',
          'mẹ đang cho con bú nên uống thuốc gì',
        ),
        fc.array(fc.oneof(unclear, filled), { minLength: 1, maxLength: 3 }),
        (opening, replies) => {
          const sim = new Simulation();
          expect(sim.say(opening).outcome).toBe('clarify/no_condition');
          for (const r of replies) expect([r, sim.say(r).outcome]).toEqual([r, 'clarify/no_condition']);
          expect(sim.memory.clarifyStreak).toBe(1 + replies.length);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('counts unclear replies toward the breaker: the fifth clarify in a row abstains', () => {
    const sim = new Simulation();
    sim.say('Liều paracetamol?');
    for (const r of ['hả', 'không biết', '?']) expect(sim.say(r).outcome).toBe('clarify/missing_population');
    expect(sim.say('tùy').outcome).toBe('abstain/clarify_loop_exhausted');
  });

  it('keeps a pending age/weight question too, and a route question', () => {
    const child = new Simulation();
    expect(child.say('Liều paracetamol cho trẻ?').outcome).toBe('clarify/missing_pediatric_age_or_weight');
    expect(child.say('không biết').outcome).toBe('clarify/missing_pediatric_age_or_weight');
    const answered = child.say('5 tuổi 18 kg');
    expect(answered.plan.reading.frame).toMatchObject({ drugs: ['paracetamol'], age_text: '5 tuổi', weight_kg: 18 });
  });

  it('the answer to a pending question is retrieved with the question’s words (what the dose is for), after any unclear replies', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...dosed),
        fc.array(unclear, { maxLength: 2 }),
        fc.integer({ min: 6, max: 30 }),
        (drug, replies, kg) => {
          const sim = new Simulation();
          const asked = `bé 3 tuổi nôn sau mổ, ${drug.name} liều bao nhiêu`;
          expect(sim.say(asked).outcome).toBe('clarify/missing_pediatric_age_or_weight');
          for (const r of replies) sim.say(r);
          const answered = sim.say(`${kg}kg`);
          expect(answered.plan.question.startsWith(asked)).toBe(true);
          expect(answered.plan.question.endsWith(`${kg}kg`)).toBe(true);
          // a new question is its own words only
          expect(sim.say(`${drug.name} chống chỉ định gì`).plan.question).toBe(`${drug.name} chống chỉ định gì`);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('a model that answers an unclear reply with an invented frame still re-asks (its values do not stand)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...dosed), unclear, (drug, reply) => {
        const sim = new Simulation();
        sim.say(`Liều ${drug.name} bao nhiêu?`);
        const model = new Simulation((_t, parsed) => ({
          ...parsed,
          population: 'adult',
          age_text: '40 tuổi',
          route: 'uong',
        }));
        model.memory = sim.memory;
        expect(model.say(reply).outcome).toBe('clarify/missing_population');
      }),
      { numRuns: 100 },
    );
  });
});

/** Conditions the formulary names (indication heads of two or more words). */
const conditions = [...new Set(index.indicationHeads().map((h) => h.toLowerCase()))].filter(
  (h) => h.split(/\s+/).length >= 2 && h.split(/\s+/).length <= 4 && !/[()]/.test(h),
);
const CONTEXTS = [
  (c: string) => `Tôi đang mang thai 5 tháng, bị ${c} thì uống thuốc gì được?`,
  (c: string) => `bn nữ 30t có bầu 20 tuần bị ${c}, dùng thuốc nào?`,
  (c: string) => `Mẹ đang cho con bú bị ${c}, thuốc nào chỉ định?`,
  (c: string) => `Người suy thận ClCr 25 ml/phút bị ${c} thì dùng thuốc gì?`,
  (c: string) => `bệnh nhân xơ gan bị ${c} dùng thuốc nào`,
];

describe('invariant: condition → drug reads the condition, not the sentence', () => {
  it('lists only drugs whose indication names the condition, and reviews the patient’s context (stage 2)', () => {
    expect(conditions.length).toBeGreaterThan(20);
    fc.assert(
      fc.property(fc.constantFrom(...conditions), fc.constantFrom(...CONTEXTS), (condition, context) => {
        const turn = context(condition);
        const t = new Simulation().say(turn);
        const r = t.plan.routed;
        expect(needsSafetyReview(t.plan.reading.frame)).toBe(true);
        if (r.kind !== 'condition_to_drug') return; // a clarify or an abstention never lists
        // the condition routed is the condition, not the sentence
        expect(syllables(r.condition).length).toBeLessThanOrEqual(8);
        for (const s of index.indicationKeyword(r.condition))
          expect(namesCondition(s.part.text, r.condition)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('a condition in the patient’s history is never the one asked: the diagnosis or the treat-verb’s object is, and two with neither asks which', () => {
    const distinct = (a: string, b: string) => !fold(a).includes(fold(b)) && !fold(b).includes(fold(a));
    fc.assert(
      fc.property(
        fc.constantFrom(...conditions),
        fc.constantFrom(...conditions),
        fc.constantFrom(
          (h: string, c: string) => `bn nam 60t ${h}, mấy hôm nay mệt, nghĩ ${c}. thuốc nào dùng được`,
          (h: string, c: string) => `bn nữ 45t tiền sử ${h}, chẩn đoán ${c}, có thuốc nào ko`,
          (h: string, c: string) => `bn ${h}, giờ thuốc nào dùng cắt cơn ${c} dc`,
          (h: string, c: string) => `bệnh nhân có ${h}, thuốc nào điều trị ${c}?`,
          (h: string, c: string) =>
            `mẹ tôi bị ${h} mấy năm nay, hôm nay bác sĩ khám nói là ${c}, thuốc nào chỉ định cho bệnh này`,
        ),
        (history, asked, say) => {
          // "dị ứng với aspirin" is read as the patient's allergy wherever it stands: not a condition to ask
          // (heads that are no condition — "các chỉ định khác" — are left out)
          const usable = (c: string) => !/^(dị ứng|các )/.test(c) && !c.includes('chỉ định');
          fc.pre(distinct(history, asked) && usable(asked) && usable(history));
          const t = new Simulation().say(say(history, asked));
          const r = t.plan.routed;
          // a clarify or an abstention never lists; a list is never for the history's condition
          if (r.kind === 'condition_to_drug')
            expect([say(history, asked), fold(r.condition)]).not.toEqual([say(history, asked), fold(history)]);
        },
      ),
      { numRuns: 300 },
    );
    for (const [a, b] of [
      ['tăng huyết áp', 'đái tháo đường typ 2'],
      ['suy tim', 'rung nhĩ'],
    ])
      expect(new Simulation().say(`bn ${a}, ${b}, thuốc nào dùng được`).outcome).toBe('clarify/ambiguous_condition');
  });

  it('a patient context without a named condition lists nothing (asks which condition)', () => {
    for (const t of [
      'Tôi đang mang thai 5 tháng thì uống thuốc gì được?',
      'bn suy thận ClCr 20 ml/phút dùng thuốc nào',
      'mẹ đang cho con bú nên uống thuốc gì',
    ]) {
      const r = new Simulation().say(t);
      expect(r.plan.routed.kind).not.toBe('condition_to_drug');
    }
  });

  it('every patient fact the parser reads makes stage 2 run', () => {
    const patient = (o: Partial<QueryFrame['patient']>) => emptyFrame({ patient: { ...emptyFrame().patient, ...o } });
    for (const f of [
      patient({ pregnant: true }),
      patient({ lactating: true }),
      patient({ renal: 'suy thận' }),
      patient({ hepatic: 'xơ gan' }),
      patient({ comorbidities: ['tăng huyết áp'] }),
      patient({ allergies: ['penicilin'] }),
    ])
      expect(needsSafetyReview(f)).toBe(true);
    expect(needsSafetyReview(emptyFrame())).toBe(false);
    expect(parser.parse('bn dị ứng penicilin bị viêm họng dùng kháng sinh nào').patient.allergies).toEqual([
      'penicilin',
    ]);
  });
});

/**
 * A follow-up that does not name the drug again — how long, when to repeat, when to stop, with or
 * without food, with alcohol, how to give it, a substance the drug's own text names — stays about the
 * conversation's drug: never out of scope, never "which drug?", never another drug. Typed with or
 * without marks, after a first question answered about any formulary drug.
 */
const FOLLOW_UPS = [
  'chưa đỡ thì bao lâu nhắc lại',
  'tối đa dùng được mấy ngày',
  'dùng trong bao lâu',
  'tới khi nào thì ngưng',
  'khi nào ngừng',
  'uống trước hay sau ăn',
  'uống lúc đói được không',
  'bn hay nhậu, kiêng rượu đến bao lâu',
  'có uống rượu được không',
  'cách tiêm thế nào',
];
describe('invariant: a follow-up without the drug’s name stays about the conversation’s drug', () => {
  it('keeps the drug after a first answered question, whatever the follow-up’s phrasing', () => {
    const answeredFirst = index.corpus.drugs.filter((d) => {
      const t = new Simulation().say(`${d.name} chống chỉ định gì`);
      return t.outcome === 'answerable/answered';
    });
    expect(answeredFirst.length).toBeGreaterThan(30);
    fc.assert(
      fc.property(
        fc.constantFrom(...answeredFirst),
        fc.constantFrom(...FOLLOW_UPS),
        fc.boolean(),
        fc.constantFrom('', '?', ' ạ', ' vậy'),
        (drug, f, folded, tail) => {
          const sim = new Simulation();
          sim.say(`${drug.name} chống chỉ định gì`);
          const turn = `${folded ? fold(f) : f}${tail}`;
          const t = sim.say(turn);
          expect([turn, t.plan.reading.frame.drugs]).toEqual([turn, [drug.drug_id]]);
          expect([turn, t.outcome]).not.toEqual([turn, 'abstain/out_of_scope']);
          expect([turn, t.outcome]).not.toEqual([turn, 'clarify/no_drug']);
        },
      ),
      { numRuns: 300 },
    );
  });
});
