import { emptyFrame, type QueryFrame } from '@app/contracts';
import { route, type RouteOutcome } from './route';

const nameOf = (id: string) =>
  ({ paracetamol: 'Paracetamol', ibuprofen: 'Ibuprofen', warfarin: 'Warfarin', aspirin: 'Acid acetylsalicylic' })[id] ??
  id;
const f = (o: Partial<QueryFrame>) => emptyFrame(o);
const go = (frame: QueryFrame, turn = 'câu hỏi') => route(turn, frame, nameOf);
const reason = (r: RouteOutcome) => (r.kind === 'reply' ? `${r.reply.decision}/${r.reply.reason}` : r.kind);

const DOSING = {
  turn_type: 'dosing_calc' as const,
  drugs: ['paracetamol'],
  attribute: 'lieu_luong_cach_dung' as const,
};

describe('routing table — one test per row, first match wins', () => {
  it('row 1: a veterinary question abstains as out_of_scope before anything conversational', () => {
    const r = go(f({ ...DOSING }), 'Liều paracetamol cho chó 10 kg?');
    expect(r.row).toBe(1);
    expect(reason(r)).toBe('abstain/out_of_scope');
    expect(r.kind === 'reply' && r.reply.answer).toMatch(/động vật|thú y/);
    expect(go(f({ non_human: true, turn_type: 'smalltalk' })).row).toBe(1);
  });

  it('row 1: a joke, a poem or program code asked for is out of scope, whatever drug and dose it names', () => {
    for (const turn of [
      'Kể cho tôi một câu chuyện cười về thuốc hạ sốt paracetamol đi',
      'Viết giúp em đoạn code Python tính liều amoxicilin theo cân nặng',
      'lam 1 bai tho ve paracetamol di',
      'viet code tinh lieu paracetamol cho tre',
    ]) {
      const r = go(f({ ...DOSING, population: 'pediatric', age_text: '5 tuổi', weight_kg: 18 }), turn);
      expect([turn, r.row, reason(r)]).toEqual([turn, 1, 'abstain/out_of_scope']);
    }
    // the same words in a clinical question are no request for content
    expect(
      go(f({ ...DOSING, population: 'adult' }), 'Liều paracetamol người lớn, bệnh nhân đang cười nói bình thường').row,
    ).toBe(16);
  });

  it('row 2: a dosing calculation without population asks for it, with quick replies', () => {
    const r = go(f({ ...DOSING }));
    expect(r.row).toBe(2);
    expect(reason(r)).toBe('clarify/missing_population');
    expect(r.kind === 'reply' && r.reply.quick_replies).toEqual(['Người lớn', 'Trẻ em', 'Người cao tuổi']);
    expect(r.kind === 'reply' && r.reply.answer).toContain('Paracetamol');
  });

  it('row 3: a paediatric dosing calculation needs both age and weight', () => {
    expect(reason(go(f({ ...DOSING, population: 'pediatric' })))).toBe('clarify/missing_pediatric_age_or_weight');
    expect(go(f({ ...DOSING, population: 'pediatric', weight_kg: 18 })).row).toBe(3);
    expect(go(f({ ...DOSING, population: 'pediatric', age_text: '5 tuổi' })).row).toBe(3);
    expect(go(f({ ...DOSING, population: 'pediatric', age_text: '5 tuổi', weight_kg: 18 })).row).toBe(16);
  });

  it('row 4: the understanding step asked for more information → needs_more_info with its question; a failed understanding abstains', () => {
    const r = go(f({ needs_clarify: true, clarify_reason: 'Bạn đang hỏi về thuốc nào?' }));
    expect(r.row).toBe(4);
    expect(reason(r)).toBe('clarify/needs_more_info');
    expect(r.kind === 'reply' && r.reply.answer).toBe('Bạn đang hỏi về thuốc nào?');
    const failed = go(f({ needs_clarify: true, clarify_reason: 'system_error', understanding_failed: true }));
    expect(failed.row).toBe(4);
    expect(reason(failed)).toBe('abstain/understanding_unavailable');
  });

  it('row 5: an ambiguous condition asks which one', () => {
    const r = go(f({ turn_type: 'condition_to_drug', condition: 'bệnh tim', condition_ambiguous: true }));
    expect([r.row, reason(r)]).toEqual([5, 'clarify/ambiguous_condition']);
  });

  it('row 6: a condition question about anything but indications abstains', () => {
    const r = go(f({ turn_type: 'condition_to_drug', condition: 'suy thận', condition_relation: 'CONTRAINDICATION' }));
    expect([r.row, reason(r)]).toEqual([6, 'abstain/unsupported_reverse_relation']);
  });

  it('row 6: a relation left empty is not "which drugs treat" when the words ask what causes or contraindicates', () => {
    for (const turn of [
      'Thuốc nào gây ho khan?',
      'Thuốc nào chống chỉ định ở người suy thận?',
      'thuoc nao can than trong hen',
    ])
      expect(reason(go(f({ turn_type: 'condition_to_drug', condition: 'x', condition_relation: null }), turn))).toBe(
        'abstain/unsupported_reverse_relation',
      );
    // no relation and plain "which drug treats": the indication question
    expect(
      go(f({ turn_type: 'condition_to_drug', condition: 'ho', condition_relation: null }), 'Thuốc nào trị ho?').row,
    ).toBe(7);
  });

  it('row 4 applies to a symptom question the understanding step could not read (only dosing, condition and overview are exempt)', () => {
    const r = go(f({ turn_type: 'symptom_to_drug', needs_clarify: true, clarify_reason: 'Triệu chứng nào?' }));
    expect([r.row, reason(r)]).toEqual([4, 'clarify/needs_more_info']);
    expect(
      go(f({ turn_type: 'condition_to_drug', needs_clarify: true, clarify_reason: 'x', condition: 'gút' })).row,
    ).toBe(7);
  });

  it('a name as close to two drugs is asked back ("Ý bạn là …?") before any dosing gate', () => {
    const r = route('Liều prednislon?', f({ ...DOSING, drugs: [] }), nameOf, {
      ambiguousDrugs: [{ typed: 'prednislon', candidates: ['Prednisolon', 'Prednison'] }],
    });
    expect(reason(r)).toBe('clarify/no_drug');
    expect(r.kind === 'reply' && r.reply.quick_replies).toEqual(['Prednisolon', 'Prednison']);
  });

  it('row 13 for a pair: an interaction with only one formulary drug and one outside it names the outside one', () => {
    const r = go(f({ turn_type: 'interaction', drugs: ['warfarin'], unknown_drugs: ['Rivaroxaban'] }));
    expect([r.row, reason(r)]).toEqual([13, 'abstain/drug_not_in_formulary']);
    expect(r.kind === 'reply' && r.reply.answer).toContain('Rivaroxaban');
  });

  it('row 7: condition → drug with a condition or an indication', () => {
    expect(go(f({ turn_type: 'condition_to_drug', condition: 'tăng huyết áp' }))).toEqual({
      row: 7,
      kind: 'condition_to_drug',
      condition: 'tăng huyết áp',
    });
    expect(go(f({ turn_type: 'symptom_to_drug', indication: 'sốt', condition_relation: 'INDICATION' }))).toEqual({
      row: 7,
      kind: 'condition_to_drug',
      condition: 'sốt',
    });
  });

  it('row 8: condition → drug with neither asks for the condition (no_condition) or the symptom (no_indication)', () => {
    expect(reason(go(f({ turn_type: 'condition_to_drug' })))).toBe('clarify/no_condition');
    expect(reason(go(f({ turn_type: 'symptom_to_drug' })))).toBe('clarify/no_indication');
    expect(go(f({ turn_type: 'symptom_to_drug' })).row).toBe(8);
  });

  it('row 9: a condition_relation turn abstains as unsupported_reverse_relation', () => {
    const r = go(f({ turn_type: 'condition_relation', condition_relation: 'ADVERSE_EFFECT' }));
    expect([r.row, reason(r)]).toEqual([9, 'abstain/unsupported_reverse_relation']);
  });

  it('row 10: a drug with nothing asked about it asks which attribute, with quick replies', () => {
    const r = go(f({ turn_type: 'drug_attribute', drugs: ['ibuprofen'] }));
    expect([r.row, reason(r)]).toEqual([10, 'clarify/missing_attribute']);
    // every section is offered, not a fixed few
    expect(r.kind === 'reply' && r.reply.quick_replies).toHaveLength(10);
    expect(r.kind === 'reply' && r.reply.quick_replies).toContain('Quá liều và xử trí');
  });

  it('row 11: smalltalk gets the fixed greeting', () => {
    const r = go(f({ turn_type: 'smalltalk' }));
    expect([r.row, reason(r)]).toEqual([11, 'answerable/smalltalk']);
    expect(r.kind === 'reply' && r.reply.answer).toMatch(/^Xin chào/);
  });

  it('row 12: out_of_scope abstains', () => {
    expect([go(f({ turn_type: 'out_of_scope' })).row, reason(go(f({ turn_type: 'out_of_scope' })))]).toEqual([
      12,
      'abstain/out_of_scope',
    ]);
  });

  it('row 13: no known drug but unknown names → drug_not_in_formulary, naming them back', () => {
    const r = go(f({ turn_type: 'drug_attribute', unknown_drugs: ['Zolpidem'] }));
    expect([r.row, reason(r)]).toEqual([13, 'abstain/drug_not_in_formulary']);
    expect(r.kind === 'reply' && r.reply.answer).toContain('"Zolpidem"');
  });

  it('row 14: no drug at all asks which drug', () => {
    expect([go(f({ turn_type: 'drug_attribute' })).row, reason(go(f({ turn_type: 'drug_attribute' })))]).toEqual([
      14,
      'clarify/no_drug',
    ]);
  });

  it('row 15: an interaction with two or more drugs takes the interaction path; with one drug it is a single-drug question', () => {
    expect(go(f({ turn_type: 'interaction', drugs: ['warfarin', 'aspirin'], attribute: 'tuong_tac_thuoc' }))).toEqual({
      row: 15,
      kind: 'interaction',
    });
    expect(go(f({ turn_type: 'interaction', drugs: ['warfarin'], attribute: 'tuong_tac_thuoc' }))).toEqual({
      row: 16,
      kind: 'single_drug',
    });
  });

  it('row 16: otherwise the single-drug path', () => {
    expect(go(f({ turn_type: 'drug_attribute', drugs: ['ibuprofen'], attribute: 'chong_chi_dinh' }))).toEqual({
      row: 16,
      kind: 'single_drug',
    });
  });
});

describe('routing table — earlier rows win over later ones', () => {
  it('the scope guard (1) wins over a missing population (2)', () => {
    expect(go(f({ ...DOSING }), 'liều paracetamol cho mèo').row).toBe(1);
  });
  it('a missing population (2) wins over needs_clarify (4): the state machine, not the model, decides dosing slots', () => {
    expect(go(f({ ...DOSING, needs_clarify: true, clarify_reason: 'Bé nặng bao nhiêu?' })).row).toBe(2);
  });
  it('needs_clarify (4) does not apply to a section overview or to condition → drug turns', () => {
    expect(
      go(f({ ...DOSING, population: 'adult', is_section_overview: true, needs_clarify: true, clarify_reason: 'x' }))
        .row,
    ).toBe(16);
    expect(
      go(f({ turn_type: 'condition_to_drug', condition: 'sốt', needs_clarify: true, clarify_reason: 'x' })).row,
    ).toBe(7);
  });
  it('a section overview skips the dosing gates (2-3)', () => {
    expect(go(f({ ...DOSING, is_section_overview: true })).row).toBe(16);
  });
  it('an ambiguous condition (5) wins over an unsupported relation (6)', () => {
    expect(
      go(
        f({
          turn_type: 'condition_to_drug',
          condition: 'tim',
          condition_ambiguous: true,
          condition_relation: 'CAUTION',
        }),
      ).row,
    ).toBe(5);
  });
  it('smalltalk (11) wins over "no drug" (14); known drugs win over unknown names (13)', () => {
    expect(go(f({ turn_type: 'smalltalk' })).row).toBe(11);
    expect(
      go(f({ turn_type: 'drug_attribute', drugs: ['ibuprofen'], attribute: 'chi_dinh', unknown_drugs: ['xyz'] })).row,
    ).toBe(16);
  });
  it('missing attribute (10) wins over the interaction path only for drug_attribute turns', () => {
    expect(go(f({ turn_type: 'drug_attribute', drugs: ['warfarin', 'aspirin'] })).row).toBe(10);
  });
});
