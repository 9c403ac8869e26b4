import { emptyFrame, SECTION_KEYS, type ConversationLine, type QueryFrame, type SectionKey } from '@app/contracts';
import {
  CONTRACEPTIVE_PHRASES,
  expandShorthand,
  fold,
  normalize,
  INTAKE_CUES,
  intakeAlongside,
  LACTATION_CUES,
  NON_CLINICAL_CUES,
  whereToBuy,
  NON_CLINICAL_MARKED,
  SUPPLY_CUES,
  TAKEN_TOGETHER,
  parseAge,
  parseHepatic,
  parseRenal,
  parseQuestionRoute,
  parseRoute,
  parseWeightKg,
  PhraseSet,
  saysOnlyNotKnowing,
  patientPopulation,
  PREGNANCY_CUES,
  pregnancyDenied,
  pregnancyIsPast,
  routeSections,
  exposureSection,
  syllables,
  UNIT_COUNT_CUES,
  words,
  type DrugResolver,
  type Mention,
  type Word,
  takenNow,
  reactionAsked,
  drivingAsked,
  exceptedDrugs,
  withoutSetAside,
  startsWithDrugClass,
} from '@app/formulary';
import type { Understander } from '../providers';
import { ConditionReader } from './condition-reader';
import { P, isSymptom, VAGUE_CONDITIONS, escape, type SectionsByContent } from './vocabulary';
import { inHistoryClause } from './history';

/** Phrases whose words are no cue of their own ("mổ kết hợp xương" holds the interaction word "kết hợp"). */
const NOT_A_CUE = new PhraseSet([
  // "ok bỏ qua vụ giá. thuốc đó bé 4t …": a price set aside is no price asked
  'bỏ qua vụ giá',
  'bỏ qua chuyện giá',
  'thôi vụ giá',
  'khỏi hỏi giá',
  'kết hợp xương',
  'phẫu thuật kết hợp',
  'mổ kết hợp',
  // "không phối hợp được động tác (hít)": the patient's coordination, not two drugs
  'phối hợp được động tác',
  'phối hợp động tác',
  // "phải uống nhiều liều thì còn cho bé bú được không": repeated doses, not a dose asked
  'nhiều liều',
  // "con mình dùng chung loại bình đó": the same product shared by another person, not two drugs together
  'dùng chung loại',
  'dùng chung bình',
  'dùng chung lọ',
  'dùng chung hộp',
  'xài chung loại',
  'xài chung bình',
  'dùng chung với con',
  'dùng chung với mẹ',
]);

/** A route named other than by mouth, not negated ("tiêm bắp", "TM", "đặt hậu môn"). */
const givenOtherThanByMouth = (ws: Word[]) => {
  const r = parseRoute(ws);
  // "tiêm bắp đc ko hay phải tiêm TM": two routes compared, neither by mouth, is how it is given too
  const said = r.route !== null ? [r.route, ...r.allowed] : r.allowed;
  return said.length > 0 && said.every((x) => x !== 'uong');
};

/** A genus initial before the name ("E.coli", "S. aureus", "H.pylori"): a microorganism. */
const ORGANISM = (name: string) => new RegExp(`(?<![\\p{L}])\\p{Lu}\\.\\s?${escape(name)}`, 'u');

/**
 * Words of the clinic that are no drug, as wards type them among Vietnamese: organisms the lexicon writes out ("HP" →
 * Helicobacter pylori) and "block" of a note ("block NT độ II"). Never read as a drug missing from the formulary.
 */
const CLINIC_WORDS = new Set([
  'helicobacter',
  'pylori',
  'chlamydia',
  'chlamydophila',
  'trachomatis',
  'candida',
  'albicans',
  'mycoplasma',
  'legionella',
  'streptococcus',
  'staphylococcus',
  'aureus',
  'escherichia',
  'coli',
  'trichomonas',
  'giardia',
  'block',
  'bloc',
  // a unit, an organism's kind, a stain, a disease ("K+ 5,8 mmol/l", "kháng virus", "Gram âm", "Zona")
  'mmol',
  'virus',
  'gram',
  'zona',
  'bolus',
  // scores, classifications and eponyms of ward notes ("xơ gan Child B", "Killip I", "NYHA III", "u lympho ko
  // Hodgkin"): a patient's state, never a drug missing from the formulary
  // organisms and lab words of a note ("nhiễm Mycobacterium avium complex", "LDL-cholesterol cao")
  'mycobacterium',
  'avium',
  'complex',
  'tuberculosis',
  'cholesterol',
  // "thuốc chống viêm không steroid" (NSAID expanded), "đặt stent": words of a note, no drugs
  'steroid',
  'steroids',
  'stent',
  'ldl',
  'hdl',
  'lipid',
  'triglycerid',
  'child',
  'pugh',
  'curb',
  'killip',
  'nyha',
  'glasgow',
  'gcs',
  'apgar',
  'holter',
  // the tonsils ("mổ cắt amidan")
  'amidan',
  'amydan',
  // equipment of the ward ("có cần mắc monitor ko")
  'monitor',
  'monitoring',
  'basedow',
  'graves',
  'cushing',
  'addison',
  'wolff',
  'parkinson',
  'white',
  'hodgkin',
  'das28',
  'vasc',
  'hasbled',
  'wells',
  'sofa',
  'qsofa',
  'ecog',
  'troponin',
  'procalcitonin',
  'ferritin',
  'clo',
]);

/** What a drug did to the patient (folded): a reaction told, not a condition to treat. */
const REACTION_WORDS = / (?:soc phan ve|phan ve|me day|may day|noi man|man ngua|phu mach|phat ban|di ung) /;

const CONTRACEPTIVES = new PhraseSet(CONTRACEPTIVE_PHRASES);

/** Words of a question about the law or the paperwork of prescribing: the whole sentence asks it. */
const LAW_CUES = new PhraseSet(['quy chế', 'quy chế kê đơn', 'quy định kê đơn', 'thông tư', 'luật dược', 'mẫu đơn']);

/** A question asked (folded): a question mark or a question word. */
const ASKS_SOMETHING =
  / (?:bao nhieu|bn|may|sao|the nao|ntn|nao|gi|khong|ko|k|chua|duoc|dc|lieu|cho|dung|uong|nhieu|khoi dau|toi da|max|quay lai|con) /u;

/** Whether a prescription is needed: "phải có đơn bác sĩ mới được dùng không", "bán tự do ko", "thuốc bị quản lý". */
const PRESCRIPTION_ASKED = new PhraseSet(['có đơn', 'cần đơn', 'phải kê đơn', 'bán tự do', 'không cần đơn']);
/** A ward's paperwork for controlled drugs ("phiếu lĩnh", "sổ theo dõi", "biên bản"): never the monograph's. */
const PAPERWORK = new PhraseSet(['phiếu', 'sổ', 'biên bản', 'lĩnh', 'mẫu', 'kho']);

/** A drug added to what the patient takes ("kê thêm", "cho thêm", "dùng thêm"), folded. */
const ADDED = /(?:^|[^a-z])(?:ke|cho|dung|uong|bo sung|phoi hop|them) them(?![a-z])|(?:^|[^a-z])ke them(?![a-z])/;

/** A list asked again: "trong ds còn thuốc nào", "còn thuốc nào dùng đc", "trong số đó". */
const LIST_AGAIN = new PhraseSet([
  'trong danh sách',
  'trong ds',
  'trong số đó',
  'trong các thuốc đó',
  'trong mấy thuốc',
  'còn thuốc nào',
  'còn kháng sinh nào',
  'còn lại thuốc nào',
  'thuốc nào còn',
]);

/** An overdose or a toxicity said in the turn's words: "xử trí" then asks the overdose section. */
const OVERDOSE_SAID = new PhraseSet([
  'quá liều',
  'ngộ độc',
  'nhiễm độc',
  'ngộ độc thuốc',
  'nhầm',
  'quá tay',
  'quá nhiều',
  'gấp đôi',
  'uống thêm',
  'inr',
  'nồng độ',
]);

/** "xử trí", "xử lý": what to do, the word that alone would name the overdose section. */
const MANAGE = /(?<![\p{L}])(?:xử|xu)\s+(?:trí|tri|lý|ly)(?![\p{L}])/giu;

/** A route said as how the drug is given ("truyền tĩnh mạch", "tiêm dưới da"). */
const GIVEN_BY =
  /(?:tiêm|truyền|tiem|truyen)\s+(?:tĩnh mạch|tinh mach|bắp|bap|dưới da|duoi da)(?:\s+(?:chậm|cham|liên tục|lien tuc))?/giu;

/** What a "which drug" question asks the drug to do: treat, replace, be usable ("thuốc nào trị được"). */
const LIST_USE = new PhraseSet([
  'trị',
  'chữa',
  'điều trị',
  'đtrị',
  'chỉ định',
  'thay thế',
  'dùng được',
  'dùng đc',
  'uống được',
  'uống đc',
  'dùng cho',
  'kiểm soát',
  'dự phòng',
  'cắt cơn',
]);

/** "albumin 18 g/l", "gastrin 1200 pg/ml": a substance measured in the blood (a lab value), not a drug given. */
const LAB_VALUE = (name: string) =>
  new RegExp(
    `${escape(name)}\\s*(?:máu|mau|huyết thanh|huyet thanh)?\\s*[:=]?\\s*\\d+(?:[.,]\\d+)?\\s*(?:g|mg|µg|ug|mcg|ng|pg|mmol|µmol|umol|nmol|meq|miu|ui|iu|u)\\s*\\/\\s*(?:l|dl|ml)(?![\\p{L}])`,
    'iu',
  );

/** A name followed by a result ("(+)", "-", "dương tính"): a clinical sign or test. */
const SIGN_RESULT = (name: string) =>
  new RegExp(
    // "Kernig (+)", "beta hCG +": the sign or the test, with at most one more word of its name
    `${escape(name)}(?:\\s+[\\p{L}\\p{N}-]+)?\\s*(?:\\(\\s*[+-]\\s*\\)|[+-](?![\\p{L}\\p{N}])|dương tính|duong tinh|âm tính|am tinh)`,
    'iu',
  );

/** Section names that contain a patient cue. */
const SECTION_NAMES = new PhraseSet(['thời kỳ mang thai', 'thời kỳ cho con bú']);

/** Sections only a named drug has an answer in: a "which drug" turn asking one is about the conversation's drug. */
const DRUG_ONLY_SECTIONS: SectionKey[] = ['qua_lieu_va_xu_tri', 'tuong_tac_thuoc'];

/** Words that make a clause a question ("bao nhiêu", "sao", "hay", "không"). */
const CLAUSE_ASKS = new PhraseSet([
  'mấy',
  'bao nhiêu',
  'sao',
  'thế nào',
  'nào',
  'gì',
  'không',
  'ko',
  'chưa',
  'hay',
  'được không',
]);

/** A question about a dose or how long ("tới bao lâu thì ngưng", "mấy viên", "liều"). */
const DOSE_OR_DURATION =
  /(?:bao lâu|bao lau|mấy ngày|may ngay|mấy tuần|may tuan|mấy tháng|may thang|liều|lieu|mấy viên|may vien|bao nhiêu|bao nhieu|mấy mg|may mg|tối đa|toi da)/iu;

/** Generic safety questions: the precautions, unless the content names another section. */
const GENERIC_SAFETY = new PhraseSet(['có ảnh hưởng', 'ảnh hưởng gì', 'có sao không', 'có sao', 'có hại']);

/** "có dùng cho …", "dùng được cho …": whether the drug is used for something named after it. */
const USE_FOR = new PhraseSet(['dùng cho', 'dùng được cho', 'có dùng', 'có được dùng']);

/** The contraindication asked in its own words: never read as an indication. */
const CONTRA_WORDS = new PhraseSet(['chống chỉ định', 'ccđ', 'cấm dùng', 'không được dùng']);

/** Words of giving or taking a drug: a turn without a drug name that says them may be about the conversation's drug. */
const DRUG_TALK = new PhraseSet([
  'thuốc',
  'uống',
  'tiêm',
  'truyền',
  'dùng',
  'liều',
  'ngưng',
  'ngừng',
  'dừng',
  'bôi',
  'nhỏ',
  'xịt',
  'pha',
  'hít',
  'đặt',
]);

/** When the conversation's drug is started ("lúc mới bắt đầu", "khi khởi trị"). */
const STARTING = new PhraseSet([
  'lúc mới bắt đầu',
  'khi mới bắt đầu',
  'lúc bắt đầu',
  'khi bắt đầu',
  'mới bắt đầu dùng',
  'mới bắt đầu uống',
  'khi khởi trị',
  'lúc khởi trị',
]);

/** The text's words folded, one space apart (what P.mayUse reads). */
const foldedOf = (text: string) =>
  words(text)
    .map((w) => w.folded)
    .join(' ');

/** An amount of a drug ("2g", "500 mg", "40 đơn vị"). */
const DOSE_AMOUNT = /\d+(?:[.,]\d+)?\s*(?:mg|g|mcg|µg|gam|ml|ui|iu|đơn vị|don vi)(?![\p{L}])/iu;

/** The text from the last sentence that asks "which drug" on, and whether that is the first sentence; null when none asks. */
function whichDrugQuestion(text: string): { text: string; first: boolean } | null {
  const sentences = text.split(/(?<=[.!?;])\s+/);
  const at = sentences.map((x) => P.whichDrug.has(words(x))).lastIndexOf(true);
  return at < 0 ? null : { text: sentences.slice(at).join(' '), first: at === 0 };
}

/**
 * The text with the clauses after the "which drug" clause of its question that ask about something else — an
 * interaction, a section, what to watch ("Thuốc nào trị được, có ảnh hưởng thuốc tiểu đường không?" → "Thuốc nào
 * trị được") — left out.
 */
function withoutTakenClauses(text: string): string {
  const q = whichDrugQuestion(text);
  if (!q) return text;
  // "DT có thuốc nào cho rung nhĩ? Với thận + thuốc nền cần lưu ý gì?": a sentence after it is a clause too
  // a decimal ("K máu 5,9") is no clause end
  const clauses = q.text.split(/(?<=[,.!?;])(?!\d)\s*/u);
  const at = clauses.findIndex((c) => P.whichDrug.has(words(c)));
  const keep = clauses.filter(
    (c, i) => i <= at || !(P.interaction.has(words(c)) || routeSections(c).length > 0 || ASKS_ABOUT.has(words(c))),
  );
  return `${text.slice(0, text.length - q.text.length)}${keep.join(' ').replace(/,\s*$/u, '')}`;
}

/** "thuốc <a use of one to four words> nào/gì" (the use and the question word captured). */
const USE_BEFORE_WHICH =
  /(?<![\p{L}])(?:thuốc|thuoc)\s+((?:[\p{L}\p{N}]+\s+){0,3}[\p{L}\p{N}]+)\s+(nào|nao|gì|gi)(?![\p{L}])/giu;

/** What a clause asks of the drugs taken beside a list: "có ảnh hưởng …", "vướng gì", "lưu ý gì". */
const ASKS_ABOUT = new PhraseSet(['ảnh hưởng', 'vướng', 'lưu ý', 'cần chú ý', 'có sao', 'dùng được', 'dùng đc']);

/** Words of diluting a drug or of the fluid it runs in (folded): "pha", "hòa tan", "dung môi", "dịch truyền". */
const DILUTING = / (?:pha|hoa tan|dung moi|dich truyen|truyen chung|pha loang|doi sang|chuyen sang|thay bang) /u;
/** Solutions a drug is diluted in or given with, as the lexicon names them (folded). */
const DILUENTS = /^(?:natri clorid|glucose|dextrose|ringer|nuoc cat|nuoc muoi)/u;

/** "uống chung loratadin với tôi", "dùng chung với chồng" (folded): the drug shared with a person, not taken with a drug. */
const SHARED_WITH_PERSON = / chung (?:[a-z0-9]+ ){0,3}voi (?:toi|em|anh|chi|minh|chong|vo|me|bo|ba|ong|con|nha) /u;

/** "liều thì em cho uống đúng theo đơn rồi" (folded): the dose told as settled, not asked. */
const DOSE_SETTLED = / lieu (?:[a-z]+ ){0,6}(?:dung theo don|theo don|dung don|theo y lenh|theo chi dinh) /;

/** "dùng cho con bao nhiêu", "cho bé uống bao nhiêu" (folded): an amount asked of whom the drug is given. */
const AMOUNT_FOR_WHOM =
  / (?:dung|uong|cho|tiem|xai|dat) (?:cho )?(?:con|be|chau|bn|ong|ba|me|bo|em|anh|chi) (?:(?:uong|dung|tiem) )?(?:khoang |tam )?bao nhieu (?!(?:ngay|lau|tien|tuoi|kg|ky|lan|thang|tuan|nam|vien|goi|ml)\b)/u;

/** "nếu xuống 25?", "thế còn 20 thì sao": a bare value, said as a change of the one the conversation gave. */
const VALUE_ONLY =
  /^(?:(?:thế|the|vậy|vay|còn|con|ok|dạ|da)\s+)*(?:nếu|neu|giả sử|gia su|lỡ|lo|khi)?\s*(?:(?:nó|no|bn|ông|ong|bà|ba|chỉ số|chi so)\s+)?(?:(?:xuống|xuong|giảm|giam|còn|con|lên|len|tăng|tang|chỉ|chi|chỉ còn|chi con)\s+)*(\d+(?:[.,]\d+)?)\s*(?:thì|thi)?\s*(?:sao|thế nào|the nao|ntn)?\s*(?:ạ|a|ha|hả|nhỉ|nhi)?\s*[?.!]*$/iu;

/**
 * "eGFR 38 … liều vậy có quá ko" → "nếu xuống 25?": a bare value (no unit: "20t" is an age) after a turn that gave
 * the patient's kidney function is that measure at the new value — the turn read as
 * "eGFR 25", so the conversation's question is asked again for it. Anything else is read as said.
 */
function valueOnly(turn: string, prior: QueryFrame | null): string {
  const renal = prior?.patient.renal;
  // (a weight given too would make the number either: then it is read as said)
  if (!renal || prior.drugs.length === 0 || prior.weight_kg !== null) return turn;
  const value = VALUE_ONLY.exec(normalize(turn).trim())?.[1];
  const measure = /^(.*?)\s+\d/u.exec(renal)?.[1];
  return value && measure ? `${turn} (${measure} ${value})` : turn;
}

/**
 * The offline understanding provider: a deterministic Vietnamese parser (accented or not,
 * ward shorthand expanded first). It extracts; the formulary resolver resolves drug names.
 */
export class StubUnderstander implements Understander {
  private readonly reader: ConditionReader;

  constructor(
    private readonly resolver: DrugResolver,
    /** Indication heads known to the formulary ("tăng huyết áp", "bệnh gút", ...). */
    conditionVocabulary: string[],
    /** The monographs' text, to read which section a question names by its content alone. */
    private readonly content: SectionsByContent | null = null,
  ) {
    this.reader = new ConditionReader(resolver, conditionVocabulary, content);
  }

  async understand(turn: string, _history: ConversationLine[], prior: QueryFrame | null): Promise<QueryFrame> {
    return this.parse(turn, prior);
  }

  /**
   * "uống ít bia có sao không" → "mà nếu lỡ uống rồi thì bị sao?": an intake with no drug and no count, after a
   * question about taking something with the drug, is that intake — the interaction asked, not an overdose.
   */
  private intakeOfWhatWasAsked(turn: string, frame: QueryFrame, prior: QueryFrame | null): QueryFrame | null {
    if (!prior || prior.non_human || prior.attribute !== 'tuong_tac_thuoc' || prior.drugs.length === 0) return null;
    if (frame.attribute !== 'qua_lieu_va_xu_tri' || frame.drugs.length > 0 || frame.unknown_drugs.length > 0)
      return null;
    if (/\d/.test(turn)) return null;
    return { ...frame, attribute: 'tuong_tac_thuoc', turn_type: 'drug_attribute', follow_up: true };
  }

  /** The turn as the parser reads it: ward shorthand expanded. */
  expand(turn: string): string {
    return expandShorthand(turn, (t) => this.resolver.isDrugName(t));
  }

  /**
   * "… đang uống simvastatin. thuốc diệt HP nào dùng đc": a drug asked by its use, the use between "thuốc" and "nào",
   * beside a drug the turn names — read as "thuốc nào diệt HP …", the "which drug" question it is (a drug named only as
   * taken is then the patient's). Only when an indication names the use and the words are no drug or class.
   */
  private whichDrugFirst(turn: string): string {
    if (!this.content || !this.resolver.findMentions(this.expand(turn)).some((m) => m.resolution)) return turn;
    return turn.replace(USE_BEFORE_WHICH, (all, use: string, which: string) => {
      const expanded = this.expand(use);
      if (this.resolver.findMentions(expanded).length || startsWithDrugClass(expanded)) return all;
      if (!this.content!.indicationKeyword(expanded).length) return all;
      return `${all.slice(0, all.length - use.length - which.length - 1).trimEnd()} ${which} ${use}`;
    });
  }

  /** The turn's frame; `prior`: the conversation's frame, when the turn may answer its pending question. */
  parse(said: string, prior: QueryFrame | null = null): QueryFrame {
    const turn = this.whichDrugFirst(valueOnly(said, prior));
    const frame = this.read(turn);
    return (
      this.productInMonograph(turn, frame, prior) ??
      this.startOfConversationDrug(turn, frame, prior) ??
      this.listAgain(turn, frame, prior) ??
      this.intakeOfWhatWasAsked(turn, frame, prior) ??
      this.conditionReply(turn, frame, prior) ??
      this.substanceInMonograph(frame, prior) ??
      this.substanceBeside(turn, frame) ??
      this.medicalTermInFollowUp(frame, prior) ??
      this.contentSection(turn, frame, prior) ??
      this.contentOverManage(turn, frame, prior) ??
      this.contentOverGeneric(turn, frame) ??
      frame
    );
  }

  /**
   * "ng nhà mua thêm thuốc cảm cúm ngoài tiệm cho bn uống chung, có sao ko" about paracetamol: a product taken beside
   * the drug that the drug's own text names ("Nhiều chế phẩm phối hợp (thuốc cảm cúm, …) có chứa paracetamol") is asked
   * of the section that names it, not of the interactions.
   */
  private productInMonograph(turn: string, frame: QueryFrame, prior: QueryFrame | null): QueryFrame | null {
    if (!this.content || frame.attribute !== 'tuong_tac_thuoc' || frame.unknown_drugs.length) return null;
    const carried = frame.drugs.length === 0;
    const drug = carried ? (prior && !prior.non_human && prior.drugs.length === 1 ? prior.drugs[0] : null) : null;
    const drugId = frame.drugs.length === 1 ? frame.drugs[0] : drug;
    if (!drugId) return null;
    const ws = words(this.expand(turn)).map((w) => w.folded);
    for (let i = 0; i + 2 < ws.length; i++) {
      if (ws[i] !== 'thuoc') continue;
      const section = this.sectionSaying(drugId, ws.slice(i, i + 3).join(' '));
      if (section && section !== 'tuong_tac_thuoc')
        return { ...frame, drugs: [drugId], turn_type: 'drug_attribute', attribute: section, follow_up: carried };
    }
    return null;
  }

  /**
   * "Lúc mới bắt đầu có cần dự phòng cơn gút không, dùng gì?" in a conversation about allopurinol: what to do when
   * starting the conversation's drug is that drug's question (what its text says of the start), not a list for the
   * condition named.
   */
  private startOfConversationDrug(turn: string, frame: QueryFrame, prior: QueryFrame | null): QueryFrame | null {
    if (!prior || !this.content || prior.non_human || prior.drugs.length !== 1) return null;
    if (!['drug_attribute', 'dosing_calc'].includes(prior.turn_type)) return null;
    if (frame.turn_type !== 'condition_to_drug' && frame.turn_type !== 'symptom_to_drug') return null;
    if (frame.drugs.length || frame.unknown_drugs.length) return null;
    const text = this.expand(turn);
    if (!STARTING.has(words(text))) return null;
    const section = this.content.sectionByContent(prior.drugs[0], text) ?? 'than_trong';
    return {
      ...frame,
      turn_type: 'drug_attribute',
      drugs: prior.drugs,
      attribute: section,
      condition: null,
      indication: null,
      condition_relation: null,
      condition_ambiguous: false,
      follow_up: true,
    };
  }

  /**
   * "à bn vừa khai dị ứng penicilin, … vậy trong ds còn thuốc nào dùng đc?" after a list: the same list asked again
   * for the patient as now told — when the turn names no condition the formulary's indications know (what was
   * read is a stray word: "à bn khai", "hồi trước"), the list's condition stands.
   */
  private listAgain(turn: string, frame: QueryFrame, prior: QueryFrame | null): QueryFrame | null {
    if (!prior || !this.content) return null;
    if (prior.turn_type !== 'condition_to_drug' && prior.turn_type !== 'symptom_to_drug') return null;
    if (!prior.condition && !prior.indication) return null;
    if (frame.turn_type !== 'condition_to_drug' && frame.turn_type !== 'symptom_to_drug') return null;
    if (frame.drugs.length || frame.unknown_drugs.length) return null;
    if (!LIST_AGAIN.has(words(this.expand(turn)))) return null;
    // a reaction told of the patient ("hồi trước bị sốc phản vệ") is the allergy's, not a new condition asked
    const read = frame.condition ?? frame.indication;
    const reaction = read !== null && REACTION_WORDS.test(` ${syllables(read).join(' ')} `);
    if (read && !reaction && this.content.indicationKeyword(read).length) return null;
    return {
      ...frame,
      turn_type: prior.turn_type,
      condition: prior.condition,
      indication: prior.indication,
      condition_ambiguous: false,
      follow_up: true,
    };
  }

  /**
   * "TC từ 240 xuống 95 G/L, nghi huyết khối mới. xử trí heparin thế nào", "ngậm rồi mà ko đỡ thì xử trí gì": "xử trí"
   * with no overdose said (no intake, no "quá liều", "ngộ độc", "nhầm", no INR) asks what to do about what the turn
   * describes — the one section whose text shares its words (heparin's thrombocytopenia precaution, the sublingual
   * dose's "cần đến cơ sở cấp cứu ngay"), not the overdose section. No such section: the overdose section stands.
   */
  private contentOverManage(turn: string, frame: QueryFrame, prior: QueryFrame | null): QueryFrame | null {
    if (!this.content || frame.attribute !== 'qua_lieu_va_xu_tri') return null;
    const text = this.expand(turn);
    const said = words(text);
    if (INTAKE_CUES.has(said) || OVERDOSE_SAID.has(said)) return null;
    // two drugs ("đang simva, nay bs thêm clarithromycin, xử trí statin thế nào"): the pair
    if (frame.drugs.length > 1) return { ...frame, turn_type: 'interaction', attribute: 'tuong_tac_thuoc' };
    // the conversation's one drug, when the turn names none ("ngậm rồi mà ko đỡ thì xử trí gì")
    const drug = frame.drugs[0] ?? (prior && !prior.non_human && prior.drugs.length === 1 ? prior.drugs[0] : undefined);
    if (!drug) return null;
    // … and only "xử trí" names the overdose section ("thuốc giải", "giải độc", "trung hòa" name it themselves)
    if (routeSections(text.replace(MANAGE, ' ')).includes('qua_lieu_va_xu_tri')) return null;
    // another section the turn names ("dặn bn tư thế sao, … ko đỡ thì xử trí gì") is the one asked
    const named = routeSections(text).find((x) => x !== 'qua_lieu_va_xu_tri');
    if (named) return { ...frame, attribute: named };
    // how the patient is given it now ("đang heparin TTM") describes the treatment, not what is asked
    const section = this.content.sectionByContent(drug, text.replace(GIVEN_BY, ' '));
    return section && section !== 'qua_lieu_va_xu_tri' ? { ...frame, attribute: section } : null;
  }

  /**
   * "bé vàng da, đang theo dõi bilirubin, vậy dùng ceftriaxon có ảnh hưởng gì ko": a generic safety
   * question ("có ảnh hưởng gì", "có sao không") reads the precautions — unless the question's own
   * words name another section's text (the contraindication for a jaundiced newborn).
   */
  private contentOverGeneric(turn: string, frame: QueryFrame): QueryFrame | null {
    if (!this.content || frame.drugs.length !== 1) return null;
    const text = this.expand(turn);
    // "ceftriaxon có dùng cho viêm tai giữa ở trẻ con không": "dùng cho" a condition the drug's own
    // indications name asks whether it is indicated, not whether it is contraindicated
    if (frame.attribute === 'chong_chi_dinh' && !CONTRA_WORDS.has(words(text)) && USE_FOR.has(words(text)))
      return this.content.sectionByContent(frame.drugs[0], text, 2) === 'chi_dinh'
        ? { ...frame, attribute: 'chi_dinh' }
        : null;
    if (frame.attribute !== 'than_trong') return null;
    if (!GENERIC_SAFETY.has(words(text)) || routeSections(text).length > 1) return null;
    // the turn already asks about safety: one shared pair ("vàng da") found in one section only decides which
    const section = this.content.sectionByContent(frame.drugs[0], text, 1);
    return section && section !== 'than_trong' ? { ...frame, attribute: section } : null;
  }

  /**
   * "… lỡ uống 10 viên paracetamol" → "cho uống than hoạt được không": a substance outside the formulary
   * that the conversation's drug's own monograph names (an antidote, a diluent) asks about that drug, in
   * the section that names it — not about a drug missing from the formulary.
   */
  /**
   * "bn nuốt khó, nghiền viên cho qua sonde dạ dày đc k" after a question about one drug: a foreign word
   * that is no drug we know, nor close to one ("sonde"), in a turn that asks a section and names no drug,
   * is a medical term — the question is about the conversation's drug, as it is beside a named drug.
   * A real drug outside the formulary, or a near-spelling of one, still abstains.
   */
  private medicalTermInFollowUp(frame: QueryFrame, prior: QueryFrame | null): QueryFrame | null {
    if (!prior || prior.non_human || prior.drugs.length !== 1 || frame.non_human) return null;
    if (['smalltalk', 'out_of_scope'].includes(prior.turn_type)) return null;
    if (frame.drugs.length || !frame.unknown_drugs.length || frame.attribute === null) return null;
    // a substance taken together with the drug ("uống viên canxi chung với thuốc này") is asked about, not a term
    if (frame.attribute === 'tuong_tac_thuoc' || frame.turn_type === 'interaction') return null;
    const unknownWord = (u: string) => this.resolver.findMentions(u).every((m) => m.reading.kind === 'unknown');
    if (!frame.unknown_drugs.every(unknownWord)) return null;
    return {
      ...frame,
      turn_type: frame.turn_type === 'dosing_calc' ? 'dosing_calc' : 'drug_attribute',
      drugs: prior.drugs,
      unknown_drugs: [],
      follow_up: true,
      needs_clarify: false,
      clarify_reason: null,
    };
  }

  /**
   * "đang uống gliclazid …, ĐMMM 2,0. Glucose ưu trương tiêm TM nhanh bao nhiêu ml": a substance outside the
   * formulary named beside the drug, which the drug's own text names — in its overdose section first — asks that
   * section of the drug (gliclazid's "50 ml glucose 10%"), not the drug's own dose.
   */
  private substanceBeside(turn: string, frame: QueryFrame): QueryFrame | null {
    if (!this.content || frame.non_human || frame.drugs.length !== 1 || !frame.unknown_drugs.length) return null;
    // … not a product taken beside it ("uống chung lúc với thuốc đc ko hay phải cách ra bao lâu"): how to take the drug
    const text = this.expand(turn);
    if (TAKEN_TOGETHER.has(words(text)) || / cach (?:ra |nhau )?(?:bao lau|may) /.test(` ${foldedOf(text)} `))
      return null;
    // … asked as an amount or a way of giving it ("bao nhiêu ml"), not beside an interaction or a section
    if (frame.turn_type !== 'dosing_calc' && frame.attribute !== 'lieu_luong_cach_dung') return null;
    const drug = frame.drugs[0];
    const lead = (name: string) => syllables(name).slice(0, 2).join(' ');
    const naming = (u: string) =>
      SECTION_KEYS.filter((s) =>
        this.content!.section(drug, s).some((p) => ` ${syllables(p.text).join(' ')} `.includes(` ${lead(u)} `)),
      );
    const sections = naming(frame.unknown_drugs[0]);
    if (!sections.includes('qua_lieu_va_xu_tri') || !frame.unknown_drugs.every((u) => naming(u).length)) return null;
    return { ...frame, turn_type: 'drug_attribute', attribute: 'qua_lieu_va_xu_tri', unknown_drugs: [] };
  }

  private substanceInMonograph(frame: QueryFrame, prior: QueryFrame | null): QueryFrame | null {
    if (!this.content || !prior || prior.non_human || prior.drugs.length !== 1) return null;
    if (frame.drugs.length || !frame.unknown_drugs.length || frame.non_human) return null;
    if (['smalltalk', 'out_of_scope'].includes(prior.turn_type)) return null;
    // "thuốc giải calci folinat đó có được bảo hiểm y tế thanh toán không": a non-clinical question stays one
    if (frame.turn_type === 'out_of_scope') return null;
    const drug = prior.drugs[0];
    const lead = (name: string) => syllables(name).slice(0, 2).join(' ');
    const names = (u: string) => (s: SectionKey) =>
      this.content!.section(drug, s).some((p) => ` ${syllables(p.text).join(' ')} `.includes(` ${lead(u)} `));
    // every substance named must be one the drug's text names; the section is the first one's
    if (!frame.unknown_drugs.every((u) => SECTION_KEYS.some(names(u)))) return null;
    const naming = SECTION_KEYS.find(names(frame.unknown_drugs[0]))!;
    return {
      ...frame,
      turn_type: 'drug_attribute',
      drugs: [drug],
      unknown_drugs: [],
      attribute: frame.attribute ?? naming,
      follow_up: true,
      needs_clarify: false,
      clarify_reason: null,
    };
  }

  /**
   * A question about one drug that names no section ("bn cũng táo bón 4 ngày rồi, có cần cho thuốc
   * nhuận tràng dự phòng không"): the one section whose text shares the question's content words
   * (sectionByContent). A turn that names no drug but talks of giving one asks it about the
   * conversation's one drug, and so does a dose amount in a dose conversation ("cho 2g thì tiêm 1
   * chỗ được không"): it continues the conversation.
   */
  private contentSection(turn: string, frame: QueryFrame, prior: QueryFrame | null): QueryFrame | null {
    if (!this.content || frame.attribute !== null || frame.turn_type !== 'drug_attribute') return null;
    if (frame.unknown_drugs.length || frame.needs_clarify || frame.drugs.length > 1) return null;
    const text = this.expand(turn);
    const carried = frame.drugs.length === 0;
    const slots =
      frame.population !== null || frame.age_text !== null || frame.weight_kg !== null || frame.route !== null;
    if (carried) {
      // a reply that already continues the conversation (an age, a route, a condition) keeps its question —
      // but a new fact with "còn dùng được không" ("AST, ALT tăng gấp 4 lần, còn dùng được ko") asks whether it may be used
      if (frame.follow_up && (slots || !P.mayUse.test(foldedOf(text)))) return null;
      const onePriorDrug =
        prior !== null &&
        !prior.non_human &&
        prior.drugs.length === 1 &&
        (prior.turn_type === 'drug_attribute' || prior.turn_type === 'dosing_calc');
      if (!onePriorDrug || !DRUG_TALK.has(words(text))) return null;
    }
    const drug = carried ? prior!.drugs[0] : frame.drugs[0];
    const folded = foldedOf(text);
    const section =
      (carried && frame.follow_up ? null : this.content.sectionByContent(drug, text)) ??
      (carried && prior!.attribute === 'lieu_luong_cach_dung' && DOSE_AMOUNT.test(text)
        ? 'lieu_luong_cach_dung'
        : null) ??
      // "à bn vừa khai … sốc phản vệ với penicilin, vậy có dùng đc ko": whether the conversation's drug may be used
      (carried && P.mayUse.test(folded) ? 'chong_chi_dinh' : null);
    if (!section) return null;
    return { ...frame, attribute: section, follow_up: carried };
  }

  /**
   * "bn bị nấm Candida âm đạo, ngứa, khí hư …" answering a pending "which condition?": a statement
   * with no drug and no question of its own names the condition asked for — read as the object of
   * that question, the patient's context taken out as in any condition question.
   */
  private conditionReply(turn: string, frame: QueryFrame, prior: QueryFrame | null): QueryFrame | null {
    const asksCondition =
      prior !== null &&
      (prior.turn_type === 'condition_to_drug' || prior.turn_type === 'symptom_to_drug') &&
      // no condition yet, or one too vague to list for ("nhiễm trùng", asked "which?")
      ((prior.condition === null && prior.indication === null) || prior.condition_ambiguous);
    if (!asksCondition || frame.drugs.length || frame.unknown_drugs.length || frame.attribute) return null;
    if (frame.condition || frame.indication || frame.turn_type === 'condition_relation') return null;
    // "dạ em cũng không rõ nữa": not knowing is no condition — the question stays pending
    if (saysOnlyNotKnowing(turn)) return null;
    // the clause that says what the patient has ("bị …"), else the first: the symptoms after it describe it
    const clauses = turn
      .split(/[,.;!?]+/u)
      .map((c) => c.trim())
      .filter(Boolean);
    // … but a formulary condition the reply names ("TPTNT nitrit +, đau hông lưng P → chẩn đoán viêm thận bể thận
    // cấp"): findings before the conclusion describe it
    const known = this.reader.concluded(turn);
    const has = known ?? clauses.find((c) => /(?:^|\s)(?:bị|bi)\s/iu.test(c)) ?? clauses[0] ?? '';
    const asked = this.read(`${has.replace(/^.*?(?:^|\s)(?:bị|bi)\s+/iu, '')}, thuốc nào điều trị?`);
    if (!asked.condition && !asked.indication) return null;
    return {
      ...asked,
      // the question's words are ours, not the user's: only what the turn says is kept
      condition: asked.condition,
      indication: asked.indication,
      follow_up: true,
    };
  }

  private read(turn: string): QueryFrame {
    const text = this.expand(turn);
    const ws = words(text);
    const s = ` ${ws.map((w) => w.folded).join(' ')} `;
    // a drug named as what the patient is allergic to is the patient's context, not the question's drug
    // … unless the turn asks about the reaction to it and names no other drug ("uống allopurinol 2 tuần thì nổi ban,
    // có phải do thuốc ko, có cần ngưng ko"): that drug is asked about
    const told = this.reader.allergies(text);
    const allergic = (m: Mention) => told.some((a) => fold(a) === fold(m.text));
    const named = this.resolver.findMentions(text);
    const reactionOnly =
      reactionAsked(text) && named.some((m) => m.resolution && allergic(m)) && named.every((m) => allergic(m));
    const allergens = reactionOnly ? [] : told;
    const mentions = named.filter((m) => !allergens.some((a) => fold(a) === fold(m.text)));
    const drugs = this.questionDrugs(text, [
      ...new Set(mentions.flatMap((m) => (m.resolution ? [m.resolution.drug_id] : []))),
    ]);
    // only a name spelled as a drug we know is one; a foreign word merely close to one (Candida,
    // Helicobacter) is a medical term or an unknown name, never a look-alike drug
    // "pha NaCl 0.9% đc ko hay phải G5": the solution a drug is diluted in is no drug asked
    const diluting = DILUTING.test(` ${foldedOf(text)} `);
    const outside = [
      ...new Set(
        mentions.flatMap((m) =>
          m.reading.kind === 'outside' &&
          m.reading.via !== 'fuzzy' &&
          !LAB_VALUE(m.text).test(text) &&
          !(diluting && DILUENTS.test(fold(m.reading.name)))
            ? [m.reading.name]
            : [],
        ),
      ),
    ];
    // "bn 50 tuoi, lieu sao?": expanded, the shorthand's marked words ("bệnh nhân", "tuổi") make the turn read
    // as typed with marks, where "lieu" is no "liều" — a turn the user typed without any mark is read folded
    // when nothing else names a section
    const expandedSections = routeSections(text);
    const typedPlain = words(turn).every((w) => w.plain);
    const sections = expandedSections.length || !typedPlain ? expandedSections : routeSections(fold(text));
    // "mổ kết hợp xương" is an operation, not two drugs combined: its words ask nothing
    // … nor does what "ngoài … ra" sets aside ("ngoài tương tác đó ra thì … có nguy cơ gì")
    const asked = withoutSetAside(NOT_A_CUE.mask(ws));
    // "uống chung loratadin với tôi được ko": the drug taken by a second person as well — no second drug
    const sharedWithPerson = drugs.length === 1 && SHARED_WITH_PERSON.test(s);
    if (sharedWithPerson && sections.includes('tuong_tac_thuoc'))
      sections.splice(sections.indexOf('tuong_tac_thuoc'), 1);
    const has = (set: PhraseSet) => !(sharedWithPerson && set === P.interaction) && set.has(asked);
    // "có dùng tramadol được không", "diclofenac uống được không": whether the drug may be used at all —
    // in pregnancy or while breastfeeding that section, otherwise the contraindications
    // — except with a route other than by mouth ("tiêm bắp phenytoin được không"): how it is given
    // (the drug named, or pointed back to: "dùng thuốc này được không")
    const oneDrug = drugs.length === 1 || (drugs.length === 0 && has(P.vague));
    // "em dùng cho con bao nhiêu ạ": an amount asked, not whether it may be used
    const amountForWhom = AMOUNT_FOR_WHOM.test(` ${foldedOf(text)} `);
    // "metformin dùng tiếp dc ko hay phải ngưng" (eGFR 26): whether it may go on is the contraindications' question
    // before the precautions' "when to stop"
    if (
      sections.length === 1 &&
      sections[0] === 'than_trong' &&
      oneDrug &&
      !has(P.dosing) &&
      !amountForWhom &&
      !drivingAsked(text) &&
      P.mayUse.test(s.trim())
    )
      sections.unshift('chong_chi_dinh');
    // "cho uống amlodipin có cắt cơn được không": whether it works for that use, not whether it may be given — the
    // monograph's words for the use say (the section that speaks of it is found by its content)
    // … for a child, a pregnant or a breastfeeding woman, whether it may be given at all comes first ("con tôi 15t
    // sốt cao nghi cúm, cho uống aspirin hạ sốt đc ko")
    const worksFor =
      / (?:co )?(?:cat con|tri|chua|ha sot|giam dau|ha ap|cam mau) (?:duoc|dc) (?:khong|ko|k|hong) /u.test(s) &&
      patientPopulation(ws, parseAge(text)) !== 'pediatric' &&
      !has(PREGNANCY_CUES) &&
      !has(LACTATION_CUES);
    if (!sections.length && oneDrug && !has(P.dosing) && !amountForWhom && !worksFor && P.mayUse.test(s.trim()))
      sections.push(
        has(PREGNANCY_CUES)
          ? 'thoi_ky_mang_thai'
          : has(LACTATION_CUES)
            ? 'thoi_ky_cho_con_bu'
            : // "tiêm TM furosemid đc ko" beside an allergy told: whether it may be used at all
              givenOtherThanByMouth(ws) && !allergens.length
              ? 'lieu_luong_cach_dung'
              : 'chong_chi_dinh',
      );
    // In "which drug treats X" a foreign word is a medical term (lipid, Helicobacter), not a drug;
    // outside any drug-question context (code, prices, chatter) it is not a drug either.
    // "đang uống tizanidin …, giờ viêm thận bể thận cấp. ks nào dùng đc?": a drug outside the formulary the
    // patient is on, named before the "which drug" clause, is the patient's history, not the question
    // — or told as the patient's history ("Tiền sử tiêm ampicillin bị sốc …, phải dùng adrenalin")
    const outsideOnlyHistory =
      outside.length > 0 &&
      (this.asksWhichDrugLast(text) || this.asksListForUse(text)) &&
      mentions
        .filter((m) => m.reading.kind === 'outside' && m.reading.via !== 'fuzzy')
        .every((m) => takenNow(text, m.text) || inHistoryClause(text, m.text));
    // "thuốc tiểu đường nào uống được": a drug asked by the condition it treats, named between "thuốc" and "nào"
    const asksWhich = has(P.whichDrug) || (drugs.length === 0 && this.reader.drugAskedByCondition(text));
    const besideTaken = drugs.length > 0 && this.listBesideTaken(text, mentions);
    // "DT có thuốc kháng virus nào điều trị zona ko, chỉnh liều theo thận thế nào?": a list asked for a use or by a
    // class, naming no drug — what else the question asks (a dose, what to watch) follows once a drug is picked
    const listAsked = besideTaken || (drugs.length === 0 && this.asksListForUse(text));
    const conditionQuestion =
      (drugs.length === 0 || this.asksWhichDrugLast(text) || besideTaken) &&
      (outside.length === 0 || outsideOnlyHistory) &&
      asksWhich &&
      (!has(P.interaction) || listAsked) &&
      // pregnancy and breastfeeding are the patient's context of a "which drug" question; the sections
      // the context's sentences name ("đường huyết lúc đói 9 mmol/l") are not asked
      (listAsked ||
        this.sectionsOfQuestion(text, sections).every(
          (x) =>
            x === 'chi_dinh' ||
            x === 'thoi_ky_mang_thai' ||
            x === 'thoi_ky_cho_con_bu' ||
            // "… mà dùng được cho bà bầu": whether it may be used in her state, not a contraindication question;
            // "… và có ảnh hưởng sữa cho bé không": the same, asked as a caution
            ((x === 'chong_chi_dinh' || x === 'than_trong') &&
              // "ks nào dùng đc cho bn?": which drug this patient may take — the candidates' safety is stage 2's
              (this.asksWhichMayUse(text) ||
                sections.includes('thoi_ky_mang_thai') ||
                sections.includes('thoi_ky_cho_con_bu') ||
                // "đang bầu vậy uống có sao không": the patient's state, said without a section's words
                has(PREGNANCY_CUES) ||
                has(LACTATION_CUES))),
        ));
    const drugContext = has(P.medical) || sections.length > 0 || has(P.interaction) || has(P.followUp);
    const typedUnknown = mentions
      .filter((m) => m.reading.kind === 'unknown' || (m.reading.kind === 'outside' && m.reading.via === 'fuzzy'))
      .map((m) => m.text)
      // "Kernig (+)", "Helicobacter dương tính": a sign or a test result, not a drug; "E.coli", "S. aureus": an organism
      .filter((t) => !SIGN_RESULT(t).test(text) && !ORGANISM(t).test(text) && !CLINIC_WORDS.has(fold(t)));
    // Beside a formulary drug, a foreign word that is no drug we know (Giardia, stent) is a medical term:
    // the reply would otherwise call it a drug missing from the formulary. A pair question keeps it,
    // so an unknown second drug still abstains.
    const unknown =
      conditionQuestion || !drugContext || (drugs.length > 0 && !has(P.interaction))
        ? outside
        : [...outside, ...typedUnknown];
    const frame = emptyFrame({ drugs, unknown_drugs: unknown });

    // Slots: the patient, as the user's words say it (one reading, shared with the grounding of any model's frame)
    const age = parseAge(text);
    if (age) frame.age_text = age.text;
    frame.weight_kg = parseWeightKg(text);
    frame.population = patientPopulation(ws, age);
    const routes = parseQuestionRoute(text);
    frame.route = routes.route;
    frame.allowed_routes = routes.allowed;
    // "Thời kỳ mang thai" (a section's name, a quick reply) asks about the section, not about a pregnant patient
    const sectionName = SECTION_NAMES.find(ws);
    const outsideSectionName = (set: PhraseSet) =>
      set.find(ws).some((h) => !sectionName.some((n) => h.start >= n.start && h.start < n.start + n.length));
    frame.patient = {
      pregnant: outsideSectionName(PREGNANCY_CUES) && !pregnancyIsPast(ws) && !pregnancyDenied(ws),
      lactating: outsideSectionName(LACTATION_CUES),
      renal: parseRenal(text)?.text ?? null,
      hepatic: parseHepatic(text),
      comorbidities: [],
      allergies: allergens,
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
    // ("khách mua furosemid, hỏi uống liều bao nhiêu": the customer bought it, the question is the dose)
    const clinicalAsked = sections.length > 0 || has(P.dosing) || has(UNIT_COUNT_CUES) || has(P.interaction);
    // "khách mua cho bố 79t, bác bị suy thận nhẹ": the buyer's patient, answering who it is for — not commerce
    // "chào e, c bán nhà thuốc nhỏ ở quê": a greeting that mentions the shop is still a greeting
    const greeting = has(P.smalltalk) && drugs.length === 0 && !sections.length;
    // the hospital's stock is asked with the product's form ("còn omeprazol lọ TM ko"): a route there is no slot
    const stock = has(SUPPLY_CUES) && !clinicalAsked && !greeting;
    // "INR mục tiêu bn? tiện hỏi luôn khoa dược còn warfarin ko": a clinical question about a named drug is
    // answered, and the reply says the aside is out of scope (annotateReply)
    // — asked in a clause of its own, as a question, with no non-clinical word in it ("… với loại generic có khác
    // nhau ko" is no interaction asked; "uống gần hết lọ rồi, giờ mua thêm ở đâu" no overdose)
    // — or a sentence of its own that asks about two drugs the patient takes ("… đang uống warfarin …, uống
    // paracetamol được không?"): the pair's interaction
    // a clause of a sentence that asks the law or the paperwork ("theo quy chế kê đơn, đơn morphin được kê tối đa mấy
    // ngày") is part of that question, not a clinical one beside it
    const clinicalSentences = text.split(/[?.!;\n]+/).filter((c) => !LAW_CUES.has(words(c)));
    const clinicalBeside =
      drugs.length > 0 &&
      (clinicalSentences.some((x) => x.split(',').some((c) => this.clinicalClause(c))) ||
        clinicalSentences.some((c) => this.pairAsked(c)));
    // whether a prescription is needed is answered by a monograph that says so ("Morphin là thuốc gây nghiện, phải kê
    // đơn …"); asked of a drug whose text says nothing of it, or as the law's rules (how many days), it is out of scope
    const prescribed =
      drugs.length === 1 && has(PRESCRIPTION_ASKED) && !LAW_CUES.has(ws) && !PAPERWORK.has(ws) && !stock
        ? this.sectionSaying(drugs[0], 'ke don')
        : null;
    if (prescribed) return { ...frame, turn_type: 'drug_attribute', attribute: prescribed };
    if (
      ((has(NON_CLINICAL_CUES) || whereToBuy(text)) && !clinicalBeside) ||
      stock ||
      (has(NON_CLINICAL_MARKED) && !clinicalAsked && !slots && !greeting)
    )
      return { ...frame, turn_type: 'out_of_scope' };

    // "quá liều … trung hòa bằng thuốc gì": a question about the conversation's drug (its antidote),
    // not about the drugs for a condition ("sốt thì uống thuốc gì, liều bao nhiêu" still is one)
    const aboutADrug = sections.some((x) => DRUG_ONLY_SECTIONS.includes(x));
    if (
      ((drugs.length === 0 && !aboutADrug) || conditionQuestion) &&
      (unknown.length === 0 || conditionQuestion) &&
      (asksWhich || conditionQuestion)
    ) {
      const relation = this.reverseRelation(ws);
      if (relation)
        return {
          ...frame,
          turn_type: 'condition_relation',
          condition_relation: relation,
          condition: this.reader.condition(text).name,
        };
      // the clauses after the list asked speak of something else ("…, có vướng gì với thuốc đang dùng ko", "…, chỉnh
      // liều theo thận thế nào")
      const listText = listAsked ? withoutTakenClauses(text) : text;
      const asked = this.reader.condition(listText, !typedPlain);
      const condition = asked.name;
      const symptom = condition !== null && isSymptom(condition);
      return {
        ...frame,
        // drugs named before the question ("lần trước uống ibuprofen bị nổi mề đay") are history, not the question
        drugs: [],
        turn_type: symptom ? 'symptom_to_drug' : 'condition_to_drug',
        condition: symptom ? null : condition,
        indication: symptom ? condition : null,
        condition_relation: 'INDICATION',
        condition_ambiguous:
          condition !== null && (VAGUE_CONDITIONS.includes(syllables(condition).join(' ')) || asked.several),
        patient: {
          ...frame.patient,
          comorbidities: this.reader.comorbidities(this.reader.withoutPatient(listText), condition),
        },
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
      // "bs cho thêm amiodaron, digoxin có phải giảm liều ko": a drug added, asked of the one taken
      (drugs.length >= 2 && ADDED.test(fold(text))) ||
      (drugs.length >= 2 && (!sections.length || sections[0] === 'than_trong') && !has(P.dosing));
    // an accidental or excess intake is an overdose question, whatever the counts in it
    // … unless it was taken before a pregnancy was known and its effect on the baby is asked
    // … or the intake says only what the drug was taken with ("lỡ uống thuốc với sữa")
    const intake = has(INTAKE_CUES) && exposureSection(text) === null && !intakeAlongside(text);
    const unitCount = has(UNIT_COUNT_CUES);
    // "cho uống paracetamol bao nhiêu thì đủ": "how much" of one drug, no section named, is its dose
    // (right after the drug's name: "… nghiền … bao nhiêu", "để được bao nhiêu ngày" ask other things)
    // … or asked of whom it is given ("em dùng cho con bao nhiêu ạ")
    const howMuch =
      drugs.length === 1 &&
      !sections.length &&
      (mentions.some((m) => m.resolution && ` ${foldedOf(text)} `.includes(` ${foldedOf(m.text)} bao nhieu `)) ||
        amountForWhom);
    const dosing = !intake && (has(P.dosing) || unitCount || howMuch || sections[0] === 'lieu_luong_cach_dung');
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
    // "nên uống lúc nào, uống chung với viên canxi được không": one drug, taken with food or a supplement —
    // how to take it (the dosing section's "Cách dùng" says the spacing) before the interactions
    // (the pill taken beside it is another medicine: its interaction, not how to take this one)
    if (
      attribute === 'tuong_tac_thuoc' &&
      drugs.length <= 1 &&
      sections.includes('lieu_luong_cach_dung') &&
      !CONTRACEPTIVES.has(words(text))
    )
      attribute = 'lieu_luong_cach_dung';
    // "X có chống chỉ định khi có thai không": in pregnancy or lactation that section says it
    if (attribute === 'chong_chi_dinh' && sections.includes('thoi_ky_mang_thai')) attribute = 'thoi_ky_mang_thai';
    else if (attribute === 'chong_chi_dinh' && sections.includes('thoi_ky_cho_con_bu'))
      attribute = 'thoi_ky_cho_con_bu';
    // A pregnant or breastfeeding patient's "có sao không", "tiếp tục X được không", or a regimen merely
    // mentioned ("đang enalapril 10mg/ngày, nay test thai (+)"): the section for her state, unless a dose is asked
    const state = frame.patient.pregnant ? 'thoi_ky_mang_thai' : frame.patient.lactating ? 'thoi_ky_cho_con_bu' : null;
    if (
      state &&
      drugs.length <= 1 &&
      !intake &&
      !interaction &&
      !has(P.doseAsked) &&
      !unitCount &&
      (attribute === null ||
        attribute === 'than_trong' ||
        (attribute === 'lieu_luong_cach_dung' && !has(P.dosing)) ||
        // "thuốc đó dùng cho bn bầu 20 tuần được không": whether it may be used, said without "chống chỉ định"
        (attribute === 'chong_chi_dinh' && !CONTRA_WORDS.has(ws)) ||
        // "mới test bầu dương tính ~8w, xử trí thuốc sao": what to do with the drug now, no excess or value said
        (attribute === 'qua_lieu_va_xu_tri' && !/ (?:inr|qua lieu|ngo doc|chay mau|xuat huyet|nham|lo uong) /u.test(s)))
    )
      attribute = state;
    frame.attribute = attribute;
    frame.is_section_overview = attribute !== null && has(P.overview) && !slots && !/ bao nhieu /.test(s);
    // the patient's conditions, also in a turn that names no drug ("À … bác sĩ nói có ổ loét dạ dày đang tiến triển"
    // after a list tells the patient for that list)
    frame.patient.comorbidities = this.reader.comorbidities(this.reader.withoutPatient(text), null);

    if (interaction && drugs.length >= 2) frame.turn_type = 'interaction';
    // a dose to work out ("liều", "bao nhiêu mg", "mấy viên", an age or a weight) — not "how to take it"
    else if (
      !intake &&
      // "quên 1 liều, mai uống gấp đôi bù lại k": what to do after a missed dose, not a dose to work out
      !(has(P.missedDose) && !unitCount) &&
      // "pha với G5% được không": how to give it, whoever the patient is, unless a dose is asked too
      // ("liều thì em cho uống đúng theo đơn rồi, … nghiền viên ra pha với sữa được không": the dose is told settled)
      !(has(P.administration) && (!has(P.dosing) || DOSE_SETTLED.test(s)) && !unitCount) &&
      // "ceftriaxon tiêm bắp đc ko hay phải tiêm TM": whether it may be given by a route, not how much
      !(givenOtherThanByMouth(words(text)) && P.mayUse.test(s.trim()) && !has(P.dosing) && !unitCount) &&
      ((attribute === 'lieu_luong_cach_dung' &&
        (has(P.dosing) ||
          unitCount ||
          frame.population !== null ||
          frame.age_text !== null ||
          frame.weight_kg !== null)) ||
        // … a drug beside the patient's age or weight, asked as a question ("bé 5t 18kg paracetamol bao nhiêu?"); a
        // note that only names them ("cụ 90t RN, digoxin") asks what about the drug
        (drugs.length &&
          attribute === null &&
          (frame.age_text || frame.weight_kg !== null) &&
          (text.includes('?') || ASKS_SOMETHING.test(` ${foldedOf(text)} `))))
    )
      frame.turn_type = 'dosing_calc';
    else frame.turn_type = 'drug_attribute';
    if (frame.turn_type === 'dosing_calc') frame.attribute = 'lieu_luong_cach_dung';

    // A turn with no drug that only adds slots or asks another section continues the conversation;
    // so does a bare drug name or "Còn X thì sao?" (the same question about another drug), and a
    // bare condition answering "which condition?".
    const namedCondition = drugs.length === 0 ? this.reader.knownCondition(text) : null;
    // "bn có tiền sử cường giáp thì có dùng đc ko": whether the conversation's drug may be used, for the state told
    // (a state told: "tiền sử …", "bị …" — "cho 2g thì tiêm 1 chỗ dc ko" asks how to give the dose)
    const mayUseFollowUp =
      drugs.length === 0 &&
      unknown.length === 0 &&
      !asksWhich &&
      attribute === null &&
      / (?:tien su|bi|mac|co benh) /.test(s) &&
      P.mayUse.test(s.trim());
    // … in a pregnancy or while breastfeeding, that state's section ("thuốc hạ áp vừa nói dùng cho bn bầu 20w đc ko")
    if (mayUseFollowUp)
      frame.attribute = frame.patient.pregnant
        ? 'thoi_ky_mang_thai'
        : frame.patient.lactating
          ? 'thoi_ky_cho_con_bu'
          : 'chong_chi_dinh';
    frame.follow_up =
      mayUseFollowUp ||
      // "uống chung lúc với thuốc này luôn dc ko" beside "viên canxi": the pointer is the conversation's drug
      (drugs.length === 0 && unknown.length > 0 && has(P.vague) && (has(P.interaction) || sections.length > 0)) ||
      (drugs.length === 0 &&
        unknown.length === 0 &&
        (slots ||
          attribute !== null ||
          has(P.followUp) ||
          has(PREGNANCY_CUES) ||
          has(LACTATION_CUES) ||
          frame.patient.renal !== null ||
          frame.patient.hepatic !== null ||
          // "bn có tiền sử sốc phản vệ với penicillin, ECG QT kéo dài": an allergy or a state told goes on
          frame.patient.allergies.length > 0 ||
          has(P.patientStates) ||
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

  /** The first section of the drug's monograph whose text says the (folded) words, or null. */
  private sectionSaying(drugId: string, folded: string): SectionKey | null {
    if (!this.content) return null;
    return (
      SECTION_KEYS.find((k) =>
        this.content!.section(drugId, k).some((p) => ` ${syllables(p.text).join(' ')} `.includes(` ${folded} `)),
      ) ?? null
    );
  }

  /** A sentence with no non-clinical word that asks about two formulary drugs together. */
  private pairAsked(sentence: string): boolean {
    const ws = words(sentence);
    if (!ws.length || NON_CLINICAL_CUES.has(ws) || !CLAUSE_ASKS.has(ws)) return false;
    const named = new Set(
      this.resolver.findMentions(sentence).flatMap((m) => (m.resolution ? [m.resolution.drug_id] : [])),
    );
    return named.size >= 2;
  }

  /** A clause that asks a clinical question and nothing else: a section or a dose, as a question. */
  private clinicalClause(clause: string): boolean {
    const ws = words(clause);
    // "tự mua aspirin uống kèm đc k": a drug the patient bought is no purchase asked — only the strong cues count
    if (!ws.length || NON_CLINICAL_CUES.has(ws) || !CLAUSE_ASKS.has(ws)) return false;
    const sections = routeSections(clause);
    return (
      P.dosing.has(ws) ||
      UNIT_COUNT_CUES.has(ws) ||
      P.interaction.has(ws) ||
      sections.some((x) => x !== 'tuong_tac_thuoc' && x !== 'chi_dinh')
    );
  }

  /** The sections named from the last sentence that asks "which drug" on (all of them when none does). */
  private sectionsOfQuestion(text: string, sections: SectionKey[]): SectionKey[] {
    const q = whichDrugQuestion(text);
    return q === null || q.first ? sections : routeSections(q.text);
  }

  /**
   * "… alopurinol 100mg, kèm cochicin 0.5mg … uống cochicin tới bao lâu thì ngưng": several drugs are
   * named, and the question — a dose or how long, with no word of taking them together — names one: the
   * others are the patient's regimen. ("đang warfarin, giờ uống aspirin được không" stays a pair.)
   */
  private questionDrugs(text: string, drugs: string[]): string[] {
    // "y lệnh ondansetron + dexamethason trước hóa trị. ondansetron tiêm TM chậm liều bn?": the pair an earlier
    // sentence orders is the patient's; the sentence that asks names the drug asked
    const sentences = text.split(/(?<=[.!?;])\s+/u).filter((x) => x.trim());
    const asking =
      [...sentences].reverse().find((x) => this.resolver.findMentions(x).some((m) => m.resolution)) ?? text;
    if (drugs.length < 2 || P.interaction.has(words(text)) || /[\p{L}\d]\s*\+\s*[\p{L}\d]/u.test(asking)) return drugs;
    // "bs mới cho thêm amiodaron, digoxin đang dùng có phải giảm liều ko": a drug added asks the dose beside it
    if (ADDED.test(fold(text))) return drugs;
    const named = (c: string) => [
      ...new Set(this.resolver.findMentions(c).flatMap((m) => (m.resolution ? [m.resolution.drug_id] : []))),
    ];
    const clauses = text.split(/[.!?;,]+/).map((c) => c.trim());
    const last = [...clauses].reverse().find((c) => named(c).length > 0);
    if (!last || !DOSE_OR_DURATION.test(last)) return drugs;
    const one = named(last);
    if (one.length === 1) return one;
    // "atorva tối đa mấy mg/ngày khi đang dùng clari?": a drug the clause says the patient is on is the patient's;
    // the one left is dosed (beside it: the dosing rows for the pair still come with the drug taken)
    const notTaken = [
      ...new Set(
        this.resolver
          .findMentions(last)
          .filter((m) => m.resolution && !takenNow(last, m.text))
          .map((m) => m.resolution!.drug_id),
      ),
    ];
    return notTaken.length === 1 && one.length > 1 ? notTaken : drugs;
  }

  /** The "which drug" question asks which one may be used ("ks nào dùng đc cho bn", "thuốc nào uống được"). */
  private asksWhichMayUse(text: string): boolean {
    const q = whichDrugQuestion(text);
    if (q === null) return false;
    const question = ` ${syllables(q.text).join(' ')} `;
    // "thuốc nào dùng đc", "thuốc nào trong DM dùng cho RN ở bn này": which drug this patient may take
    return / (?:dung|uong|xai) (?:duoc|dc|cho) /.test(question) && !P.contra.has(words(question));
  }

  /**
   * "… đang uống gliclazid 60mg. Giờ bị nấm âm đạo … Thuốc nào trị được, có ảnh hưởng thuốc tiểu đường không?":
   * the sentence that asks which drug — for a use ("trị", "thay thế", "dùng được") or by a class ("thuốc lợi tiểu
   * nào") — names no drug, and every drug named before it is one the patient takes or took. The list is asked; what
   * the sentence asks of the drugs taken ("có ảnh hưởng …", "lưu ý gì", "có vướng gì với thuốc đang dùng") is what
   * the list is held against (stage 2, the co-medication notes), not a question about those drugs.
   */
  private listBesideTaken(text: string, mentions: Mention[]): boolean {
    const q = whichDrugQuestion(text);
    if (!q || q.first || !this.asksListForUse(text)) return false;
    const resolved = mentions.filter((m) => m.resolution);
    // "Đang dùng warfarin … + simvastatin 20 … tương tác với warfarin/simva ra sao?": a drug is the patient's when any
    // of its mentions says so
    const taken = new Set(
      resolved.filter((m) => takenNow(text, m.text) || inHistoryClause(text, m.text)).map((m) => m.resolution!.drug_id),
    );
    return resolved.every((m) => taken.has(m.resolution!.drug_id));
  }

  /**
   * The sentence that asks "which drug" asks it by a class ("statin nào", "thuốc lợi tiểu nào", "KS nào") or for a
   * use ("thuốc nào trị được", "… chỉ định điều trị lậu", "thuốc nào cho rung nhĩ") — a list, whatever it asks next.
   * Its "which drug" clause names no drug; a clause after it names only drugs named before the question
   * ("…, tương tác với warfarin/simva ra sao?": what the list is held against).
   */
  private asksListForUse(text: string): boolean {
    const q = whichDrugQuestion(text);
    if (!q) return false;
    // a decimal ("K máu 5,9") is no clause end
    const clauses = q.text.split(/(?<=[,.!?;])(?!\d)\s*/u);
    const at = clauses.findIndex((c) => P.whichDrug.has(words(c)));
    // "ngoài para … thì còn thuốc giảm đau nào": a drug the question sets aside is not one it asks about
    const excepted = new Set(exceptedDrugs(text, this.resolver.findMentions(text)));
    const drugsIn = (t: string) =>
      this.resolver
        .findMentions(t)
        .flatMap((m) => (m.resolution && !excepted.has(m.resolution.drug_id) ? [m.resolution.drug_id] : []));
    if (drugsIn(clauses.slice(0, at + 1).join(' ')).length) return false;
    const before = new Set(drugsIn(text.slice(0, text.length - q.text.length)));
    if (!drugsIn(clauses.slice(at + 1).join(' ')).every((d) => before.has(d))) return false;
    const ws = words(q.text);
    const hit = P.whichDrug.find(ws)[0];
    const byClass = !!hit && (hit.length > 2 || ws[hit.start].folded !== 'thuoc');
    return !!hit && (byClass || LIST_USE.has(ws) || ws[hit.start + hit.length]?.folded === 'cho');
  }

  /** The last clause asks "which drug" and names none: the drugs before it are the patient's history. */
  private asksWhichDrugLast(text: string): boolean {
    const clauses = text.split(/[.!?;,]+/).filter((c) => c.trim());
    const last = clauses[clauses.length - 1] ?? '';
    const excepted = new Set(exceptedDrugs(text, this.resolver.findMentions(text)));
    return (
      P.whichDrug.has(words(last)) &&
      !this.resolver.findMentions(last).some((m) => m.resolution && !excepted.has(m.resolution.drug_id))
    );
  }

  private reverseRelation(ws: Word[]): QueryFrame['condition_relation'] {
    if (P.contra.has(ws)) return 'CONTRAINDICATION';
    if (P.caution.has(ws)) return 'CAUTION';
    if (P.causes.has(ws)) return 'ADVERSE_EFFECT';
    return null;
  }

  /** Drugs and drug classes named after an allergy word ("dị ứng penicilin", "quá mẫn với aspirin"). */
}
