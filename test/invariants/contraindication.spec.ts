import fc from 'fast-check';
import {
  EMPTY_PATIENT,
  UNKNOWN_SEVERITY,
  type EvidencePart,
  type PatientContext,
  type PatientSeverity,
  type SectionKey,
} from '@app/contracts';
import { CONTRA_SECTIONS, contraindicationsFor } from '@app/formulary';
import { index } from '../support/simulate';

/**
 * Issue 16, rule 2: a condition → drug list for a patient never lists a drug whose own text
 * contraindicates it for that patient's state, or may (the words do not say the trimester or the
 * severity it needs); a clause about a pairing or one that denies a contraindication never keeps a
 * drug off; a state known to lie outside the clause's scope never does either. Every reason quoted
 * is the formulary's own words. Clauses are generated from phrasings a monograph uses, with other
 * contraindications around them, in either section that states them.
 */
type State = 'pregnant' | 'trimester3' | 'lactating' | 'renal30' | 'renal10' | 'hepatic';

const PHRASES: Record<State, { section: SectionKey; text: string }[]> = {
  pregnant: [
    { section: 'chong_chi_dinh', text: 'Phụ nữ có thai.' },
    { section: 'chong_chi_dinh', text: 'Phụ nữ mang thai và phụ nữ đang cho con bú.' },
    { section: 'chong_chi_dinh', text: 'Phụ nữ có thai (xem mục Thời kỳ mang thai).' },
    { section: 'thoi_ky_mang_thai', text: 'Chống chỉ định trong thời kỳ mang thai.' },
    { section: 'thoi_ky_mang_thai', text: 'Không dùng thuốc này trong thời kỳ mang thai.' },
  ],
  trimester3: [
    { section: 'chong_chi_dinh', text: 'Ba tháng cuối của thai kỳ.' },
    { section: 'chong_chi_dinh', text: '3 tháng cuối thai kỳ.' },
    { section: 'thoi_ky_mang_thai', text: 'Ba tháng cuối thai kỳ: chống chỉ định vì nguy cơ cho thai.' },
  ],
  lactating: [
    { section: 'chong_chi_dinh', text: 'Phụ nữ đang cho con bú.' },
    { section: 'thoi_ky_cho_con_bu', text: 'Chống chỉ định trong thời kỳ cho con bú.' },
    { section: 'thoi_ky_cho_con_bu', text: 'Do nguy cơ cho trẻ, không dùng thuốc này khi đang cho con bú.' },
  ],
  renal30: [
    { section: 'chong_chi_dinh', text: 'Suy thận nặng.' },
    { section: 'chong_chi_dinh', text: 'Suy thận nặng (eGFR < 30 ml/phút/1,73 m²).' },
    { section: 'chong_chi_dinh', text: 'Suy gan nặng, suy thận nặng.' },
  ],
  renal10: [
    { section: 'chong_chi_dinh', text: 'Suy thận giai đoạn cuối với độ thanh thải creatinin dưới 10 ml/phút.' },
  ],
  hepatic: [
    { section: 'chong_chi_dinh', text: 'Suy gan nặng.' },
    { section: 'chong_chi_dinh', text: 'Suy tim nặng, suy gan nặng, suy thận nặng.' },
  ],
};

const OTHERS = [
  'Quá mẫn với thuốc hoặc bất kỳ thành phần nào của chế phẩm.',
  'Loét dạ dày tá tràng tiến triển.',
  'Trẻ em dưới 2 tuổi.',
];

type Who = [Partial<PatientContext>, Partial<PatientSeverity>];
const who = (p: Partial<PatientContext>, s: Partial<PatientSeverity> = {}): Who => [p, s];

/** A patient in the state, with a severity inside the clause's scope or unsaid. */
const INSIDE: Record<State, fc.Arbitrary<Who>> = {
  pregnant: fc.constantFrom<1 | 2 | 3 | null>(1, 2, 3, null).map((t) => who({ pregnant: true }, { trimester: t })),
  trimester3: fc.constantFrom<3 | null>(3, null).map((t) => who({ pregnant: true }, { trimester: t })),
  lactating: fc.constant(who({ lactating: true }, {})),
  renal30: fc.oneof(
    fc.integer({ min: 0, max: 29 }).map((v) => who({ renal: `eGFR ${v}` }, { renal_range: [v, v] })),
    fc.constant(who({ renal: 'suy thận' }, {})),
    fc.constant(who({ renal: 'suy thận nặng' }, { renal_range: [0, 30] })),
  ),
  renal10: fc.oneof(
    fc.integer({ min: 0, max: 9 }).map((v) => who({ renal: `ClCr ${v}` }, { renal_range: [v, v] })),
    fc.constant(who({ renal: 'suy thận giai đoạn cuối' }, { renal_range: [0, 15] })),
  ),
  hepatic: fc
    .constantFrom<'severe' | null>('severe', null)
    .map((g) => who({ hepatic: 'xơ gan' }, { hepatic_grade: g })),
};

/** A patient in the state whose words put it outside the clause's scope. */
const OUTSIDE: Partial<Record<State, fc.Arbitrary<Who>>> = {
  trimester3: fc.constantFrom<1 | 2>(1, 2).map((t) => who({ pregnant: true }, { trimester: t })),
  renal30: fc.integer({ min: 30, max: 120 }).map((v) => who({ renal: `ClCr ${v}` }, { renal_range: [v, v] })),
  renal10: fc.integer({ min: 10, max: 120 }).map((v) => who({ renal: `ClCr ${v}` }, { renal_range: [v, v] })),
  hepatic: fc
    .constantFrom<'mild' | 'moderate'>('mild', 'moderate')
    .map((g) => who({ hepatic: 'xơ gan' }, { hepatic_grade: g })),
};

const STATES = Object.keys(PHRASES) as State[];

function partsWith(section: SectionKey, text: string, before: string[], after: string[]): EvidencePart[] {
  const base = index.section('paracetamol', 'chong_chi_dinh')[0];
  const mk = (s: SectionKey, t: string, n: number): EvidencePart => ({
    ...base,
    drug_id: 'thu_nghiem',
    section: s,
    doc_id: `thu_nghiem__${s}__${n}`,
    text: t,
  });
  return [
    ...before.map((t, i) => mk('chong_chi_dinh', t, i + 1)),
    mk(section, text, 50),
    ...after.map((t, i) => mk('chong_chi_dinh', t, i + 60)),
  ];
}

const patientOf = ([p, s]: Who) =>
  [
    { ...EMPTY_PATIENT, ...p },
    { ...UNKNOWN_SEVERITY, ...s },
  ] as const;

describe('invariant: a contraindication for the patient’s state keeps the drug off a list', () => {
  it('a clause naming the state, amid others, excludes the drug for any patient inside its scope or unsaid', () => {
    fc.assert(
      fc.property(
        fc
          .constantFrom(...STATES)
          .chain((st) => fc.tuple(fc.constant(st), fc.constantFrom(...PHRASES[st]), INSIDE[st])),
        fc.subarray(OTHERS),
        fc.subarray(OTHERS),
        ([, phrase, who], before, after) => {
          const [patient, severity] = patientOf(who);
          const found = contraindicationsFor(
            partsWith(phrase.section, phrase.text, before, after),
            patient,
            severity,
            null,
          );
          expect([phrase.text, who, found.some((f) => f.doc_id.endsWith('__50'))]).toEqual([phrase.text, who, true]);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('a state known to lie outside the clause’s scope, or a patient without the state, is never kept off by it', () => {
    const scoped = STATES.filter((s) => OUTSIDE[s]);
    fc.assert(
      fc.property(
        fc.constantFrom(...scoped).chain((st) => fc.tuple(fc.constantFrom(...PHRASES[st]), OUTSIDE[st]!)),
        ([phrase, who]) => {
          const [patient, severity] = patientOf(who);
          for (const p of [patient, EMPTY_PATIENT]) {
            const found = contraindicationsFor(partsWith(phrase.section, phrase.text, [], []), p, severity, null);
            expect([phrase.text, who, found]).toEqual([phrase.text, who, []]);
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('a pairing with another drug, or a clause that denies a contraindication, never keeps a drug off (even when the user names the state)', () => {
    const wrap = fc.constantFrom(
      (s: string) => `Phối hợp với aliskiren ở người bệnh ${s}.`,
      (s: string) => `Dùng đồng thời với thuốc ức chế CYP3A4 ở người ${s}.`,
      (s: string) => `Không chống chỉ định ở ${s}.`,
      (s: string) => `Không có chống chỉ định ở ${s}.`,
    );
    const named: [string, SectionKey, fc.Arbitrary<Who>][] = [
      ['phụ nữ có thai', 'thoi_ky_mang_thai', INSIDE.pregnant],
      ['suy thận', 'chong_chi_dinh', INSIDE.renal30],
      ['phụ nữ đang cho con bú', 'thoi_ky_cho_con_bu', INSIDE.lactating],
    ];
    fc.assert(
      fc.property(
        wrap,
        fc.constantFrom(...named).chain(([s, sec, who]) => fc.tuple(fc.constant(s), fc.constant(sec), who)),
        (w, [s, sec, who]) => {
          const [patient, severity] = patientOf(who);
          const text = w(s);
          expect([
            text,
            contraindicationsFor(partsWith(sec, text, [], []), patient, severity, null, `bn ${s}`),
          ]).toEqual([text, []]);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('over the whole corpus, every reason given is a clause of that drug’s own contraindication text', () => {
    const patients: [PatientContext, PatientSeverity][] = [
      [{ ...EMPTY_PATIENT, pregnant: true }, UNKNOWN_SEVERITY],
      [
        { ...EMPTY_PATIENT, pregnant: true },
        { ...UNKNOWN_SEVERITY, trimester: 3 },
      ],
      [{ ...EMPTY_PATIENT, lactating: true }, UNKNOWN_SEVERITY],
      [{ ...EMPTY_PATIENT, renal: 'suy thận' }, UNKNOWN_SEVERITY],
      [
        { ...EMPTY_PATIENT, renal: 'ClCr 8' },
        { ...UNKNOWN_SEVERITY, renal_range: [8, 8] },
      ],
      [
        { ...EMPTY_PATIENT, hepatic: 'xơ gan' },
        { ...UNKNOWN_SEVERITY, hepatic_grade: 'severe' },
      ],
      [{ ...EMPTY_PATIENT, comorbidities: ['suy tim', 'hen'] }, UNKNOWN_SEVERITY],
    ];
    let reasons = 0;
    for (const drug of index.corpus.drugs)
      for (const [patient, severity] of patients) {
        const parts = CONTRA_SECTIONS.flatMap((s) => index.section(drug.drug_id, s));
        for (const f of contraindicationsFor(parts, patient, severity, null)) {
          reasons++;
          const part = index.part(f.doc_id);
          expect([f.doc_id, part?.drug_id, CONTRA_SECTIONS.includes(f.section), part?.text.includes(f.quote)]).toEqual([
            f.doc_id,
            drug.drug_id,
            true,
            true,
          ]);
        }
      }
    // the corpus does contraindicate drugs for these states: the check ran over real findings
    expect(reasons).toBeGreaterThan(20);
  });

  it('a clause headed by a dosage form is found for the state and scoped to that form’s routes only', () => {
    const FORMS: [string, string[]][] = [
      ['Dạng tiêm', ['tiem_tinh_mach', 'truyen_tinh_mach', 'tiem_bap', 'tiem_duoi_da']],
      ['Dạng tiêm tĩnh mạch', ['tiem_tinh_mach', 'truyen_tinh_mach']],
      ['Dạng uống', ['uong']],
      ['Dạng đặt trực tràng', ['dat_truc_trang']],
    ];
    fc.assert(
      fc.property(
        fc.constantFrom(...FORMS),
        fc.constantFrom(...STATES).chain((st) => fc.tuple(fc.constantFrom(...PHRASES[st]), INSIDE[st])),
        fc.subarray(OTHERS),
        ([form, routes], [phrase, who], before) => {
          fc.pre(phrase.section === 'chong_chi_dinh');
          const [patient, severity] = patientOf(who);
          const text = `${form}: ${phrase.text.charAt(0).toLowerCase()}${phrase.text.slice(1)}`;
          const found = contraindicationsFor(partsWith('chong_chi_dinh', text, before, []), patient, severity, null);
          const scoped = found.find((f) => f.doc_id.endsWith('__50'));
          // found, and scoped to the form's routes: the retrieval hop then lists a drug given in another form
          expect([text, scoped?.routes]).toEqual([text, routes]);
          // a clause without a form heading speaks of every form
          const plain = contraindicationsFor(
            partsWith('chong_chi_dinh', phrase.text, before, []),
            patient,
            severity,
            null,
          );
          expect(plain.find((f) => f.doc_id.endsWith('__50'))?.routes).toBeNull();
        },
      ),
      { numRuns: 200 },
    );
  });
});
