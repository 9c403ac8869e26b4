import fc from 'fast-check';
import { indicationAges, namesCondition } from '@app/formulary';
import type { CorpusService } from '@app/persistence';
import { RequestBudget } from '@app/platform';
import { RetrievalService } from '@app/retrieval-worker';
import { index } from '../support/simulate';

/**
 * A list is for the patient's age: a drug is listed for a child, or an adult, only through an indication whose words do
 * not give it to another age group ("Đái tháo đường typ 2 ở người lớn" lists nothing for a 13-year-old; "… ở trẻ em từ
 * 10 tuổi" does); a drug left out for that reason is said, with the indication quoted. The age is read by code from
 * the user's words, whatever condition was read.
 */
// (a heading that names an age group itself, "… ở người lớn", is no condition a patient of another age says)
const conditions = [...new Set(index.indicationHeads())].filter(
  (h) => h.length <= 40 && !/người lớn|trẻ em|trẻ nhỏ/u.test(h),
);
const service = new RetrievalService({ index } as unknown as CorpusService, {} as RequestBudget, null);
const SAY = [
  (age: number, c: string) => `bé ${age} tuổi bị ${c}, thuốc nào dùng được?`,
  (age: number, c: string) => `bn ${age}t ${c}, dm có thuốc nào`,
  (age: number, c: string) => `con tôi ${age} tuổi, bác sĩ nói bị ${c}, dùng thuốc gì`,
];
const fits = (age: number, s: { min: number; max: number } | null) => !s || (age < s.max && age >= s.min);

describe('invariant: a list is for the patient’s age', () => {
  it('every drug listed rests on an indication for the age said; every drug left out for age is quoted', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...conditions),
        fc.oneof(fc.integer({ min: 1, max: 17 }), fc.integer({ min: 18, max: 90 })),
        fc.constantFrom(...SAY),
        async (condition, age, say) => {
          const turn = say(age, condition.toLowerCase());
          const r = await service.retrieveByIndication({ condition, classes: [], context: turn }, 'inv');
          const names = (piece: string) => namesCondition(piece, condition);
          for (const part of r.parts)
            expect([turn, part.doc_id, fits(age, indicationAges(part.text, names))]).toEqual([turn, part.doc_id, true]);
          for (const o of r.other_age) {
            expect(r.drug_ids).not.toContain(o.drug_id);
            expect(index.section(o.drug_id, 'chi_dinh').map((p) => p.text)).toContain(o.quote);
          }
        },
      ),
      { numRuns: 500 },
    );
  });

  it('the cases that found it: a 13-year-old with type 2 diabetes, an adult in status epilepticus', async () => {
    const t2 = await service.retrieveByIndication(
      {
        condition: 'đái tháo đường typ 2',
        classes: [],
        context: 'bé trai 13t, ĐTĐ typ 2, thuốc uống nào dùng dc cho bé?',
      },
      'inv',
    );
    expect(t2.drug_ids).toEqual(['metformin']);
    expect(t2.parts.map((p) => p.doc_id)).toEqual(['metformin__chi_dinh__2']);
    expect(t2.other_age.map((o) => o.drug_id)).toEqual(['gliclazid']);
    const seizure = await service.retrieveByIndication(
      { condition: 'co giật', classes: [], context: 'bn nam 70t co giật liên tục, thuốc nào cắt cơn' },
      'inv',
    );
    expect(seizure.drug_ids).toContain('diazepam');
  });
});
