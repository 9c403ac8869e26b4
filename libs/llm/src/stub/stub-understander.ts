import { emptyFrame, type ConversationLine, type QueryFrame, type Route, type SectionKey } from '@app/contracts';
import { expandCondition, normalize, routeSections, syllables, type DrugResolver } from '@app/formulary';
import type { Understander } from '../providers';

/** Folded phrase lists; matched on syllable boundaries. */
const P = {
  pediatric: [
    'tre em',
    'tre so sinh',
    'so sinh',
    'nhu nhi',
    'em be',
    'con toi',
    'con em',
    'con minh',
    'chau be',
    'be',
    'tre',
    'con trai toi',
    'con gai toi',
  ],
  elderly: ['nguoi cao tuoi', 'nguoi gia', 'cao tuoi', 'lon tuoi', 'nguoi lon tuoi', 'cu ong', 'cu ba'],
  adult: ['nguoi lon', 'nguoi truong thanh', 'truong thanh'],
  interaction: [
    'tuong tac',
    'dung chung',
    'phoi hop',
    'uong cung',
    'dung cung',
    'ket hop',
    'chung voi',
    'uong chung',
    'dung kem',
    'cung voi',
  ],
  doseAsked: [
    'lieu bao nhieu',
    'lieu the nao',
    'lieu dung bao nhieu',
    'bao nhieu mg',
    'uong bao nhieu',
    'dung bao nhieu',
    'lieu khoi dau',
    'lieu toi da',
  ],
  dosing: [
    'lieu',
    'lieu dung',
    'lieu luong',
    'bao nhieu mg',
    'uong bao nhieu',
    'dung bao nhieu',
    'may vien',
    'may lan',
    'bao nhieu lan',
    'bao nhieu vien',
  ],
  overview: ['phan lieu', 'muc lieu', 'toan bo', 'tat ca', 'day du', 'ca muc', 'phan', 'muc'],
  smalltalk: ['xin chao', 'chao', 'hello', 'hi', 'cam on', 'cam on ban', 'tam biet', 'thanks', 'thank you', 'alo'],
  whichDrug: [
    'thuoc nao',
    'thuoc gi',
    'nhung thuoc',
    'cac thuoc',
    'loai thuoc',
    'nen dung thuoc',
    'dung thuoc gi',
    'uong thuoc gi',
    'khang sinh nao',
    'khang sinh gi',
    'dung gi',
    'uong gi',
    'danh sach thuoc',
  ],
  treat: ['tri', 'dieu tri', 'chua', 'chi dinh', 'dung cho', 'danh cho', 'cho benh', 'de tri'],
  cause: ['gay', 'gay ra', 'lam'],
  contra: ['chong chi dinh'],
  caution: ['than trong', 'can than'],
  injection: [
    'bo qua huong dan',
    'bo qua moi',
    'bo qua cac',
    'bo qua quy tac',
    'ignore previous',
    'ignore all',
    'ignore the',
    'ignore your',
    'system prompt',
    'dong vai',
    'ban la mot',
    'tu gio ban',
    'quen di',
    'jailbreak',
    'developer mode',
    'prompt',
    'huong dan truoc',
    'quy tac truoc',
    'you are now',
    'no rules',
    'your rules',
    'without any citations',
    'che do nha phat trien',
    'co so du lieu',
    'in toan bo',
    'system',
  ],
  pregnant: ['co thai', 'mang thai', 'co bau', 'ba bau', 'thai phu', 'thai ky', 'thai nhi'],
  lactating: ['cho con bu', 'dang cho bu', 'cho bu'],
  renal: ['suy than', 'benh than', 'chuc nang than', 'egfr', 'do thanh thai creatinin', 'clcr'],
  hepatic: ['suy gan', 'xo gan', 'benh gan', 'chuc nang gan'],
  vague: [
    'thuoc nay',
    'thuoc do',
    'thuoc kia',
    'thuoc ay',
    'thuoc ma',
    'cai thuoc',
    'cai nay',
    'cai do',
    'loai nay',
    'loai do',
  ],
  medical: [
    'thuoc',
    'benh',
    'dau',
    'sot',
    'ho',
    'vien',
    'uong',
    'tiem',
    'dieu tri',
    'trieu chung',
    'kham',
    'bac si',
    'duoc',
    'liều',
    'lieu',
    'mg',
    'kg',
    'tuoi',
    'nhiem',
    'viem',
    'huyet ap',
    'tieu duong',
    'benh nhan',
    'nguoi benh',
  ],
  followUp: ['con', 'the con', 'vay con', 'the thi', 'con voi'],
};

const ROUTE_PHRASES: [string, Route][] = [
  ['dat truc trang', 'dat_truc_trang'],
  ['dat hau mon', 'dat_truc_trang'],
  ['nhet hau mon', 'dat_truc_trang'],
  ['vien dan', 'dat_truc_trang'],
  ['truc trang', 'dat_truc_trang'],
  ['tiem tinh mach', 'tiem_tinh_mach'],
  ['truyen tinh mach', 'truyen_tinh_mach'],
  ['truyen', 'truyen_tinh_mach'],
  ['tiem bap', 'tiem_bap'],
  ['tiem duoi da', 'tiem_duoi_da'],
  ['ngam duoi luoi', 'ngam_duoi_luoi'],
  ['duoi luoi', 'ngam_duoi_luoi'],
  ['nho mat', 'nho_mat'],
  ['boi ngoai da', 'bo_ngoai_da'],
  ['boi', 'bo_ngoai_da'],
  ['khi dung', 'hit'],
  ['xit', 'hit'],
  ['hit', 'hit'],
  ['duong uong', 'uong'],
  ['uong', 'uong'],
];

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

function has(s: string, phrases: string[]): boolean {
  return phrases.some((p) => s.includes(` ${p} `));
}

/**
 * The offline understanding provider: a deterministic Vietnamese parser (accented or
 * not). It extracts; the formulary resolver resolves drug names.
 */
/** Age units as typed → how the frame writes them ("10 ngày tuổi" → "10 ngày"). */
const AGE_UNITS: [RegExp, string][] = [
  [/^(ngày|ngay)/iu, 'ngày'],
  [/^(tuần|tuan)/iu, 'tuần'],
  [/^(tháng|thang)/iu, 'tháng'],
  [/./u, 'tuổi'],
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
];

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

  parse(turn: string): QueryFrame {
    const s = ` ${syllables(turn).join(' ')} `;
    const mentions = this.resolver.findMentions(turn);
    const drugs = [...new Set(mentions.filter((m) => m.resolution).map((m) => m.resolution!.drug_id))];
    const sections = routeSections(turn);
    // "có dùng tramadol được không": whether the drug may be used at all is the contraindications question
    if (
      !sections.length &&
      drugs.length > 0 &&
      !has(s, P.dosing) &&
      / (?:co|duoc) (?:dung|uong|tiem) (?:\S+ ){1,4}duoc (?:khong|ko|k) /.test(s)
    )
      sections.push('chong_chi_dinh');
    // In "which drug treats X" a foreign word is a medical term (lipid, Helicobacter), not a drug;
    // outside any drug-question context (code, prices, chatter) it is not a drug either.
    const conditionQuestion =
      drugs.length === 0 &&
      has(s, P.whichDrug) &&
      !has(s, P.interaction) &&
      (!sections.length || sections[0] === 'chi_dinh');
    const drugContext = has(s, P.medical) || sections.length > 0 || has(s, P.interaction) || has(s, ['thi sao', 'con']);
    const unknown = conditionQuestion || !drugContext ? [] : mentions.filter((m) => !m.resolution).map((m) => m.text);
    const frame = emptyFrame({ drugs, unknown_drugs: drugs.length ? [] : unknown });

    // Slots
    const age =
      /(\d+(?:[.,]\d+)?)\s*(tuổi|tuoi|tháng tuổi|thang tuoi|tháng|thang|tuần tuổi|tuan tuoi|ngày tuổi|ngay tuoi)(?![\p{L}])/iu.exec(
        turn.normalize('NFC'),
      );
    if (age) frame.age_text = `${age[1]} ${AGE_UNITS.find(([re]) => re.test(age[2]))![1]}`;
    const weight = /(\d+(?:[.,]\d+)?)\s*(kg|ký|ky|kí|ki|cân|can|kilogram)(?![\p{L}])/iu.exec(turn.normalize('NFC'));
    if (weight) frame.weight_kg = Number(weight[1].replace(',', '.'));
    frame.population = this.population(s, age);
    for (const [phrase, r] of ROUTE_PHRASES)
      if (s.includes(` ${phrase} `)) {
        frame.route = r;
        break;
      }
    frame.patient = {
      pregnant: has(s, P.pregnant),
      lactating: has(s, P.lactating),
      renal: has(s, P.renal) ? this.renalText(turn) : null,
      hepatic: has(s, P.hepatic) ? 'suy gan' : null,
      comorbidities: [],
    };

    // Intent
    const asksWhichDrug = has(s, P.whichDrug);
    const slots =
      frame.age_text !== null || frame.weight_kg !== null || frame.route !== null || frame.population !== null;
    if (has(s, P.injection)) return { ...frame, turn_type: 'out_of_scope' };

    if (drugs.length === 0 && unknown.length === 0 && (asksWhichDrug || conditionQuestion)) {
      const relation = this.reverseRelation(s);
      if (relation)
        return {
          ...frame,
          turn_type: 'condition_relation',
          condition_relation: relation,
          condition: this.condition(turn),
        };
      const condition = this.condition(turn);
      const symptom = condition !== null && SYMPTOMS.includes(syllables(condition).join(' '));
      return {
        ...frame,
        turn_type: symptom ? 'symptom_to_drug' : 'condition_to_drug',
        condition: symptom ? null : condition,
        indication: symptom ? condition : null,
        condition_relation: 'INDICATION',
        condition_ambiguous: condition !== null && VAGUE_CONDITIONS.includes(syllables(condition).join(' ')),
      };
    }

    if (drugs.length === 0 && unknown.length === 0 && has(s, P.smalltalk) && !sections.length && !slots)
      return { ...frame, turn_type: 'smalltalk' };

    // "uống X cùng Y", "X với Y được không": two drugs joined by a together-word ask about the pair
    // Two drugs in one question ("uống X cùng Y", "đang dùng X, kê thêm Y cần lưu ý gì") ask about the pair.
    const interaction =
      has(s, P.interaction) ||
      (drugs.length >= 2 && (!sections.length || sections[0] === 'than_trong') && !has(s, P.dosing));
    const dosing = has(s, P.dosing) || sections[0] === 'lieu_luong_cach_dung';
    let attribute: SectionKey | null = sections[0] ?? null;
    if (interaction) attribute = 'tuong_tac_thuoc';
    else if (dosing && (!attribute || attribute === 'lieu_luong_cach_dung')) attribute = 'lieu_luong_cach_dung';
    // "đang mang thai / cho con bú …, liều bao nhiêu?": the dose, with pregnancy or lactation as the patient's context
    else if (has(s, P.doseAsked) && (attribute === 'thoi_ky_mang_thai' || attribute === 'thoi_ky_cho_con_bu'))
      attribute = 'lieu_luong_cach_dung';
    frame.attribute = attribute;
    frame.is_section_overview = attribute !== null && has(s, P.overview) && !slots && !has(s, ['bao nhieu']);

    if (interaction && drugs.length >= 2) frame.turn_type = 'interaction';
    // a dose to work out ("liều", "bao nhiêu mg", an age or a weight) — not "how to take it"
    else if (
      (attribute === 'lieu_luong_cach_dung' &&
        (has(s, P.dosing) || frame.population !== null || frame.age_text !== null || frame.weight_kg !== null)) ||
      (drugs.length && attribute === null && (frame.age_text || frame.weight_kg !== null))
    )
      frame.turn_type = 'dosing_calc';
    else frame.turn_type = 'drug_attribute';
    if (frame.turn_type === 'dosing_calc') frame.attribute = 'lieu_luong_cach_dung';

    // A turn with no drug that only adds slots or asks another section continues the conversation;
    // so does a bare drug name or "Còn X thì sao?" (the same question about another drug), and a
    // bare condition answering "which condition?".
    const namedCondition = drugs.length === 0 ? this.knownCondition(turn) : null;
    frame.follow_up =
      (drugs.length === 0 &&
        unknown.length === 0 &&
        (slots ||
          attribute !== null ||
          has(s, P.followUp) ||
          has(s, P.pregnant) ||
          has(s, P.lactating) ||
          namedCondition !== null)) ||
      (drugs.length > 0 && attribute === null && !interaction && frame.turn_type === 'drug_attribute');
    if (namedCondition && drugs.length === 0) frame.condition = namedCondition;
    if (drugs.length === 0 && unknown.length === 0 && has(s, P.vague)) {
      frame.needs_clarify = true;
      frame.clarify_reason = 'Bạn đang hỏi về thuốc nào? Hãy nêu tên hoạt chất.';
    }
    // "quán cơm gần bệnh viện": the hospital as a place is not a medical question
    if (
      !frame.follow_up &&
      drugs.length === 0 &&
      unknown.length === 0 &&
      !has(s.replace(/ benh vien /g, ' '), P.medical) &&
      !sections.length
    )
      frame.turn_type = 'out_of_scope';
    return frame;
  }

  private population(s: string, age: RegExpExecArray | null): QueryFrame['population'] {
    if (has(s, P.elderly)) return 'elderly';
    if (has(s, P.adult)) return 'adult';
    if (has(s, P.pediatric)) return 'pediatric';
    if (age) {
      // an age in days, weeks or months is a child's
      if (AGE_UNITS.find(([re]) => re.test(age[2]))![1] !== 'tuổi') return 'pediatric';
      const years = Number(age[1].replace(',', '.'));
      return years >= 65 ? 'elderly' : years >= 18 ? 'adult' : 'pediatric';
    }
    return null;
  }

  private reverseRelation(s: string): QueryFrame['condition_relation'] {
    if (has(s, P.contra)) return 'CONTRAINDICATION';
    if (has(s, P.caution)) return 'CAUTION';
    if (has(s, ['gay', 'gay ra', 'tac dung phu', 'lam keo dai', 'lam tang nguy co', 'de gay'])) return 'ADVERSE_EFFECT';
    return null;
  }

  /** A formulary indication named in the turn (any synonym), or null. */
  private knownCondition(turn: string): string | null {
    for (const variant of expandCondition(turn))
      for (const c of this.conditions)
        if (c.folded.split(' ').length >= 2 && ` ${variant} `.includes(` ${c.folded} `)) return c.display;
    return null;
  }

  private renalText(turn: string): string {
    const m = /(egfr|clcr|độ thanh thải creatinin|do thanh thai creatinin)\s*[:=]?\s*(\d+(?:[.,]\d+)?)/iu.exec(turn);
    return m ? `${m[1]} ${m[2]}` : 'suy thận';
  }

  /** The condition named in a "which drug for X" turn: a formulary indication if one matches, else the words after the verb. */
  condition(turn: string): string | null {
    // an umbrella head ("viêm") is only the answer when nothing more specific is named ("viêm xoang")
    let umbrella: string | null = null;
    for (const variant of expandCondition(turn))
      for (const c of this.conditions)
        if (` ${variant} `.includes(` ${c.folded} `)) {
          if (!VAGUE_CONDITIONS.includes(c.folded)) return c.display;
          umbrella ??= c.display;
        }
    const words = normalize(turn)
      .replace(/[?!.,;:]+/g, ' ')
      .split(' ')
      .filter(Boolean);
    const folded = words.map((w) => syllables(w).join(' '));
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
        const rest = words
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
        // "trị được không bạn": "được" after the verb and a closing address are not a condition
        while (rest.length && LEADING_PARTICLES.includes(rest[0])) rest.shift();
        while (rest.length && TRAILING_PARTICLES.includes(rest[rest.length - 1])) rest.pop();
        // "chữa bệnh đó / này / kia": a pointer back to a condition not named in this turn
        if (rest.length && rest.every((w) => DEMONSTRATIVES.includes(w))) return umbrella;
        if (rest.length) return rest.join(' ');
      }
    }
    // "(bị) X (thì) dùng thuốc/kháng sinh nào": the clause before the question
    const before =
      /^(?:(?:người|nguoi|bệnh nhân|benh nhan)\s+)?(?:bị|bi)?\s*(.+?)\s+(?:thì\s+|thi\s+)?(?:nên\s+|nen\s+)?(?:dùng|dung|uống|uong)\s+(?:thuốc|thuoc|kháng sinh|khang sinh|gì|gi)/iu.exec(
        normalize(turn)
          .replace(/[?!.,;:]+/g, ' ')
          .trim(),
      );
    return before ? before[1].trim() : umbrella;
  }
}
