import fc from 'fast-check';
import { askedClasses, classRetryCondition } from '@app/agent';
import { fold, inClasses } from '@app/formulary';
import type { CorpusService } from '@app/persistence';
import { RequestBudget } from '@app/platform';
import { RetrievalService } from '@app/retrieval-worker';
import { index, Simulation } from '../support/simulate';

/**
 * A condition → drug list asked by a class ("thuốc giảm đau opioid nào", "ks nào dùng đc", "kháng
 * histamin gì") never lists a drug outside that class — whichever condition was read, by the stub or
 * a model: the class is read by code from the user's words, and the retrieval hop filters by ATC. A
 * class said only in the patient's history is no filter. When the condition read lists no drug of the
 * class and the class says what it treats, the list is asked again for that.
 */
const CLASS_PHRASES: { said: string[]; atc: string[] }[] = [
  { said: ['kháng sinh', 'ks', 'khang sinh'], atc: ['J01', 'P01AB'] },
  { said: ['giảm đau', 'giam dau'], atc: ['N02', 'M01A'] },
  { said: ['opioid'], atc: ['N02A'] },
  { said: ['kháng histamin', 'khang histamin'], atc: ['R06'] },
  { said: ['hạ sốt', 'ha sot'], atc: ['N02B', 'M01A'] },
  { said: ['corticoid'], atc: ['H02'] },
  { said: ['chống đông', 'kháng đông'], atc: ['B01AA', 'B01AB', 'B01AE', 'B01AF'] },
  { said: ['hạ áp'], atc: ['C02', 'C03', 'C07', 'C08', 'C09'] },
];
const CONTEXTS = ['', 'bn nữ 30t bầu 20 tuần, ', 'bn nam 70t suy thận ClCr 25, ', 'cụ 80 tuổi THA, ĐTĐ, '];
const FORMS = [
  (c: string, k: string) => `${c}thuốc ${k} nào dùng được`,
  (c: string, k: string) => `${c}${k} nào dùng dc cho bn`,
  (c: string, k: string) => `${c}có ${k} gì không`,
  (c: string, k: string) => `${c}${k} loại nào ạ`,
];
const conditions = [...new Set(index.indicationHeads())].filter((h) => h.length <= 40);
const service = new RetrievalService({ index } as unknown as CorpusService, {} as RequestBudget, null);

describe('invariant: a list asked by a class names only drugs of that class', () => {
  it('for every condition, class, patient context and phrasing, no listed drug is outside the class', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...conditions),
        fc.constantFrom(...CLASS_PHRASES),
        fc.nat(),
        fc.constantFrom(...CONTEXTS),
        fc.constantFrom(...FORMS),
        async (condition, cls, pick, context, form) => {
          const said = cls.said[pick % cls.said.length];
          // typed without marks, the whole turn is (a turn typed with its marks reads each word as written)
          const typed = form(`${context}${condition.toLowerCase()}, `, said);
          const turn = fold(said) === said ? fold(typed) : typed;
          const classes = askedClasses(turn);
          // the class said before the question word is read, whatever its spelling
          expect(classes.some((c) => c.atc.join() === cls.atc.join())).toBe(true);
          const r = await service.retrieveByIndication({ condition, classes, context: turn }, 'inv');
          for (const id of r.drug_ids) expect(inClasses(index.drug(id)!.atc, classes)).toBe(true);
          // nothing in the class is silently dropped: every drug left out is outside it
          for (const id of r.off_class) expect(inClasses(index.drug(id)!.atc, classes)).toBe(false);
          const retry = classRetryCondition(classes, condition, r);
          if (retry) {
            expect(r.drug_ids).toEqual([]);
            const again = await service.retrieveByIndication({ condition: retry, classes, context: turn }, 'inv');
            for (const id of again.drug_ids) expect(inClasses(index.drug(id)!.atc, classes)).toBe(true);
          }
        },
      ),
      { numRuns: 400 },
    );
  });

  it('a class said only in the patient’s history, not before the question word, filters nothing', () => {
    fc.assert(
      fc.property(fc.constantFrom(...CLASS_PHRASES), fc.constantFrom(...conditions), (cls, condition) => {
        const turn = `bn đã dùng ${cls.said[0]} 3 ngày không đỡ. ${condition.toLowerCase()} thì thuốc nào dùng được`;
        expect(askedClasses(turn)).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });
});

/**
 * A drug pointed back to by its class ("quay lại thuốc hạ sốt lúc nãy", "còn thuốc huyết áp kia") is never answered as
 * a drug of another class: two drugs named in turn, then the class of either pointed at — the routed drug is of that
 * class, or the turn asks which.
 */
describe('invariant: a class pointed at names only a drug of that class', () => {
  const drugs = index.corpus.drugs.map((d) => ({ id: d.drug_id, name: d.name, atc: d.atc }));
  const POINTED: { said: string; atc: string[] }[] = [
    ...CLASS_PHRASES.flatMap((c) => c.said.filter((s) => s !== 'ks').map((said) => ({ said, atc: c.atc }))),
    { said: 'huyết áp', atc: ['C02', 'C03', 'C07', 'C08', 'C09'] },
    { said: 'dạ dày', atc: ['A02'] },
    { said: 'mỡ máu', atc: ['C10'] },
    { said: 'tiểu đường', atc: ['A10'] },
    { said: 'tuyến giáp', atc: ['H03'] },
    { said: 'gút', atc: ['M04'] },
    { said: 'ức chế men chuyển', atc: ['C09A', 'C09B'] },
    { said: 'chẹn thụ thể angiotensin', atc: ['C09C', 'C09D'] },
    { said: 'macrolid', atc: ['J01FA'] },
  ];
  // a turn is typed with its marks or without them throughout (a marked turn reads an unmarked word as written)
  const SAYS = [
    (k: string) => `ok. quay lại thuốc ${k} lúc nãy, liều bao nhiêu?`,
    (k: string) => `còn thuốc ${k} kia thì uống lúc nào?`,
    (k: string) => `vậy thuốc ${k} đó có tác dụng phụ gì`,
    // naming no drug, the class and a demonstrative after words of the patient or of the question set aside
    (k: string) => `ngoài tương tác ra thì bản thân thuốc ${k} đó dùng lâu dài có nguy cơ gì ko`,
    (k: string) => `nếu bn ko chảy máu thì xử trí thuốc ${k} đó ntn`,
    (k: string) => `thế cái ${k} hôm trước đó uống chung với canxi được không`,
  ];
  const SAYS_UNMARKED = [
    (k: string) => `ok quay lai thuoc ${fold(k)} luc nay, lieu bao nhieu?`,
    (k: string) => `con thuoc ${fold(k)} kia thi uong luc nao?`,
  ];
  it('after two drugs, the class of either pointed at routes to that class’s drug or asks which', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...drugs),
        fc.constantFrom(...drugs),
        fc.constantFrom(...POINTED),
        fc.nat(12),
        (a, b, k, i) => {
          const say = fold(k.said) === k.said ? SAYS_UNMARKED[i % 2] : SAYS[i % SAYS.length];
          fc.pre(a.id !== b.id);
          const s = new Simulation();
          s.say(`bn nam 50t, ${a.name} liều bao nhiêu?`);
          s.say(`còn ${b.name} thì uống lúc nào?`);
          const r = s.say(say(k.said));
          const routed = r.plan.routed;
          if (r.outcome.startsWith('answerable') && routed.kind === 'single_drug')
            for (const d of r.plan.reading.frame.drugs)
              expect([
                say(k.said),
                d,
                inClasses(drugs.find((x) => x.id === d)!.atc, [{ label: k.said, atc: k.atc, treats: null }]),
              ]).toEqual([say(k.said), d, true]);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('"another" drug of a class ("thuốc … khác") is never one the conversation named: which one is asked', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...drugs),
        fc.constantFrom(...drugs),
        fc.constantFrom(...POINTED.filter((k) => fold(k.said) !== k.said)),
        fc.nat(2),
        (a, b, k, i) => {
          fc.pre(a.id !== b.id);
          const s = new Simulation();
          s.say(`bn nam 50t, ${a.name} liều bao nhiêu?`);
          s.say(`còn ${b.name} thì uống lúc nào?`);
          const turn = [
            `còn 1 thuốc ${k.said} khác bn đang uống kèm thì dùng tiếp đc ko`,
            `thế thuốc ${k.said} khác thì có tương tác gì ko`,
            `bn còn dùng thuốc ${k.said} khác nữa, liều sao`,
          ][i];
          const r = s.say(turn);
          expect([turn, r.plan.reading.frame.drugs, r.outcome.startsWith('clarify')]).toEqual([turn, [], true]);
          // taken beside, "dùng tiếp đc ko" asks whether that drug may go on, not the pair
          if (i === 0) expect([turn, r.plan.reading.frame.attribute]).not.toEqual([turn, 'tuong_tac_thuoc']);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('when one of the conversation’s drugs is of the class pointed at, the turn is about that drug', () => {
    const inClass = (d: { atc: string }, k: { said: string; atc: string[] }) =>
      inClasses(d.atc, [{ label: k.said, atc: k.atc, treats: null }]);
    const cases = POINTED.filter((k) => fold(k.said) !== k.said).flatMap((k) =>
      drugs.filter((a) => inClass(a, k)).flatMap((a) => drugs.filter((b) => !inClass(b, k)).map((b) => ({ k, a, b }))),
    );
    fc.assert(
      fc.property(fc.constantFrom(...cases), fc.boolean(), fc.nat(SAYS.length - 1), ({ k, a, b }, first, i) => {
        const s = new Simulation();
        const [x, y] = first ? [a, b] : [b, a];
        s.say(`bn nam 50t, ${x.name} liều bao nhiêu?`);
        s.say(`còn ${y.name} thì uống lúc nào?`);
        const turn = SAYS[i](k.said);
        const r = s.say(turn);
        expect([turn, r.plan.reading.frame.drugs]).toEqual([turn, [a.id]]);
      }),
      { numRuns: 300 },
    );
  });

  // classes wards name drugs by without "thuốc" ("còn kháng sinh kia", "statin đó"), typed with their marks
  const NOUNS = POINTED.filter((k) =>
    ['kháng sinh', 'corticoid', 'chống đông', 'ức chế men chuyển', 'chẹn thụ thể angiotensin', 'macrolid'].includes(
      k.said,
    ),
  );
  const inClass = (d: { atc: string }, k: { said: string; atc: string[] }) =>
    inClasses(d.atc, [{ label: k.said, atc: k.atc, treats: null }]);
  const nounCases = NOUNS.flatMap((k) =>
    drugs.filter((a) => inClass(a, k)).flatMap((a) => drugs.filter((b) => !inClass(b, k)).map((b) => ({ k, a, b }))),
  );

  it('a class said without "thuốc" and a demonstrative points back like one with it, also when a pair is asked', () => {
    expect(nounCases.length).toBeGreaterThan(20);
    fc.assert(
      fc.property(fc.constantFrom(...nounCases), fc.boolean(), fc.nat(2), ({ k, a, b }, first, i) => {
        const s = new Simulation();
        const [x, y] = first ? [a, b] : [b, a];
        // the drugs told together in one note, then the class pointed at alone or with what it is taken with
        s.say(`bn nam 60t đang dùng ${x.name} và ${y.name}, liều ${x.name} bao nhiêu?`);
        const turn = [
          `còn ${k.said} kia uống cùng sữa đc ko`,
          `vậy ${k.said} đó có tác dụng phụ gì`,
          `${k.said} đó uống lúc nào`,
        ][i];
        const r = s.say(turn);
        expect([turn, r.plan.reading.frame.drugs]).toEqual([turn, [a.id]]);
      }),
      { numRuns: 300 },
    );
  });

  it('a turn naming a drug and pointing back at another by its class asks the pair', () => {
    fc.assert(
      fc.property(fc.constantFrom(...nounCases), fc.constantFrom(...drugs), ({ k, a, b }, c) => {
        fc.pre(c.id !== a.id && c.id !== b.id && !inClass(c, k));
        const s = new Simulation();
        s.say(`bn nam 60t đang dùng ${a.name} và ${b.name}, liều ${a.name} bao nhiêu?`);
        const turn = `nếu bn có dùng ${c.name} thì ${k.said} đó có tương tác gì không`;
        const r = s.say(turn);
        expect([turn, [...r.plan.reading.frame.drugs].sort()]).toEqual([turn, [a.id, c.id].sort()]);
      }),
      { numRuns: 200 },
    );
  });

  it('a class said without "thuốc" and without a demonstrative points at nothing', () => {
    for (const k of NOUNS) {
      const s = new Simulation();
      s.say('bn nam 60t đang dùng warfarin và amoxicillin, liều warfarin bao nhiêu?');
      const turn = `bn dị ứng ${k.said}, vậy uống lúc nào`;
      const r = s.say(turn);
      expect([turn, r.plan.reading.frame.drugs.includes('warfarin')]).toEqual([turn, true]);
    }
  });
});
