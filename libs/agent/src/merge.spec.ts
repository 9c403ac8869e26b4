import { emptyFrame } from '@app/contracts';
import {
  asComorbidity,
  asNursedChildQuestion,
  doseAsked,
  frameAfterReply,
  frameToRemember,
  mergeWithPriorFrame,
  pairWithConversationDrugs,
  referToListed,
  toldAfterList,
} from './merge';
import { route } from './route';

describe('frame memory: merge with the prior frame', () => {
  const clarifyPrior = emptyFrame({
    turn_type: 'dosing_calc',
    drugs: ['paracetamol'],
    attribute: 'lieu_luong_cach_dung',
    population: 'pediatric',
    weight_kg: 18,
  });

  it('completes a dosing question after a clarify ("Bé nặng 18 kg" → "5 tuổi, uống")', () => {
    const m = mergeWithPriorFrame(
      emptyFrame({ follow_up: true, age_text: '5 tuổi', route: 'uong', population: 'pediatric' }),
      clarifyPrior,
    );
    expect(m).toMatchObject({
      turn_type: 'dosing_calc',
      drugs: ['paracetamol'],
      population: 'pediatric',
      age_text: '5 tuổi',
      weight_kg: 18,
      route: 'uong',
    });
  });

  it('keeps the drug for a section follow-up ("Còn chống chỉ định thì sao?") and switches the section', () => {
    const prior = emptyFrame({ turn_type: 'drug_attribute', drugs: ['amoxicillin'], attribute: 'chi_dinh' });
    const m = mergeWithPriorFrame(emptyFrame({ follow_up: true, attribute: 'chong_chi_dinh' }), prior);
    expect(m).toMatchObject({ turn_type: 'drug_attribute', drugs: ['amoxicillin'], attribute: 'chong_chi_dinh' });
  });

  it('after an out-of-scope turn that named one drug, "thuốc này" with a section asks about that drug, and the drug carries', () => {
    const priceAsked = emptyFrame({ turn_type: 'out_of_scope', drugs: ['omeprazol'], population: 'adult' });
    const m = mergeWithPriorFrame(
      emptyFrame({
        turn_type: 'drug_attribute',
        follow_up: true,
        attribute: 'lieu_luong_cach_dung',
        needs_clarify: true,
        clarify_reason: 'Bạn đang hỏi về thuốc nào?',
      }),
      priceAsked,
    );
    expect(m).toMatchObject({
      turn_type: 'drug_attribute',
      drugs: ['omeprazol'],
      needs_clarify: false,
      clarify_reason: null,
    });
    // an animal's drug never carries; a turn without a section is not this follow-up
    expect(
      mergeWithPriorFrame(emptyFrame({ follow_up: true, attribute: 'chi_dinh' }), { ...priceAsked, non_human: true })
        .drugs,
    ).toEqual([]);
    expect(mergeWithPriorFrame(emptyFrame({ follow_up: true }), priceAsked).drugs).toEqual([]);
    // "bắt đầu luôn thuốc đó đc ko" read with no section: the pointer still names that drug (what about it is asked next)
    expect(
      mergeWithPriorFrame(
        emptyFrame({ follow_up: true, needs_clarify: true, clarify_reason: 'Bạn đang hỏi về thuốc nào?' }),
        priceAsked,
      ),
    ).toMatchObject({ drugs: ['omeprazol'], attribute: null, needs_clarify: false });
  });

  it('the routes a turn allows replace the conversation\'s route ("đổi sang tiêm TM" after an intramuscular dose)', () => {
    const prior = emptyFrame({
      turn_type: 'drug_attribute',
      drugs: ['ceftriaxon'],
      attribute: 'lieu_luong_cach_dung',
      route: 'tiem_bap',
    });
    const m = mergeWithPriorFrame(
      emptyFrame({ follow_up: true, allowed_routes: ['tiem_tinh_mach', 'truyen_tinh_mach'] }),
      prior,
    );
    expect(m).toMatchObject({ route: null, allowed_routes: ['tiem_tinh_mach', 'truyen_tinh_mach'] });
    // a turn that says nothing about the route keeps it
    expect(mergeWithPriorFrame(emptyFrame({ follow_up: true }), prior).route).toBe('tiem_bap');
    // … and so does one that says only "tiêm" (any injection, the settled one among them)
    const injection = ['tiem_tinh_mach', 'truyen_tinh_mach', 'tiem_bap', 'tiem_duoi_da'] as const;
    expect(mergeWithPriorFrame(emptyFrame({ follow_up: true, allowed_routes: [...injection] }), prior)).toMatchObject({
      route: 'tiem_bap',
      allowed_routes: [],
    });
  });

  it('an allergy told after a list, read as adverse effects, asks the list again for the patient as now told', () => {
    const list = emptyFrame({
      turn_type: 'condition_to_drug',
      condition: 'tăng huyết áp',
      condition_relation: 'INDICATION',
      listed: ['enalapril', 'losartan'],
    });
    const told = emptyFrame({
      follow_up: true,
      attribute: 'tac_dung_khong_mong_muon',
      patient: { ...list.patient, allergies: ['ức chế men chuyển'] },
    });
    expect(mergeWithPriorFrame(told, list)).toMatchObject({
      turn_type: 'condition_to_drug',
      condition: 'tăng huyết áp',
      patient: { allergies: ['ức chế men chuyển'] },
    });
  });

  it('a turn that only tells the patient after a list goes on with the list, follow-up cue or not', () => {
    const list = emptyFrame({
      turn_type: 'condition_to_drug',
      condition: 'loét dạ dày',
      condition_relation: 'INDICATION',
    });
    const told = emptyFrame({ patient: { ...list.patient, allergies: ['penicillin'] } });
    expect(mergeWithPriorFrame(told, list)).toMatchObject({
      turn_type: 'condition_to_drug',
      condition: 'loét dạ dày',
      patient: { allergies: ['penicillin'] },
    });
    // a turn that tells nothing new starts its own question
    expect(mergeWithPriorFrame(emptyFrame({}), list).turn_type).toBe('drug_attribute');
  });

  it('turns a section follow-up about dosing into a dosing question', () => {
    const prior = emptyFrame({ turn_type: 'drug_attribute', drugs: ['amoxicillin'], attribute: 'chi_dinh' });
    expect(
      mergeWithPriorFrame(emptyFrame({ follow_up: true, attribute: 'lieu_luong_cach_dung' }), prior).turn_type,
    ).toBe('dosing_calc');
  });

  it('carries nothing over from a question about an animal (routing row 1)', () => {
    const animal = { ...clarifyPrior, non_human: true, weight_kg: 12 };
    const turn = emptyFrame({ follow_up: true, age_text: '5 tuổi', population: 'pediatric' });
    expect(mergeWithPriorFrame(turn, animal)).toEqual(turn);
    // the same follow-up after a human question does take the prior's drug and weight
    expect(mergeWithPriorFrame(turn, { ...animal, non_human: false })).toMatchObject({
      drugs: ['paracetamol'],
      weight_kg: 12,
    });
  });

  it("remembers the scope guard's verdict with the frame", () => {
    const dog = emptyFrame({
      turn_type: 'dosing_calc',
      drugs: ['paracetamol'],
      attribute: 'lieu_luong_cach_dung',
      weight_kg: 12,
    });
    const turn = 'Chó nặng 12 kg, liều paracetamol?';
    expect(
      frameToRemember(
        dog,
        route(turn, dog, (id) => id),
      ).non_human,
    ).toBe(true);
    const person = { ...dog, population: 'adult' as const };
    expect(
      frameToRemember(
        person,
        route('Người lớn, liều paracetamol?', person, (id) => id),
      ),
    ).toBe(person);
  });

  it('a poem or code asked about a person’s drug remembers the drug, not what was asked of it', () => {
    const poem = emptyFrame({ turn_type: 'drug_attribute', drugs: ['paracetamol'], attribute: 'chi_dinh' });
    const turn = 'Viết một bài thơ vui về paracetamol cho bé';
    const routed = route(turn, poem, (id) => id);
    expect(routed).toMatchObject({ row: 1, contentAsked: true });
    const kept = frameToRemember(poem, routed, null);
    expect([kept.drugs, kept.non_human, kept.turn_type, kept.attribute]).toEqual([
      ['paracetamol'],
      false,
      'out_of_scope',
      null,
    ]);
    // in the middle of a clinical conversation the conversation's frame stays
    expect(frameToRemember(poem, routed, clarifyPrior)).toBe(clarifyPrior);
    // an animal's question is still no person's drug
    const dog = { ...poem, non_human: true };
    expect(
      frameToRemember(
        dog,
        route('viết thơ về paracetamol cho chó', dog, (id) => id),
        null,
      ).non_human,
    ).toBe(true);
  });

  it('a greeting or an out-of-scope question mid-conversation leaves the conversation’s frame as it was', () => {
    const aside = emptyFrame({ turn_type: 'out_of_scope' });
    const routed = route('BHYT có chi trả không', aside, (id) => id);
    expect(frameToRemember(aside, routed, clarifyPrior)).toBe(clarifyPrior);
    const hello = emptyFrame({ turn_type: 'smalltalk' });
    expect(
      frameToRemember(
        hello,
        route('chào bạn', hello, (id) => id),
        clarifyPrior,
      ),
    ).toBe(clarifyPrior);
    // with nothing clinical before it, the aside is what is remembered
    expect(frameToRemember(aside, routed, null)).toBe(aside);
  });

  // the question is new; the patient (the child of 18 kg) is the same one
  const samePatient = { population: 'pediatric', weight_kg: 18 };

  it('starts a new question when the turn names other drugs, about the same patient', () => {
    const turn = emptyFrame({ follow_up: true, drugs: ['ibuprofen'], attribute: 'chi_dinh' });
    expect(mergeWithPriorFrame(turn, clarifyPrior)).toEqual({ ...turn, ...samePatient });
  });

  it('the drug’s dose asked again with no route said keeps the route the conversation settled', () => {
    const oral = emptyFrame({ ...clarifyPrior, drugs: ['tramadol'], route: 'uong' });
    const again = emptyFrame({ turn_type: 'drug_attribute', drugs: ['tramadol'], attribute: 'lieu_luong_cach_dung' });
    expect(mergeWithPriorFrame(again, oral).route).toBe('uong');
    // a route or routes the turn names win; another drug, or another section, starts without one
    expect(mergeWithPriorFrame({ ...again, route: 'tiem_bap' }, oral).route).toBe('tiem_bap');
    expect(
      mergeWithPriorFrame({ ...again, allowed_routes: ['tiem_tinh_mach', 'truyen_tinh_mach'] }, oral).route,
    ).toBeNull();
    expect(mergeWithPriorFrame({ ...again, drugs: ['morphin'] }, oral).route).toBeNull();
    expect(mergeWithPriorFrame({ ...again, attribute: 'chong_chi_dinh' }, oral).route).toBeNull();
  });

  it('the drug named in answer to "which drug?" completes the question its route was said in', () => {
    const asked = emptyFrame({ turn_type: 'drug_attribute', attribute: 'lieu_luong_cach_dung', route: 'uong' });
    const named = emptyFrame({
      turn_type: 'drug_attribute',
      drugs: ['azithromycin'],
      attribute: 'lieu_luong_cach_dung',
    });
    expect(mergeWithPriorFrame(named, asked).route).toBe('uong');
    // another section asked with the drug is a question of its own
    expect(mergeWithPriorFrame({ ...named, attribute: 'chong_chi_dinh' }, asked).route).toBeNull();
  });

  it('starts a new question for a new intent (not a follow-up), about the same patient', () => {
    const turn = emptyFrame({ turn_type: 'condition_to_drug', condition: 'tăng huyết áp' });
    expect(mergeWithPriorFrame(turn, clarifyPrior)).toEqual({ ...turn, ...samePatient });
  });

  it('carries the age said in a condition question into the dose question that follows', () => {
    const condition = emptyFrame({
      turn_type: 'symptom_to_drug',
      indication: 'sốt',
      population: 'pediatric',
      age_text: '3 tuổi',
      weight_kg: 14,
    });
    const dose = emptyFrame({ turn_type: 'dosing_calc', drugs: ['paracetamol'], attribute: 'lieu_luong_cach_dung' });
    expect(mergeWithPriorFrame(dose, condition)).toMatchObject({
      drugs: ['paracetamol'],
      population: 'pediatric',
      age_text: '3 tuổi',
      weight_kg: 14,
    });
  });

  it('carries patient facts (kidney, pregnancy, allergy) but nothing once another population is named', () => {
    const prior = emptyFrame({
      population: 'adult',
      patient: {
        pregnant: true,
        lactating: false,
        renal: 'ClCr 25 ml/phút',
        hepatic: null,
        comorbidities: [],
        allergies: ['penicilin'],
      },
    });
    const next = emptyFrame({ turn_type: 'drug_attribute', drugs: ['amoxicillin'], attribute: 'chong_chi_dinh' });
    expect(mergeWithPriorFrame(next, prior).patient).toMatchObject({
      pregnant: true,
      renal: 'ClCr 25 ml/phút',
      allergies: ['penicilin'],
    });
    const child = { ...next, population: 'pediatric' as const };
    expect(mergeWithPriorFrame(child, prior)).toEqual(child);
  });

  it('drops the other population’s age and weight when the population changes', () => {
    const prior = emptyFrame({
      turn_type: 'dosing_calc',
      drugs: ['paracetamol'],
      attribute: 'lieu_luong_cach_dung',
      population: 'pediatric',
      age_text: '5 tuổi',
      weight_kg: 18,
    });
    const m = mergeWithPriorFrame(emptyFrame({ follow_up: true, population: 'adult' }), prior);
    expect(m).toMatchObject({ population: 'adult', age_text: null, weight_kg: null, drugs: ['paracetamol'] });
  });

  it('without a prior frame, the turn is its own frame', () => {
    const turn = emptyFrame({ follow_up: true, age_text: '5 tuổi' });
    expect(mergeWithPriorFrame(turn, null)).toBe(turn);
  });
});

describe('two drugs taken together across turns', () => {
  const prior = emptyFrame({ drugs: ['allopurinol'], attribute: null, follow_up: true });
  const asked = emptyFrame({ drugs: ['amoxicillin'], attribute: 'tuong_tac_thuoc' });

  it('"2 thuốc này uống chung" pairs the drug named now with the conversation’s', () => {
    expect(pairWithConversationDrugs(asked, prior, true)).toMatchObject({
      turn_type: 'interaction',
      drugs: ['allopurinol', 'amoxicillin'],
    });
  });

  it('a drug the patient is on, asked whether to keep it, is asked with the conversation’s drug', () => {
    const keep = emptyFrame({ drugs: ['omeprazol'], attribute: 'lieu_luong_cach_dung' });
    expect(pairWithConversationDrugs(keep, { ...prior, drugs: ['clopidogrel'] }, false, true)).toMatchObject({
      turn_type: 'interaction',
      attribute: 'tuong_tac_thuoc',
      drugs: ['clopidogrel', 'omeprazol'],
    });
    expect(pairWithConversationDrugs(keep, { ...prior, drugs: ['clopidogrel'] }, false, false)).toBe(keep);
  });

  it('without words of taking them together, the new drug’s own interactions are asked', () => {
    expect(pairWithConversationDrugs(asked, prior, false)).toBe(asked);
  });

  it('never pairs with a drug from an animal’s turn, a greeting, or the same drug', () => {
    expect(pairWithConversationDrugs(asked, { ...prior, non_human: true }, true)).toBe(asked);
    expect(pairWithConversationDrugs(asked, { ...prior, turn_type: 'smalltalk' }, true)).toBe(asked);
    expect(pairWithConversationDrugs(asked, { ...prior, drugs: ['amoxicillin'] }, true)).toBe(asked);
    const dose = { ...asked, attribute: 'lieu_luong_cach_dung' as const };
    expect(pairWithConversationDrugs(dose, prior, true)).toBe(dose);
  });
});

describe('frameAfterReply: a list of one drug makes it the conversation’s', () => {
  const listAsked = emptyFrame({
    turn_type: 'condition_to_drug',
    condition: 'sốt',
    condition_relation: 'INDICATION',
    population: 'adult',
    patient: { pregnant: true, lactating: false, renal: null, hepatic: null, comorbidities: [], allergies: [] },
  });

  it('one drug listed: a follow-up without a name asks about it, for the same patient', () => {
    const remembered = frameAfterReply(listAsked, { reason: 'drug_list', drugs: ['paracetamol'] })!;
    expect(remembered).toMatchObject({ turn_type: 'drug_attribute', drugs: ['paracetamol'] });
    const next = mergeWithPriorFrame(
      emptyFrame({ follow_up: true, turn_type: 'dosing_calc', attribute: 'lieu_luong_cach_dung' }),
      remembered,
    );
    expect(next).toMatchObject({ drugs: ['paracetamol'], turn_type: 'dosing_calc', population: 'adult' });
    expect(next.patient.pregnant).toBe(true);
  });

  it('"còn thuốc nào khác ko?" after it asks the list again, for the condition asked before', () => {
    const remembered = frameAfterReply(listAsked, { reason: 'drug_list', drugs: ['paracetamol'] })!;
    const again = mergeWithPriorFrame(emptyFrame({ turn_type: 'condition_to_drug' }), remembered);
    expect(again).toMatchObject({ turn_type: 'condition_to_drug', condition: 'sốt', drugs: [] });
    // a drug's own indication asked (not a list) leaves a condition question without one as it was
    const own = emptyFrame({ turn_type: 'drug_attribute', drugs: ['paracetamol'], attribute: 'chi_dinh' });
    expect(mergeWithPriorFrame(emptyFrame({ turn_type: 'condition_to_drug' }), own).condition).toBeNull();
  });

  it('"còn <another condition> thì sao?" after it asks the list for that condition, never the listed drug', () => {
    const remembered = frameAfterReply(listAsked, { reason: 'drug_list', drugs: ['paracetamol'] })!;
    const other = emptyFrame({ turn_type: 'drug_attribute', follow_up: true, condition: 'viêm mũi dị ứng' });
    const next = mergeWithPriorFrame(other, remembered);
    expect(next).toMatchObject({ turn_type: 'condition_to_drug', condition: 'viêm mũi dị ứng', drugs: [] });
    expect(next.patient.pregnant).toBe(true);
    // after a question about a drug nobody listed, a condition is that drug's follow-up as before
    const asked = emptyFrame({ turn_type: 'drug_attribute', drugs: ['paracetamol'], attribute: 'than_trong' });
    expect(mergeWithPriorFrame(other, asked)).toMatchObject({ drugs: ['paracetamol'] });
  });

  it('none, another reply or another question: the memory is as it was', () => {
    expect(frameAfterReply(listAsked, { reason: 'drug_list', drugs: [] })).toBe(listAsked);
    expect(frameAfterReply(listAsked, { reason: 'no_evidence', drugs: ['paracetamol'] })).toBe(listAsked);
    const dose = emptyFrame({ turn_type: 'dosing_calc', drugs: ['ibuprofen'] });
    expect(frameAfterReply(dose, { reason: 'drug_list', drugs: ['paracetamol'] })).toBe(dose);
    expect(frameAfterReply(null, { reason: 'drug_list', drugs: ['paracetamol'] })).toBeNull();
  });
});

describe('a drug a list named, asked next, is asked for what the list was for', () => {
  const listAsked = emptyFrame({
    turn_type: 'condition_to_drug',
    condition: 'diệt helicobacter pylori',
    population: 'adult',
  });
  const listed = frameAfterReply(listAsked, { reason: 'drug_list', drugs: ['omeprazol', 'metronidazol'] })!;
  const dose = (drug: string) =>
    emptyFrame({ turn_type: 'dosing_calc', attribute: 'lieu_luong_cach_dung', drugs: [drug], route: 'uong' });
  it('carries the condition to a listed drug’s question, never to another drug’s or over one the turn names', () => {
    expect(mergeWithPriorFrame(dose('metronidazol'), listed).condition).toBe('diệt helicobacter pylori');
    expect(mergeWithPriorFrame(dose('paracetamol'), listed).condition).toBeNull();
    const own = { ...dose('metronidazol'), condition: 'lỵ amip' };
    expect(mergeWithPriorFrame(own, listed).condition).toBe('lỵ amip');
    // a list of one drug, remembered as that drug's question
    const one = frameAfterReply(listAsked, { reason: 'drug_list', drugs: ['metronidazol'] })!;
    expect(mergeWithPriorFrame(dose('metronidazol'), one).condition).toBe('diệt helicobacter pylori');
  });
});

describe('a list of several: remembered in the order shown and offered, never picked by place', () => {
  const listAsked = emptyFrame({ turn_type: 'condition_to_drug', condition: 'viêm mũi dị ứng', population: 'adult' });
  const listed = frameAfterReply(listAsked, {
    reason: 'drug_list',
    drugs: ['cetirizin', 'loratadin', 'dexamethason'],
  })!;
  const doseAsked = emptyFrame({ follow_up: true, turn_type: 'dosing_calc', attribute: 'lieu_luong_cach_dung' });
  const nameOf = (id: string) => id.toUpperCase();

  it('remembers the drugs listed, and nothing else changes', () => {
    expect(listed).toEqual({ ...listAsked, listed: ['cetirizin', 'loratadin', 'dexamethason'] });
  });

  it('a follow-up naming no drug asks which of them, offering them as quick replies', () => {
    const next = referToListed(doseAsked, listed);
    expect(next.drugs).toEqual([]);
    const r = route('người lớn thì liều sao?', mergeWithPriorFrame(next, listed), nameOf);
    expect(r.kind === 'reply' && r.reply.reason).toBe('no_drug');
    expect(r.kind === 'reply' && r.reply.quick_replies).toEqual(['CETIRIZIN', 'LORATADIN', 'DEXAMETHASON']);
  });

  it.each(['thuốc đầu tiên liều sao?', 'cái thứ 2 liều người lớn?', 'thuoc cuoi cung dung sao'])(
    '"%s": a place in the list is asked, never picked (the order shown is the writer’s)',
    (text) => {
      const next = referToListed(doseAsked, listed);
      expect(next.drugs).toEqual([]);
      const r = route(text, mergeWithPriorFrame(next, listed), nameOf);
      expect(r.kind === 'reply' && r.reply.reason).toBe('no_drug');
    },
  );

  it('a drug named, no list, or an animal’s list: nothing is carried', () => {
    const named = { ...doseAsked, drugs: ['paracetamol'] };
    expect(referToListed(named, listed)).toBe(named);
    expect(referToListed(doseAsked, listAsked).listed).toEqual([]);
    expect(referToListed(doseAsked, { ...listed, non_human: true }).listed).toEqual([]);
  });

  it('without a list of several, a follow-up naming no drug asks for a name with no offer', () => {
    const r = route('liều sao?', mergeWithPriorFrame(doseAsked, listAsked), nameOf);
    expect(r.kind === 'reply' && r.reply.quick_replies).toEqual([]);
  });
});

describe('a patient state told after a list: the same list for the patient as now told', () => {
  const listAsked = emptyFrame({
    turn_type: 'condition_to_drug',
    condition: 'tăng huyết áp',
    population: 'adult',
    age_text: '32 tuổi',
  });
  it('"nếu bn đang bầu 14 tuần thì sao?" asks the list again, with the pregnancy', () => {
    const turn = emptyFrame({
      follow_up: true,
      attribute: 'thoi_ky_mang_thai',
      patient: { pregnant: true, lactating: false, renal: null, hepatic: null, comorbidities: [], allergies: [] },
    });
    const m = mergeWithPriorFrame(turn, listAsked);
    expect(m).toMatchObject({ turn_type: 'condition_to_drug', condition: 'tăng huyết áp', age_text: '32 tuổi' });
    expect(m.patient.pregnant).toBe(true);
  });
  it('a dose asked, a drug named or nothing new about the patient is not the list again', () => {
    const dose = emptyFrame({ follow_up: true, turn_type: 'dosing_calc', attribute: 'lieu_luong_cach_dung' });
    expect(mergeWithPriorFrame(dose, listAsked).turn_type).toBe('dosing_calc');
    const same = emptyFrame({ follow_up: true, attribute: 'thoi_ky_mang_thai' });
    expect(mergeWithPriorFrame(same, listAsked).turn_type).not.toBe('condition_to_drug');
  });
});

describe('"vậy thuốc nào dùng đc?" after a list: which drugs, for the condition asked before', () => {
  const listAsked = emptyFrame({ turn_type: 'condition_to_drug', condition: 'tăng huyết áp', population: 'adult' });
  it('carries the condition into a condition question that names none, with the new patient fact', () => {
    const turn = emptyFrame({
      turn_type: 'condition_to_drug',
      patient: { ...listAsked.patient, comorbidities: ['tăng kali máu'] },
    });
    const m = mergeWithPriorFrame(turn, listAsked);
    expect(m).toMatchObject({ turn_type: 'condition_to_drug', condition: 'tăng huyết áp', population: 'adult' });
    expect(m.patient.comorbidities).toEqual(['tăng kali máu']);
  });
  it('a condition named now, or no condition before, carries nothing', () => {
    const named = emptyFrame({ turn_type: 'condition_to_drug', condition: 'gút cấp' });
    expect(mergeWithPriorFrame(named, listAsked).condition).toBe('gút cấp');
    const dose = emptyFrame({ turn_type: 'condition_to_drug' });
    expect(
      mergeWithPriorFrame(dose, emptyFrame({ turn_type: 'drug_attribute', drugs: ['paracetamol'] })).condition,
    ).toBeNull();
  });
});

describe('a condition the patient also has, told after a list: a comorbidity for the list asked before', () => {
  const listAsked = emptyFrame({ turn_type: 'condition_to_drug', condition: 'thoái hóa khớp', population: 'elderly' });
  const told = emptyFrame({ turn_type: 'condition_to_drug', condition: 'suy tim' });
  it('"còn bị suy tim …, thuốc nào dùng được?" keeps the list’s condition, with heart failure as the patient’s', () => {
    const m = mergeWithPriorFrame(asComorbidity(told, listAsked, true), listAsked);
    expect(m).toMatchObject({ turn_type: 'condition_to_drug', condition: 'thoái hóa khớp', population: 'elderly' });
    expect(m.patient.comorbidities).toEqual(['suy tim']);
  });
  it('not said as one the patient also has, no list before, or a drug named: a list for the condition named', () => {
    expect(mergeWithPriorFrame(asComorbidity(told, listAsked, false), listAsked).condition).toBe('suy tim');
    const dose = emptyFrame({ turn_type: 'drug_attribute', drugs: ['paracetamol'] });
    expect(asComorbidity(told, dose, true)).toBe(told);
    const named = { ...told, drugs: ['digoxin'] };
    expect(asComorbidity(named, listAsked, true)).toBe(named);
  });
});

describe('another person named: nothing said of the first patient carries', () => {
  it('"vợ bn …" starts a new patient (no allergy, age or pregnancy carried); the same patient keeps them', () => {
    const prior = emptyFrame({
      turn_type: 'condition_to_drug',
      condition: 'viêm niệu đạo do chlamydia',
      population: 'adult',
      age_text: '35 tuổi',
      patient: { ...emptyFrame().patient, allergies: ['erythromycin'] },
    });
    const turn = emptyFrame({ turn_type: 'condition_to_drug', condition: 'chlamydia', follow_up: true });
    expect(mergeWithPriorFrame(turn, prior, false)).toMatchObject({ age_text: null, patient: { allergies: [] } });
    expect(mergeWithPriorFrame(turn, prior, true).patient.allergies).toEqual(['erythromycin']);
  });
});

describe('a turn that only tells, right after a list: the same list for the patient as now told', () => {
  const listAsked = emptyFrame({ turn_type: 'condition_to_drug', condition: 'thoái hóa khớp', population: 'elderly' });
  const told = emptyFrame({ turn_type: 'drug_attribute' });
  it('goes on with the list when the turn asks nothing and names no drug', () => {
    const m = mergeWithPriorFrame(toldAfterList(told, listAsked, true), listAsked);
    expect(m).toMatchObject({ turn_type: 'condition_to_drug', condition: 'thoái hóa khớp', population: 'elderly' });
  });
  it('a question, a drug named, or no list before: left as it is', () => {
    expect(toldAfterList(told, listAsked, false)).toBe(told);
    const named = { ...told, drugs: ['paracetamol'] };
    expect(toldAfterList(named, listAsked, true)).toBe(named);
    const dose = emptyFrame({ turn_type: 'drug_attribute', drugs: ['paracetamol'] });
    expect(toldAfterList(told, dose, true)).toBe(told);
  });
});

describe('a dose asked after another question about the same drug: the dosing gate sees it', () => {
  it('"xịt mấy nhát?" after "cách nào xịt cho đúng" is a dose to work out, for the child told before', () => {
    const prior = emptyFrame({
      turn_type: 'drug_attribute',
      drugs: ['salbutamol'],
      attribute: 'lieu_luong_cach_dung',
      population: 'pediatric',
      age_text: '7 tuổi',
    });
    const dose = emptyFrame({ turn_type: 'dosing_calc', attribute: 'lieu_luong_cach_dung', follow_up: true });
    const m = mergeWithPriorFrame(dose, prior);
    expect(m).toMatchObject({ turn_type: 'dosing_calc', drugs: ['salbutamol'], age_text: '7 tuổi', weight_kg: null });
    const routed = route('vậy bé xịt mấy nhát', m, () => 'Salbutamol');
    expect(routed.kind === 'reply' && routed.reply.reason).toBe('missing_pediatric_age_or_weight');
  });
});

describe('doseAsked: a dose, or how to give it, read from the user’s words', () => {
  const merged = emptyFrame({ turn_type: 'dosing_calc', drugs: ['metformin'], attribute: 'lieu_luong_cach_dung' });
  it('"thuốc đó uống lúc nào, trước hay sau ăn?" after a list is how to take it, not a dose to work out', () => {
    expect(doseAsked(merged, false, true).turn_type).toBe('drug_attribute');
    // an amount asked beside it stays a dose
    expect(doseAsked(merged, true, true).turn_type).toBe('dosing_calc');
    expect(doseAsked(merged, false, false).turn_type).toBe('dosing_calc');
  });
  it('an amount asked is a dose whatever turn type the understanding gave', () => {
    const asked = { ...merged, turn_type: 'drug_attribute' as const };
    expect(doseAsked(asked, true).turn_type).toBe('dosing_calc');
    expect(doseAsked({ ...asked, attribute: 'chong_chi_dinh' as const }, true).turn_type).toBe('drug_attribute');
    // an amount beside a precaution read from the patient's state ("nghiện rượu … uống max mấy g/ngày") is the dose
    expect(doseAsked({ ...asked, attribute: 'than_trong' as const }, true)).toMatchObject({
      turn_type: 'dosing_calc',
      attribute: 'lieu_luong_cach_dung',
    });
  });
});

describe('an effect asked of the nursed child is the breastfeeding section’s question', () => {
  const lactating = { ...emptyFrame().patient, lactating: true };
  const effects = emptyFrame({ drugs: ['cetirizin'], attribute: 'tac_dung_khong_mong_muon', patient: lactating });
  it('"có làm bé buồn ngủ ko" for a breastfeeding mother asks the breastfeeding section', () => {
    expect(asNursedChildQuestion(effects, true).attribute).toBe('thoi_ky_cho_con_bu');
  });
  it('not breastfeeding, not asked of the child, or a dose: left as asked', () => {
    expect(asNursedChildQuestion(effects, false)).toBe(effects);
    const notNursing = { ...effects, patient: emptyFrame().patient };
    expect(asNursedChildQuestion(notNursing, true)).toBe(notNursing);
    const dose = { ...effects, turn_type: 'dosing_calc' as const, attribute: 'lieu_luong_cach_dung' as const };
    expect(asNursedChildQuestion(dose, true)).toBe(dose);
  });
});
