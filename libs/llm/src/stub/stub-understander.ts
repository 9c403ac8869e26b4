import { emptyFrame, type ConversationLine, type QueryFrame, type SectionKey } from '@app/contracts';
import {
  allergyMentions,
  expandCondition,
  expandShorthand,
  INTAKE_CUES,
  LACTATION_CUES,
  NON_CLINICAL_CUES,
  normalize,
  parseAge,
  parseHepatic,
  parseRenal,
  parseRoute,
  parseWeightKg,
  PhraseSet,
  populationCue,
  populationOfAge,
  PREGNANCY_CUES,
  routeSections,
  syllables,
  UNIT_COUNT_CUES,
  words,
  type DrugResolver,
  type Word,
} from '@app/formulary';
import type { Understander } from '../providers';

/** Accented phrases, matched diacritics-aware: a word typed with marks says only itself. */
const P = {
  interaction: new PhraseSet([
    'tương tác',
    'dùng chung',
    'phối hợp',
    'uống cùng',
    'dùng cùng',
    'kết hợp',
    'chung với',
    'uống chung',
    'dùng kèm',
    'cùng với',
    'uống kèm',
    'kê thêm',
  ]),
  doseAsked: new PhraseSet([
    'liều bao nhiêu',
    'liều thế nào',
    'liều dùng bao nhiêu',
    'bao nhiêu mg',
    'uống bao nhiêu',
    'dùng bao nhiêu',
    'tiêm bao nhiêu',
    'truyền bao nhiêu',
    'liều khởi đầu',
    'liều tối đa',
    'liều mấy',
  ]),
  dosing: new PhraseSet([
    'liều',
    'liều dùng',
    'liều lượng',
    'bao nhiêu mg',
    'uống bao nhiêu',
    'dùng bao nhiêu',
    'tiêm bao nhiêu',
    'truyền bao nhiêu',
    'mấy lần',
    'bao nhiêu lần',
  ]),
  overview: new PhraseSet(['phần liều', 'mục liều', 'toàn bộ', 'tất cả', 'đầy đủ', 'cả mục', 'phần', 'mục']),
  smalltalk: new PhraseSet([
    'xin chào',
    'chào',
    'hello',
    'hi',
    'cảm ơn',
    'cám ơn',
    'cảm ơn bạn',
    'tạm biệt',
    'thanks',
    'thank you',
    'alo',
  ]),
  whichDrug: new PhraseSet([
    'thuốc nào',
    'thuốc gì',
    'những thuốc',
    'các thuốc',
    'loại thuốc',
    'nên dùng thuốc',
    'dùng thuốc gì',
    'uống thuốc gì',
    'kháng sinh nào',
    'kháng sinh gì',
    'dùng gì',
    'uống gì',
    'danh sách thuốc',
  ]),
  injection: new PhraseSet([
    'bỏ qua hướng dẫn',
    'bỏ qua mọi',
    'bỏ qua các',
    'bỏ qua quy tắc',
    'ignore previous',
    'ignore all',
    'ignore the',
    'ignore your',
    'system prompt',
    'đóng vai',
    'bạn là một',
    'từ giờ bạn',
    'quên đi',
    'jailbreak',
    'developer mode',
    'prompt',
    'hướng dẫn trước',
    'quy tắc trước',
    'you are now',
    'no rules',
    'your rules',
    'without any citations',
    'chế độ nhà phát triển',
    'cơ sở dữ liệu',
    'in toàn bộ',
    'system',
  ]),
  vague: new PhraseSet([
    'thuốc này',
    'thuốc đó',
    'thuốc kia',
    'thuốc ấy',
    'thuốc mà',
    'cái thuốc',
    'cái này',
    'cái đó',
    'loại này',
    'loại đó',
  ]),
  medical: new PhraseSet([
    'thuốc',
    'bệnh',
    'đau',
    'sốt',
    'ho',
    'viên',
    'uống',
    'tiêm',
    'điều trị',
    'triệu chứng',
    'khám',
    'bác sĩ',
    'dược',
    'liều',
    'mg',
    'kg',
    'tuổi',
    'nhiễm',
    'viêm',
    'huyết áp',
    'tiểu đường',
    'bệnh nhân',
    'người bệnh',
    'kháng sinh',
    'dị ứng',
  ]),
  followUp: new PhraseSet(['còn', 'thế còn', 'vậy còn', 'thế thì', 'còn với', 'thì sao']),
  contra: new PhraseSet(['chống chỉ định']),
  caution: new PhraseSet(['thận trọng', 'cẩn thận']),
  causes: new PhraseSet(['gây', 'gây ra', 'tác dụng phụ', 'làm kéo dài', 'làm tăng nguy cơ', 'dễ gây']),
  /** "quán cơm gần bệnh viện": the hospital as a place is not a medical question. */
  hospital: new PhraseSet(['bệnh viện']),
  /** "có dùng X được không": whether the drug may be used at all. */
  mayUse: /(?:^| )(?:co|duoc) (?:dung|uong|tiem) (?:\S+ ){1,4}duoc (?:khong|ko|k)(?: |$)/,
};

const SYMPTOMS = [
  'sot',
  'dau',
  'ho',
  'buon non',
  'non',
  'ngua',
  'mat ngu',
  'tieu chay',
  'tao bon',
  'dau dau',
  'dau bung',
  'kho tho',
  'co giat',
  'phu',
  'met moi',
  'chong mat',
  'non oi',
];
/** Umbrella terms too broad to list drugs for: ask which condition. */
const VAGUE_CONDITIONS = [
  'benh',
  'benh tim',
  'tim',
  'benh phoi',
  'viem',
  'nhiem trung',
  'benh man tinh',
  'benh gan',
  'benh than',
  'ung thu',
];
/** Words that point back ("bệnh đó", unaccented "benh do") rather than name a condition. */
const DEMONSTRATIVES = ['này', 'nay', 'đó', 'do', 'đấy', 'day', 'ấy', 'ay', 'kia', 'nọ', 'no'];
/** Words that can follow "trị/chữa" without naming a condition ("trị được", "chữa được"). */
const LEADING_PARTICLES = ['được', 'duoc', 'dc', 'đc'];
/** Words that close a question without naming a condition ("…không bạn", "…nhé"). */
const TRAILING_PARTICLES = [
  'bạn',
  'ban',
  'ạ',
  'à',
  'a',
  'nhé',
  'nhe',
  'ha',
  'hả',
  'ko',
  'k',
  'hông',
  'hong',
  'chưa',
  'chua',
  'vậy',
  'vay',
  'không',
  'khong',
  'được',
  'duoc',
];
/** Words about the patient, not the condition: stripped before a condition is read from a sentence. */
const PATIENT_WORDS = new PhraseSet([
  'tôi',
  'em',
  'mình',
  'con tôi',
  'con em',
  'bé',
  'cháu',
  'mẹ tôi',
  'bố tôi',
  'vợ tôi',
  'chồng tôi',
  'mẹ',
  'bố',
  'vợ',
  'chồng',
  'ông',
  'bà',
  'anh',
  'chị',
  'bệnh nhân',
  'người bệnh',
  'đang',
  'hiện',
  'bị',
  'mắc',
  'thì',
  'nên',
  'được',
  'và',
  'kèm',
  'nhưng',
  'mà',
  'lại',
  'cũng',
  'mới',
  'vừa',
  'khi',
  'nữ',
  'nam',
]);
/** Kidney and liver facts: the patient's context when another condition is named. */
const ORGAN_FACTS = new PhraseSet([
  'suy thận',
  'suy thận mạn',
  'suy thận nặng',
  'bệnh thận',
  'chức năng thận',
  'lọc máu',
  'chạy thận',
  'suy gan',
  'xơ gan',
  'bệnh gan',
  'chức năng gan',
  'độ thanh thải creatinin',
  'egfr',
  'clcr',
  'crcl',
]);
/** Units after a number: the number and its unit are the patient's, never the condition. */
const AGE_WEIGHT_UNITS = new Set(['tuoi', 'thang', 'tuan', 'ngay', 'kg', 'ky', 'ki', 'ml', 'phut', 'p', 'ph', 'min']);
/** An allergy cue: with its allergen it is the patient's context. */
const ALLERGY_CUE = '(?:dị ứng|di ung|quá mẫn|qua man)(?:\\s+với|\\s+voi)?(?:\\s+thuốc|\\s+thuoc)?';
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Section names that contain a patient cue. */
const SECTION_NAMES = new PhraseSet(['thời kỳ mang thai', 'thời kỳ cho con bú']);
/** A "condition" longer than this is a sentence, not a condition: ask which condition instead. */
const MAX_CONDITION_WORDS = 6;

/** Drug classes a stated allergy can name ("dị ứng penicilin", "dị ứng nhóm NSAID"). */
const ALLERGY_CLASSES = new PhraseSet([
  'penicilin',
  'penicillin',
  'beta lactam',
  'betalactam',
  'cephalosporin',
  'cefalosporin',
  'sulfa',
  'sulfamid',
  'sulfonamid',
  'nsaid',
  'nsaids',
  'thuốc chống viêm không steroid',
  'chống viêm không steroid',
  'kháng viêm không steroid',
  'macrolid',
  'quinolon',
  'fluoroquinolon',
  'tetracyclin',
  'opioid',
  'opiat',
]);

/**
 * The offline understanding provider: a deterministic Vietnamese parser (accented or not,
 * ward shorthand expanded first). It extracts; the formulary resolver resolves drug names.
 */
export class StubUnderstander implements Understander {
  private readonly conditions: { folded: string; display: string }[];

  constructor(
    private readonly resolver: DrugResolver,
    /** Indication heads known to the formulary ("tăng huyết áp", "bệnh gút", ...). */
    conditionVocabulary: string[],
  ) {
    const seen = new Set<string>();
    this.conditions = [];
    for (const c of conditionVocabulary) {
      const folded = syllables(c).join(' ');
      // a one-word head that is neither a symptom nor an umbrella term ("kèm") is a fragment of a heading, not a condition
      const fragment = !folded.includes(' ') && !SYMPTOMS.includes(folded) && !VAGUE_CONDITIONS.includes(folded);
      if (folded && !fragment && !seen.has(folded)) {
        seen.add(folded);
        this.conditions.push({ folded, display: normalize(c) });
      }
    }
    this.conditions.sort((a, b) => b.folded.length - a.folded.length);
  }

  async understand(turn: string, _history: ConversationLine[], _prior: QueryFrame | null): Promise<QueryFrame> {
    return this.parse(turn);
  }

  /** The turn as the parser reads it: ward shorthand expanded. */
  expand(turn: string): string {
    return expandShorthand(turn, (t) => this.resolver.isDrugName(t));
  }

  parse(turn: string): QueryFrame {
    const text = this.expand(turn);
    const ws = words(text);
    const s = ` ${ws.map((w) => w.folded).join(' ')} `;
    const mentions = this.resolver.findMentions(text);
    const drugs = [...new Set(mentions.flatMap((m) => (m.resolution ? [m.resolution.drug_id] : [])))];
    const outside = [...new Set(mentions.flatMap((m) => (m.reading.kind === 'outside' ? [m.reading.name] : [])))];
    const sections = routeSections(text);
    const has = (set: PhraseSet) => set.has(ws);
    // "có dùng tramadol được không": whether the drug may be used at all is the contraindications question
    if (!sections.length && drugs.length > 0 && !has(P.dosing) && P.mayUse.test(s.trim()))
      sections.push('chong_chi_dinh');
    // In "which drug treats X" a foreign word is a medical term (lipid, Helicobacter), not a drug;
    // outside any drug-question context (code, prices, chatter) it is not a drug either.
    const conditionQuestion =
      drugs.length === 0 &&
      outside.length === 0 &&
      has(P.whichDrug) &&
      !has(P.interaction) &&
      (!sections.length || sections[0] === 'chi_dinh');
    const drugContext = has(P.medical) || sections.length > 0 || has(P.interaction) || has(P.followUp);
    const typedUnknown = mentions.filter((m) => m.reading.kind === 'unknown').map((m) => m.text);
    const unknown = conditionQuestion || !drugContext ? outside : [...outside, ...typedUnknown];
    const frame = emptyFrame({ drugs, unknown_drugs: unknown });

    // Slots: the patient, as the user's words say it (one reading, shared with the grounding of any model's frame)
    const age = parseAge(text);
    if (age) frame.age_text = age.text;
    frame.weight_kg = parseWeightKg(text);
    frame.population = populationCue(ws) ?? (age ? populationOfAge(age) : null);
    const routes = parseRoute(ws);
    frame.route = routes.route;
    frame.allowed_routes = routes.allowed;
    // "Thời kỳ mang thai" (a section's name, a quick reply) asks about the section, not about a pregnant patient
    const sectionName = SECTION_NAMES.find(ws);
    const outsideSectionName = (set: PhraseSet) =>
      set.find(ws).some((h) => !sectionName.some((n) => h.start >= n.start && h.start < n.start + n.length));
    frame.patient = {
      pregnant: outsideSectionName(PREGNANCY_CUES),
      lactating: outsideSectionName(LACTATION_CUES),
      renal: parseRenal(text)?.text ?? null,
      hepatic: parseHepatic(text),
      comorbidities: [],
      allergies: this.allergies(text),
    };

    // Intent
    const slots =
      frame.age_text !== null ||
      frame.weight_kg !== null ||
      frame.route !== null ||
      frame.population !== null ||
      frame.allowed_routes.length > 0;
    if (has(P.injection)) return { ...frame, turn_type: 'out_of_scope' };
    // price, purchase, insurance, law: not a clinical question, even about a formulary drug
    if (has(NON_CLINICAL_CUES)) return { ...frame, turn_type: 'out_of_scope' };

    if (drugs.length === 0 && unknown.length === 0 && (has(P.whichDrug) || conditionQuestion)) {
      const relation = this.reverseRelation(ws);
      if (relation)
        return {
          ...frame,
          turn_type: 'condition_relation',
          condition_relation: relation,
          condition: this.condition(text),
        };
      const condition = this.condition(text);
      const symptom = condition !== null && SYMPTOMS.includes(syllables(condition).join(' '));
      return {
        ...frame,
        turn_type: symptom ? 'symptom_to_drug' : 'condition_to_drug',
        condition: symptom ? null : condition,
        indication: symptom ? condition : null,
        condition_relation: 'INDICATION',
        condition_ambiguous: condition !== null && VAGUE_CONDITIONS.includes(syllables(condition).join(' ')),
        patient: { ...frame.patient, comorbidities: this.comorbidities(text, condition) },
      };
    }

    if (drugs.length === 0 && unknown.length === 0 && has(P.smalltalk) && !sections.length && !slots)
      return { ...frame, turn_type: 'smalltalk' };

    // Two drugs joined by a together-word ("uống X cùng Y", "X + Y") or named in one question
    // ("đang dùng X, kê thêm Y cần lưu ý gì") ask about the pair.
    const joined = drugs.length >= 2 && /[\p{L}\d]\s*\+\s*[\p{L}\d]/u.test(text);
    const interaction =
      has(P.interaction) ||
      joined ||
      (drugs.length >= 2 && (!sections.length || sections[0] === 'than_trong') && !has(P.dosing));
    // an accidental or excess intake is an overdose question, whatever the counts in it
    const intake = has(INTAKE_CUES);
    const unitCount = has(UNIT_COUNT_CUES);
    const dosing = !intake && (has(P.dosing) || unitCount || sections[0] === 'lieu_luong_cach_dung');
    let attribute: SectionKey | null = sections[0] ?? null;
    if (intake) attribute = 'qua_lieu_va_xu_tri';
    else if (interaction) attribute = 'tuong_tac_thuoc';
    else if (dosing && (!attribute || attribute === 'lieu_luong_cach_dung' || unitCount))
      attribute = 'lieu_luong_cach_dung';
    // "đang mang thai / cho con bú …, liều bao nhiêu?": the dose, with pregnancy or lactation as the patient's context
    else if (
      (has(P.doseAsked) || unitCount) &&
      (attribute === 'thoi_ky_mang_thai' || attribute === 'thoi_ky_cho_con_bu')
    )
      attribute = 'lieu_luong_cach_dung';
    frame.attribute = attribute;
    frame.is_section_overview = attribute !== null && has(P.overview) && !slots && !/ bao nhieu /.test(s);
    if (drugs.length) frame.patient.comorbidities = this.comorbidities(text, null);

    if (interaction && drugs.length >= 2) frame.turn_type = 'interaction';
    // a dose to work out ("liều", "bao nhiêu mg", "mấy viên", an age or a weight) — not "how to take it"
    else if (
      !intake &&
      ((attribute === 'lieu_luong_cach_dung' &&
        (has(P.dosing) ||
          unitCount ||
          frame.population !== null ||
          frame.age_text !== null ||
          frame.weight_kg !== null)) ||
        (drugs.length && attribute === null && (frame.age_text || frame.weight_kg !== null)))
    )
      frame.turn_type = 'dosing_calc';
    else frame.turn_type = 'drug_attribute';
    if (frame.turn_type === 'dosing_calc') frame.attribute = 'lieu_luong_cach_dung';

    // A turn with no drug that only adds slots or asks another section continues the conversation;
    // so does a bare drug name or "Còn X thì sao?" (the same question about another drug), and a
    // bare condition answering "which condition?".
    const namedCondition = drugs.length === 0 ? this.knownCondition(text) : null;
    frame.follow_up =
      (drugs.length === 0 &&
        unknown.length === 0 &&
        (slots ||
          attribute !== null ||
          has(P.followUp) ||
          has(PREGNANCY_CUES) ||
          has(LACTATION_CUES) ||
          frame.patient.renal !== null ||
          frame.patient.hepatic !== null ||
          namedCondition !== null)) ||
      (drugs.length > 0 && attribute === null && !interaction && frame.turn_type === 'drug_attribute');
    if (namedCondition && drugs.length === 0) frame.condition = namedCondition;
    if (drugs.length === 0 && unknown.length === 0 && has(P.vague)) {
      frame.needs_clarify = true;
      frame.clarify_reason = 'Bạn đang hỏi về thuốc nào? Hãy nêu tên hoạt chất.';
    }
    const medical = P.medical
      .find(ws)
      .some((h) => !P.hospital.find(ws).some((x) => h.start >= x.start && h.start < x.start + x.length));
    if (!frame.follow_up && drugs.length === 0 && unknown.length === 0 && !medical && !sections.length)
      frame.turn_type = 'out_of_scope';
    return frame;
  }

  private reverseRelation(ws: Word[]): QueryFrame['condition_relation'] {
    if (P.contra.has(ws)) return 'CONTRAINDICATION';
    if (P.caution.has(ws)) return 'CAUTION';
    if (P.causes.has(ws)) return 'ADVERSE_EFFECT';
    return null;
  }

  /** Drugs and drug classes named after an allergy word ("dị ứng penicilin", "quá mẫn với aspirin"). */
  private allergies(text: string): string[] {
    const out: string[] = [];
    for (const m of allergyMentions(text)) {
      const ws = words(m);
      const cls = ALLERGY_CLASSES.at(ws, ws[0]?.folded === 'nhom' ? 1 : 0);
      if (cls) out.push(cls.phrase);
      else {
        const drug = this.resolver.findMentions(m)[0];
        if (drug && drug.reading.kind !== 'unknown' && drug.reading.kind !== 'ambiguous')
          out.push(normalize(drug.text));
      }
    }
    return [...new Set(out)];
  }

  /** Formulary conditions named in the turn other than the one asked about: the patient's comorbidities. */
  private comorbidities(text: string, asked: string | null): string[] {
    const out: string[] = [];
    const askedFolded = asked ? syllables(asked).join(' ') : null;
    let rest = ` ${syllables(text).join(' ')} `;
    // the condition asked about, and every shorter name inside it, are not a comorbidity
    if (askedFolded) rest = rest.replace(` ${askedFolded} `, ' ');
    for (const c of this.conditions) {
      if (!c.folded.includes(' ') || VAGUE_CONDITIONS.includes(c.folded)) continue;
      if (!rest.includes(` ${c.folded} `)) continue;
      out.push(c.display);
      rest = rest.replace(` ${c.folded} `, ' ');
    }
    return out.slice(0, 5);
  }

  /** A formulary indication named in the turn (any synonym), or null. */
  private knownCondition(turn: string): string | null {
    for (const variant of expandCondition(turn))
      for (const c of this.conditions)
        if (c.folded.split(' ').length >= 2 && ` ${variant} `.includes(` ${c.folded} `)) return c.display;
    return null;
  }

  /**
   * The condition named in a "which drug for X" turn: a formulary indication if one matches,
   * else the words after the verb or before the question, with the patient's context (who,
   * pregnancy, age, kidney, allergy) taken out — the condition, not the sentence. A remainder
   * too long to be a condition names none: the router then asks which condition.
   */
  condition(turn: string): string | null {
    // an umbrella head ("viêm") is only the answer when nothing more specific is named ("viêm xoang")
    let umbrella: string | null = null;
    const clean = this.withoutPatient(turn);
    for (const variant of expandCondition(clean))
      for (const c of this.conditions)
        if (` ${variant} `.includes(` ${c.folded} `)) {
          if (!VAGUE_CONDITIONS.includes(c.folded)) return c.display;
          umbrella ??= c.display;
        }
    const ws = normalize(clean)
      .replace(/[?!.,;:]+/g, ' ')
      .split(' ')
      .filter(Boolean);
    const folded = ws.map((w) => syllables(w).join(' '));
    const accept = (rest: string[]): string | null => {
      while (rest.length && LEADING_PARTICLES.includes(rest[0])) rest.shift();
      while (rest.length && TRAILING_PARTICLES.includes(rest[rest.length - 1])) rest.pop();
      // "chữa bệnh đó / này / kia": a pointer back to a condition not named in this turn
      if (rest.length && rest.every((w) => DEMONSTRATIVES.includes(w))) return umbrella;
      if (!rest.length || rest.length > MAX_CONDITION_WORDS) return null;
      return rest.join(' ');
    };
    for (const verb of [
      'điều trị',
      'dieu tri',
      'chỉ định',
      'chi dinh',
      'trị',
      'tri',
      'chữa',
      'chua',
      'dùng cho',
      'dung cho',
    ]) {
      const vs = syllables(verb);
      for (let i = 0; i + vs.length <= folded.length; i++) {
        if (folded.slice(i, i + vs.length).join(' ') !== vs.join(' ')) continue;
        const rest = ws
          .slice(i + vs.length)
          .filter(
            (w) =>
              ![
                'bệnh',
                'benh',
                'không',
                'khong',
                'ạ',
                'a',
                'vậy',
                'vay',
                'nhỉ',
                'nhi',
                'là',
                'la',
                'gì',
                'gi',
                'nào',
                'nao',
                'thuốc',
                'thuoc',
              ].includes(w),
          );
        if (rest.length) return accept(rest) ?? umbrella;
      }
    }
    // "(bị) X (thì) dùng thuốc/kháng sinh nào": the clause before the question
    const before =
      /^(?:(?:người|nguoi|bệnh nhân|benh nhan)\s+)?(?:bị|bi)?\s*(.+?)\s+(?:thì\s+|thi\s+)?(?:nên\s+|nen\s+)?(?:dùng|dung|uống|uong)\s+(?:thuốc|thuoc|kháng sinh|khang sinh|gì|gi)/iu.exec(
        ws.join(' '),
      );
    return before ? (accept(before[1].trim().split(' ')) ?? umbrella) : umbrella;
  }

  /**
   * The turn with the patient's context removed: who, pregnancy, lactation, ages, weights and
   * allergies — and kidney or liver facts too, unless they are all the turn names (then they
   * are the condition asked about: "thuốc nào điều trị suy thận").
   */
  private withoutPatient(turn: string): string {
    let expanded = normalize(this.expand(turn));
    for (const a of this.allergies(expanded))
      expanded = expanded.replace(new RegExp(`${ALLERGY_CUE}(?:\\s+nhóm|\\s+nhom)?\\s+${escape(a)}`, 'giu'), ' ');
    const ws = words(expanded);
    const context = [...PREGNANCY_CUES.find(ws), ...LACTATION_CUES.find(ws), ...PATIENT_WORDS.find(ws)];
    // a number with the unit words after it ("5 tháng", "14 kg", "20 ml/phút") is the patient's; "typ 2" stays
    const measured = new Set<number>();
    ws.forEach((w, i) => {
      if (!/^\d/.test(w.text) || !AGE_WEIGHT_UNITS.has(ws[i + 1]?.folded ?? '')) return;
      measured.add(i);
      for (let k = i + 1; k < ws.length && AGE_WEIGHT_UNITS.has(ws[k].folded); k++) measured.add(k);
    });
    const keep = (hits: { start: number; length: number }[]) => {
      const drop = new Set(hits.flatMap((h) => Array.from({ length: h.length }, (_, k) => h.start + k)));
      return ws
        .filter((_, i) => !drop.has(i) && !measured.has(i))
        .map((w) => w.text)
        .join(' ');
    };
    const withoutOrgan = keep([...context, ...ORGAN_FACTS.find(ws)]);
    return syllables(withoutOrgan).length ? withoutOrgan : keep(context);
  }
}
