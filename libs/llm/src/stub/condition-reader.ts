import {
  CLASS_NAMES,
  ORGANISM_GENERA,
  NOT_A_CONDITION,
  trailingClassWords,
  purposeCondition,
  allergyMentions,
  expandCondition,
  expandShorthand,
  fold,
  LACTATION_CUES,
  normalize,
  PhraseSet,
  PREGNANCY_CUES,
  labStates,
  REACTIONS,
  reactionMentions,
  says,
  syllables,
  words,
  type DrugResolver,
  type Word,
} from '@app/formulary';
import { P, isSymptom, VAGUE_CONDITIONS, escape, type SectionsByContent } from './vocabulary';
import { NEGATION_OPENERS, historyOnly, deniedIn } from './history';

/** Indication heads that name a purpose, not a disease the patient has (folded syllables). */
const PURPOSE = /^(du phong|phong ngua|ngua|dieu tri|giam) /;

/** Words that point back ("bệnh đó", unaccented "benh do") rather than name a condition. */
const DEMONSTRATIVES = ['này', 'nay', 'đó', 'do', 'đấy', 'day', 'ấy', 'ay', 'kia', 'nọ', 'no'];

/** Words that can follow "trị/chữa" without naming a condition ("trị được", "chữa được"). */
const LEADING_PARTICLES = [
  'được',
  'duoc',
  'dc',
  'đc',
  'cho',
  'vậy',
  'vay',
  'thế',
  'còn',
  'vậy thì',
  'thì',
  'quay',
  'lại',
  // "À tôi quên nói, …", "ừ …", "dạ …": a reply's opener
  'à',
  'ừ',
  'ờ',
  'dạ',
  'ok',
];

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
  // a preposition left where a location was taken out ("huyết khối tĩnh mạch sâu ở [chân]")
  'ở',
  'tại',
];

/** Words that link a condition to what follows: never the last word of one. */
const LINKING_WORDS = ['và', 'của', 'do', 'cho', 'với', 'hoặc', 'khi', 'sau', 'trong'];

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
  'sản phụ',
  'thai phụ',
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
  'bệnh nhân nam',
  'bệnh nhân nữ',
  'người bệnh nam',
  'người bệnh nữ',
  'bé trai',
  'bé gái',
  'nữ',
  // "à quên, K máu 6.1": a remembered fact's lead-in
  'à quên',
  'quên mất',
  'quên nói',
  // whose child it is, and who said what ("bác sĩ bảo dùng kháng sinh"), name no condition
  'nhà mình',
  'nhà em',
  'nhà tôi',
  'bác sĩ bảo',
  'bác sĩ nói',
  'bác sĩ cho',
  'bác sĩ kê',
  'bs bảo',
  'bs nói',
  // where the patient is treated, and an allergy denied, name no condition
  'điều trị ngoại trú',
  'điều trị nội trú',
  'ngoại trú',
  'nội trú',
  'không dị ứng thuốc gì',
  'không dị ứng thuốc',
  'không dị ứng',
  'chưa dị ứng',
  'không có tiền sử dị ứng',
]);

/** What follows "chống" in a class name or "chống chỉ định" (folded): "chong dong" unmarked is never "chồng". */
const AGAINST_NEXT = new Set([
  'chi',
  ...CLASS_NAMES.filter((c) => fold(c).startsWith('chong ')).map((c) => fold(c).split(' ')[1]),
]);

/** Every class name, folded ("chong dong", "khang sinh"): a class is never a condition. */
const CLASS_FOLDED = new Set(CLASS_NAMES.map((c) => syllables(c).join(' ')));

/**
 * The conditions told in clauses that open with "vừa" ("vừa bị X, vừa bị Y"): said side by side, each as much the
 * patient's complaint as the other. In the order the turn tells them.
 */
function sideBySide(turn: string, named: (clause: string) => string[]): string[] {
  const clauses = turn.split(/[,.;!?\n]+/u).filter((c) => / vua (?:bi )?/.test(` ${syllables(c).join(' ')} `));
  if (clauses.length < 2) return [];
  const found = clauses.map((c) => named(c).sort((a, b) => b.length - a.length)[0]).filter((n): n is string => !!n);
  return [...new Set(found)];
}

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

/** An allergy with its reaction in brackets ("dị ứng amoxicillin (nổi ban, ko phản vệ)"). */
const ALLERGY_NOTE = /(?:dị ứng|di ung|quá mẫn|qua man|mẫn cảm|man cam)[^.;()]{1,40}\([^)]*\)/giu;
/** The text with the reactions it tells taken out, an allergy's bracketed reaction too. */
const withoutAllergyNotes = (text: string) =>
  withoutReactions(normalize(text).replace(ALLERGY_NOTE, (m) => m.replace(/\([^)]*\)/u, ' ')));

/** Units after a number: the number and its unit are the patient's, never the condition. */
const AGE_WEIGHT_UNITS = new Set(['tuoi', 'thang', 'tuan', 'ngay', 'kg', 'ky', 'ki', 'ml', 'phut', 'p', 'ph', 'min']);

/** An allergy cue: with its allergen it is the patient's context. */
const ALLERGY_CUE = '(?:dị ứng|di ung|quá mẫn|qua man)(?:\\s+với|\\s+voi)?(?:\\s+thuốc|\\s+thuoc)?';

const withoutReactions = (text: string) => REACTIONS.reduce((t, re) => t.replace(re, ' '), text);

/** Words that join a condition to the question ("… thì nên dùng", "… có uống"): never part of it. */
const QUESTION_GLUE = new Set([
  'thi',
  // "bn …, hỏi có thuốc nào …": the asking, not a condition
  'hoi',
  'nen',
  'co',
  'dung',
  'uong',
  'tiem',
  'nhung',
  'cac',
  'duoc',
  'dc',
  'la',
  'va',
  'bi',
  'benh',
  'gom',
  // "Chọn thuốc nào …", "nên lựa chọn thuốc gì": choosing is the asking, never a condition
  'chon',
  'lua',
]);

/** The glue words as written: typed with marks, only these are glue ("co" in "co giật" is not "có"). */
const QUESTION_GLUE_MARKED = new Set(
  [
    'thì',
    'hỏi',
    'nên',
    'có',
    'dùng',
    'uống',
    'tiêm',
    'những',
    'các',
    'được',
    'là',
    'và',
    'bị',
    'bệnh',
    'gồm',
    'chọn',
    'lựa',
  ].map((w) => w.normalize('NFC')),
);

/** Glue words that carry no marks even when written ("dc", "gom" typed in a marked turn). */
const QUESTION_GLUE_UNMARKED = new Set(['dc']);

/** Verbs whose object is the condition asked ("thuốc nào trị X"), longest first. */
// "kháng sinh nào cho sốt thương hàn": what a drug asked for is for, right after the question, is treated by it
// "thuốc ngừa đột quỵ": to prevent it ("ngua" typed without marks is read so only where a condition follows it)
const TREAT_VERBS = [
  'điều trị',
  'chỉ định',
  'trị',
  'chữa',
  'dùng cho',
  'cắt cơn',
  'dự phòng',
  'phòng ngừa',
  'ngừa',
  'nào cho',
  'gì cho',
];
/** Words after which an unmarked "chua" is "chữa" (cure): "thuốc chữa", "để chữa", "dùng chữa" (folded). */
const TAKES_CURE = new Set(['thuoc', 'de', 'nao', 'gi', 'dung', 'uong', 'xai', 'can', 'muon', 'giup']);

/** Words between a treat-verb and its object that are not part of the condition. */
const OBJECT_FILLERS = new Set(['benh', 'khong', 'a', 'vay', 'nhi', 'la', 'gi', 'nao', 'thuoc']);

/** Who a question is for ("… cho bn này", "… cho mẹ em"): the patient, never the condition. */
const PATIENT_POINTERS = new Set([
  'bn',
  'benh',
  'nhan',
  'nguoi',
  'chi',
  'anh',
  'be',
  'chau',
  'me',
  'bo',
  'con',
  'nay',
  'do',
  'ay',
  'minh',
  'toi',
  'em',
  'ong',
  'ba',
  'cu',
  'tre',
  'nhi',
  // "cho sp này": the mother in the ward's shorthand (sản phụ; never "phụ", folded it is "phù")
  'sp',
  // "dùng đc cho chị ấy", "cho kh" (khách, a pharmacy's customer)
  'khach',
  'kh',
  // "… cho bn lúc này", "bây giờ": when, not what
  'luc',
  'bay',
  'gio',
]);

/** Where the user looks ("trong danh mục", "dược thư bệnh viện"), never a condition. */
const SOURCE_WORDS = new Set([
  'trong',
  'o',
  'tai',
  'danh',
  'muc',
  'sach',
  // "trong ds", "DT", "Dm": the list, the formulary
  'ds',
  'dt',
  'dm',
  'duoc',
  'thu',
  'benh',
  'vien',
  'khoa',
  'kho',
  'minh',
  'hien',
  'co',
  'thuoc',
]);

/** An organism a test found (a positive result after it): it names the infection it causes. */
const POSITIVE_ORGANISM = new RegExp(
  `(?<![\\p{L}])((?:${ORGANISM_GENERA.join('|')})(?:\\s+[a-z]+)?)\\s*(?:\\(\\s*\\+\\s*\\)|\\+|dương tính|duong tinh)`,
  'giu',
);

/** Nouns that point back with a demonstrative ("đợt này", "tình trạng đó"): the condition the turn told. */
const POINTER_NOUNS = new Set(['dot', 'tinh trang', 'truong hop', 'ca', 'con', 'benh', 'benh ly', 'dot cap']);

/** A flare, told without the condition it is of ("đợt tiến triển", "đợt cấp"). */
const FLARES = new Set([
  'dot tien trien',
  'dot cap',
  'tien trien',
  'tai phat',
  'dot bung phat',
  'bung phat',
  'dot nay',
]);
const NOW_FOLDED = new Set(['nay', 'gio', 'hien', 'dang']);
const FLARE_STARTS = [...FLARES].map((f) => f.split(' ')).sort((a, b) => b.length - a.length);
const isFlare = (ws: string[]) =>
  FLARES.has(
    ws
      .map(fold)
      .filter((w) => !NOW_FOLDED.has(w))
      .join(' '),
  );

/** Who a clause is about, at its start ("em", "bé", "mẹ tôi"): never part of the condition. */
const WHO = new Set([
  'em',
  'toi',
  'minh',
  'be',
  'chau',
  'me',
  'bo',
  'ong',
  'ba',
  'anh',
  'chi',
  'bn',
  'con',
  'khach',
  'kh',
]);

/** Is the condition named only inside a class's name ("thuốc chống động kinh nào"): no condition of the patient's. */
function inClassNameOnly(text: string, condition: string): boolean {
  const folded = ` ${syllables(text).join(' ')} `;
  const key = syllables(condition).join(' ');
  const all = folded.split(` ${key} `).length - 1;
  const inClass = folded.split(` chong ${key} `).length - 1;
  return all > 0 && all === inClass;
}

/** One foreign-looking word, as a disease is named across languages ("zona", "lupus", "herpes"): no Vietnamese glue. */
const foreignName = (object: string): boolean => /^[a-z]{4,}$/i.test(object.trim());

/** Words many condition names share ("bệnh", "suy", "viêm", "cấp"): no word of one condition's own. */
const GENERIC_CONDITION_WORDS = new Set(
  'benh hoi chung cap man tinh nang nhe do on dinh roi loan tang giam suy viem dau nhiem trung khuan mau co khong duoc nao gi cho va'.split(
    ' ',
  ),
);

/**
 * The one condition named whose own words (not the generic ones) the last sentence's words after its "which drug"
 * phrase repeat ("thay thế hormon giáp" → "suy giáp"), or null when none or several do.
 */
function echoedByQuestion(turn: string, named: string[]): string | null {
  const after = new Set(afterWhich(turn));
  if (!after.size) return null;
  const echoes = named.filter(
    (c) =>
      !VAGUE_CONDITIONS.includes(syllables(c).join(' ')) &&
      syllables(c).some((x) => !GENERIC_CONDITION_WORDS.has(x) && after.has(x)),
  );
  return echoes.length === 1 ? echoes[0] : null;
}

/** The folded words of the last sentence after its "which drug" phrase (none when it asks no such thing). */
function afterWhich(turn: string): string[] {
  const sentences = turn.split(/(?<=[.!?;])\s+/u).filter((x) => x.trim());
  const ws = words(sentences[sentences.length - 1] ?? '');
  const ask = P.whichDrug.find(ws)[0];
  return ask ? ws.slice(ask.start + ask.length).map((w) => w.folded) : [];
}

/** Does the question name the condition after its "which drug" phrase ("thuốc nào điều trị co giật")? */
function askedAfterWhich(turn: string, condition: string): boolean {
  return ` ${afterWhich(turn).join(' ')} `.includes(` ${syllables(condition).join(' ')} `);
}

/** Words that only say when ("hồi trước", "lần trước", "trước đây", "năm ngoái", "từng"). */
const TIME_WORDS = new Set([
  'hoi',
  'truoc',
  'lan',
  'day',
  'kia',
  'nam',
  'ngoai',
  'thang',
  'tuan',
  'nay',
  'gio',
  'sau',
  'tung',
]);

/** Words that prescribe ("kê ks gì", "kê đơn"): no condition. */
const PRESCRIBE_WORDS = new Set(['ke', 'don', 'toa', 'ke don']);

/** An organ or a value said to be normal ("thận bt", "huyết áp bình thường"). */
const NORMAL_TAIL = / (?:bt|binh thuong|on|tot|con tot|trong gioi han)$/;

/** Words that open a clause naming the diagnosis ("bị nấm …", "chẩn đoán suy giáp", "nghĩ sốt mò"). */
/** Diagnosis openers of more than one word, which glue stripping does not take off ("khám ra", "phát hiện"). */
const MULTI_WORD_OPENERS = [
  'chan doan',
  'nghi la',
  'kham ra',
  // "đi khám phụ khoa ra nấm Candida âm đạo", "siêu âm ra sỏi thận": what the examination found
  'kham phu khoa ra',
  'kham benh ra',
  'sieu am ra',
  'xet nghiem ra',
  'soi ra',
  'phat hien',
  'len con',
  'danh gia',
  'noi soi',
  'noi la',
  'bao la',
  'ket luan la',
  'ket luan',
].map((o) => o.split(' '));

/** Who reports the diagnosis at a clause's start ("bs", "bác sĩ", "bs trực"), folded; their length in words, or 0. */
const REPORTERS = [
  ['bs', 'truc'],
  ['bac', 'si', 'truc'],
  // "bác sĩ khám nói là …": who examined, then what they said
  ['bs', 'kham'],
  ['bac', 'si', 'kham'],
  ['bs'],
  ['bac', 'si'],
  ['bsi'],
];
function reporterLength(folded: string[]): number {
  const r = REPORTERS.find((x) => x.every((w, k) => folded[k] === w) && folded.length > x.length);
  return r ? r.length : 0;
}

/** Words inside a clause after which it names the diagnosis ("… bảo bị lỵ amip", "… nhiễm Chlamydia"). */
const MID_DIAGNOSIS = new Set(['bi', 'nhiem', 'dx']);

/** Clauses that report a test or a history, not the condition to treat ("test nhanh liên cầu (+)", "tiền sử …"). */
const FINDING_OPENERS = new Set(['test', 'xet', 'xn', 'cay', 'ket', 'tien']);

const TEMPORAL_MARKED = new Set(['giờ', 'hiện', 'mới', 'vừa', 'lại', 'đang', 'còn', 'rồi', 'từ', 'hôm', 'qua']);

/** A time word ("giờ", "đang", "từ"): typed without marks, any word folding to one; typed with them, only itself. */
const temporal = (w: Word) => (w.plain ? TEMPORAL.has(w.folded) : TEMPORAL_MARKED.has(w.text));

/** Units a lab value or a dose is written with. */
const MEASURE_UNITS = new Set([
  'mmol',
  'l',
  'mg',
  'ml',
  'kg',
  'g',
  'mcg',
  'ui',
  'dl',
  'umol',
  'mol',
  'phut',
  'p',
  'ms',
  // the test a value is of ("ECG QTc 510ms", "xn K 3,1"): a measurement, never the condition asked
  'ecg',
  'ekg',
  'qtc',
  'qt',
  'xn',
  'kq',
]);

/** Words that end what an examination found ("… âm đạo có thuốc nào"), folded. */
const FOUND_ENDS = new Set([
  'co',
  'thuoc',
  'nao',
  'gi',
  'thi',
  'dung',
  'uong',
  'duoc',
  'khong',
  'ko',
  'ma',
  'va',
  'nen',
]);

/** Words of time and history, folded: alone they name no condition ("tiền sử", "giờ", "hiện tại"). */
const TIME_AND_HISTORY = new Set(['tien', 'su', 'gio', 'hien', 'tai', 'nay', 'luc', 'dang', 'moi', 'truoc', 'day']);

/** Words that open the complaint the patient has now ("giờ …", "nay …", "hiện …"). */
const NOW_WORDS = new Set(['gio', 'nay', 'hien']);

/** A ward note's arrow to its conclusion ("acid uric 560 → gút cấp", "→ chẩn đoán …"), not one joining words. */
const ARROW = /\s*(?:→|->|=>)\s*(?!(?:chẩn đoán|chan doan|cđ|cd)\s)(?=\p{L})/giu;
const ARROW_BEFORE_OPENER = /\s*(?:→|->|=>)\s*(?=(?:chẩn đoán|chan doan|cđ|cd)\s)/giu;

/** "…, acid uric 560 → gút cấp. Thuốc nào …": what the arrow leads to is the diagnosis, said as one. */
function arrowToDiagnosis(text: string): string {
  return text.replace(ARROW_BEFORE_OPENER, '. ').replace(ARROW, '. chẩn đoán ');
}

/** A diagnosis concluded, and what it names up to the clause's end. */
const CONCLUSION = /(?:^|[^\p{L}])(?:chẩn đoán|chan doan|cđ|dx)\s*:?\s+([^.;?!,()]+)/giu;

const DIAGNOSIS_OPENERS = [
  'bi',
  'mac',
  'chan doan',
  'nghi',
  'nghi la',
  'dx',
  // "CĐ: viêm bàng quang cấp": the ward's "chẩn đoán"
  'cd',
  // "NS: viêm TQ trào ngược độ A": what the endoscopy found
  'ns',
  'noi soi',
  'kham ra',
  'kham phu khoa ra',
  'kham benh ra',
  'sieu am ra',
  'xet nghiem ra',
  'soi ra',
  'phat hien',
  // "bs đánh giá cơn hen mức độ TB": the clinician's assessment
  'danh gia',
  'len con',
  'dang len con',
  // "bác sĩ (khám) nói là / bảo là / kết luận …": what the doctor said the patient has
  'noi la',
  'bao la',
  'ket luan la',
  'ket luan',
];

/**
 * Words of time that open a clause about the patient ("giờ viêm họng", "hiện đang ho"); not
 * "nay": folded, it is also "này", a pointer back.
 */
const TEMPORAL = new Set(['gio', 'hien', 'moi', 'vua', 'lai', 'dang', 'con', 'roi', 'tu', 'hom', 'qua']);

/** A clause that starts another question after the "which drug" one ("…, uống thì có phải ngưng cho bú ko"). */
const NEXT_CLAUSE_QUESTION =
  /[,.;?!]\s*(?:uống|uong|dùng|dung|thì|thi|vậy|vay|còn|con|nếu|neu|mà|ma|liều|lieu|đang|dang|dạng|loại|loai|cách|cach|cần|can|lưu ý|luu y|chỉnh|chinh|tương tác|tuong tac)\s/iu;

/** A second question joined onto the "which drug for X" one ("… và có ảnh hưởng sữa không", "… mà dùng được …"). */
const JOINED_QUESTION =
  /[\s,]+(?:và|va|mà|ma|hay)\s+(?:có|co|dùng|dung|uống|uong|cần|can|nên|nen|ảnh|anh|được|duoc|đc|dc|liều|lieu|bị|bi)\s/iu;

/** A "condition" longer than this is a sentence, not a condition: ask which condition instead. */
const MAX_CONDITION_WORDS = 8;

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
  'ức chế men chuyển',
  'ức chế enzym chuyển',
]);

/**
 * The stub parser's condition reader: which condition a "which drug for X" turn asks about, the patient's
 * comorbidities and allergies told beside it, and the turn with the patient's context taken out.
 */
/** The words of a text, punctuation taken out, and where each sentence (ended by . ; ? !) starts among them. */
function sentenceWords(text: string): { ws: string[]; starts: number[]; commas: number[] } {
  const ws: string[] = [];
  const starts = [0];
  const commas: number[] = [];
  for (const token of normalize(text).split(' ').filter(Boolean)) {
    ws.push(
      ...token
        .replace(/[?!.,;:]+/g, ' ')
        .split(' ')
        .filter(Boolean),
    );
    if (/[.;?!]$/.test(token) && ws.length > starts[starts.length - 1]) starts.push(ws.length);
    else if (/,$/.test(token)) commas.push(ws.length);
  }
  return { ws, starts, commas };
}

/** Words that ask which drug ("thuốc nào", "ks gì", "có thuốc"), folded, as the start of a clause's question. */
const ASKS_WHICH = / (?:thuoc|ks|khang sinh) (?:nao|gi) | co thuoc /;

export class ConditionReader {
  private readonly conditions: { folded: string; display: string }[];
  /** The conditions as written, matched diacritics-aware. */
  private readonly vocabulary: PhraseSet;
  private readonly displayOf = new Map<string, string>();

  constructor(
    private readonly resolver: DrugResolver,
    /** Indication heads known to the formulary ("tăng huyết áp", "bệnh gút", ...). */
    conditionVocabulary: string[],
    /** The monographs' text: which conditions indications name. */
    private readonly content: SectionsByContent | null,
  ) {
    const seen = new Set<string>();
    this.conditions = [];
    for (const c of conditionVocabulary) {
      const folded = syllables(c).join(' ');
      // a one-word head that is neither a symptom nor an umbrella term ("kèm") is a fragment of a heading, not a condition
      const fragment = !folded.includes(' ') && !isSymptom(c) && !VAGUE_CONDITIONS.includes(folded);
      if (folded && !fragment && !seen.has(folded)) {
        seen.add(folded);
        this.conditions.push({ folded, display: normalize(c) });
      }
    }
    this.conditions.sort((a, b) => b.folded.length - a.folded.length);
    for (const c of this.conditions) this.displayOf.set(normalize(c.display), c.display);
    this.vocabulary = new PhraseSet(this.conditions.map((c) => c.display));
  }

  /** The turn as the parser reads it: ward shorthand expanded. */
  private expand(turn: string): string {
    return expandShorthand(turn, (t) => this.resolver.isDrugName(t));
  }

  allergies(text: string): string[] {
    const out: string[] = [];
    // "uống ibuprofen bị nổi mề đay", "lên cơn hen sau uống aspirin": a reaction to a drug is an allergy to it
    for (const m of reactionMentions(text)) {
      // "sốc phản vệ khi tiêm penicillin": a class reacted to is an allergy to the class
      const cls = ALLERGY_CLASSES.at(words(m), 0);
      if (cls) {
        out.push(cls.phrase);
        continue;
      }
      const drug = this.resolver.findMentions(m)[0];
      if (drug && (drug.reading.kind === 'formulary' || drug.reading.kind === 'outside'))
        out.push(normalize(drug.text));
    }
    for (const m of allergyMentions(text)) {
      const ws = words(m);
      const cls = ALLERGY_CLASSES.at(ws, ws[0]?.folded === 'nhom' ? 1 : 0);
      if (cls) out.push(cls.phrase);
      else {
        // the allergen is the word(s) right after the cue, not a drug named later in the sentence
        const drug = this.resolver.findMentions(m)[0];
        const named = drug && fold(m).startsWith(fold(drug.text));
        if (named && drug.reading.kind !== 'unknown' && drug.reading.kind !== 'ambiguous')
          out.push(normalize(drug.text));
      }
    }
    return [...new Set(out)];
  }

  /** Formulary conditions named in the turn other than the one asked about: the patient's comorbidities. */
  comorbidities(text: string, asked: string | null): string[] {
    const key = (c: string) => ` ${syllables(c).join(' ')} `;
    const askedKey = asked ? key(asked) : '';
    // the condition asked about, and every shorter name inside it or inside another, are not a comorbidity;
    // a lab value says a state too ("K máu 6.1" → tăng kali máu)
    return (
      [...this.namedConditions(text), ...labStates(this.expand(text))]
        // a symptom ("co giật" in "động kinh cơn co cứng – co giật") describes the condition, it is no comorbidity
        .filter((c) => c.includes(' ') && !VAGUE_CONDITIONS.includes(syllables(c).join(' ')) && !isSymptom(c))
        // "dự phòng huyết khối", "giảm đau" say what the drug is for, not what the patient has
        .filter((c) => !PURPOSE.test(syllables(c).join(' ')))
        .filter((c) => !inClassNameOnly(text, c))
        .filter((c) => !askedKey.includes(key(c)))
        .filter((c, i, all) => !all.slice(0, i).some((longer) => key(longer).includes(key(c))))
        .slice(0, 5)
    );
  }

  /**
   * "thuốc tiểu đường nào uống được", "thuoc huyet ap gi": a drug asked by the condition it treats, written
   * between "thuốc" and the question word — when an indication names those words.
   */
  drugAskedByCondition(turn: string): boolean {
    const ws = words(this.expand(turn));
    for (let i = 0; i < ws.length; i++) {
      if (!says(ws[i], 'thuốc')) continue;
      const end = ws.findIndex((w, j) => j > i + 1 && j <= i + 6 && (says(w, 'nào') || says(w, 'gì')));
      if (end < 0) continue;
      const between = ws
        .slice(i + 1, end)
        .map((w) => w.text)
        .join(' ');
      if (this.content?.indicationKeyword(between).length) return true;
    }
    return false;
  }

  /** A formulary indication of two words or more named in the turn (any synonym), or null. */
  knownCondition(turn: string): string | null {
    // an allergy told, and its reaction ("dị ứng penicillin (nổi mày đay toàn thân)"), name no condition
    // … nor does one denied ("ko có bệnh thận gan gì")
    const text = this.withoutAllergies(arrowToDiagnosis(turn));
    return this.namedConditions(text).find((c) => c.includes(' ') && !deniedIn(text, c)) ?? null;
  }

  /** The turn, shorthand expanded, with the allergies it tells and the reactions that made them taken out. */
  private withoutAllergies(turn: string): string {
    // the reaction that made the allergy ("uống ibuprofen bị nổi mề đay") is history, not the condition asked
    let expanded = withoutReactions(normalize(this.expand(turn)));
    for (const a of this.allergies(expanded))
      expanded = expanded.replace(
        new RegExp(`${ALLERGY_CUE}(?:\\s+nhóm|\\s+nhom)?\\s+${escape(a)}(?:\\s*\\([^)]*\\))?`, 'giu'),
        ' ',
      );
    return expanded;
  }

  /**
   * Formulary conditions named in the text, longest first: as typed, diacritics-aware ("sản phụ" is not
   * "phù"), then through the formulary's synonyms ("cao huyết áp" → "tăng huyết áp", multi-word only).
   */
  private namedConditions(text: string): string[] {
    const ws = words(text);
    const out = this.vocabulary
      .find(ws)
      // "KS nào phù hợp": a word that only begins an everyday word names no condition
      .filter((h) => (NOT_A_CONDITION.at(ws, h.start)?.length ?? 0) <= h.length)
      .map((h) => this.displayOf.get(h.phrase) ?? h.phrase);
    for (const variant of expandCondition(text).slice(1))
      for (const c of this.conditions)
        if (c.folded.includes(' ') && ` ${variant} `.includes(` ${c.folded} `) && !out.includes(c.display))
          out.push(c.display);
    // a name found through a synonym ("đau dây sinh ba") is as long as its formal name; a name said twice is one
    return [...new Set(out)].sort((a, b) => b.length - a.length);
  }

  /**
   * The condition named in a "which drug for X" turn: a formulary indication if one matches,
   * else the words after the verb or before the question, with the patient's context (who,
   * pregnancy, age, kidney, allergy) taken out — the condition, not the sentence. A remainder
   * too long to be a condition names none: the router then asks which condition.
   */
  condition(asked: string, typedWithMarks?: boolean): { name: string | null; several: boolean } {
    return { name: this.read(arrowToDiagnosis(asked), typedWithMarks), several: this.several };
  }

  /** Set by read(): the condition it read was picked among several the turn names, none of them asked. */
  private several = false;

  /** `typedWithMarks`: whether the user typed the turn with diacritics (the shorthand's expansion writes its own). */
  private read(asked: string, typedWithMarks?: boolean): string | null {
    const read = this.readAsked(asked, typedWithMarks);
    // (a reading that names the conclusion, as said, stands: "viêm bàng quang cấp")
    const concluded = this.concluded(asked);
    if (concluded && !` ${syllables(read ?? '').join(' ')} `.includes(` ${syllables(concluded).join(' ')} `))
      return concluded;
    // "có tiền sử dị ứng penicillin … Giờ em uống thuốc gì": words of time and history name no condition
    if (read && syllables(read).every((w) => TIME_AND_HISTORY.has(w))) return null;
    const named = this.attackNamed(asked, read) ?? this.foundByExamination(asked, read) ?? read;
    // "cần điều trị chống đông": a class of drugs is what is given, never the condition treated — the one
    // condition the turn names is (two or none: which one is asked)
    if (!named || !CLASS_FOLDED.has(syllables(named).join(' '))) return named;
    const told = this.namedConditions(this.withoutPatient(asked)).filter(
      (c) => !CLASS_FOLDED.has(syllables(c).join(' ')),
    );
    return told.length === 1 ? told[0] : null;
  }

  /**
   * "TPTNT nitrit +, đau hông lưng P, chạm thận (+) → chẩn đoán viêm thận bể thận cấp": the last diagnosis a note
   * concludes with ("chẩn đoán …", "CĐ: …", "Dx …", an arrow) that the formulary names is the condition — the findings
   * before it describe it. Never one told as history.
   */
  concluded(turn: string): string | null {
    const found = [...this.expand(arrowToDiagnosis(turn)).matchAll(CONCLUSION)].map((m) => m[1].trim()).reverse();
    for (const clause of found) {
      const named =
        this.knownCondition(clause) ??
        (syllables(clause).length <= MAX_CONDITION_WORDS && this.content?.indicationKeyword(clause).length
          ? clause
          : null);
      if (named && !historyOnly(turn, named)) return named;
    }
    return null;
  }

  /**
   * "Chị 28 tuổi, sinh bé được 3 tháng, đang cho bú, đi khám phụ khoa ra nấm Candida âm đạo. Có thuốc nào dùng được":
   * a one-word reading ("sinh", a word of the patient's story) beside what an examination found that an indication
   * names — that is asked (never one told as history).
   */
  private foundByExamination(turn: string, read: string | null): string | null {
    // (only a single word: a longer reading is a condition of its own)
    if (!this.content || !read || syllables(read).length > 1) return null;
    const content = this.content;
    // what an examination found, said after its opener ("khám phụ khoa ra nấm candida âm đạo"): the longest run
    // of words after it that an indication lists
    const ws = this.withoutPatient(turn).split(' ').filter(Boolean);
    const folded = ws.map((w) => fold(w));
    for (const opener of DIAGNOSIS_OPENERS.filter((o) => o.includes(' ')).map((o) => o.split(' '))) {
      for (let i = 0; i + opener.length < ws.length; i++) {
        if (!opener.every((o, k) => folded[i + k] === o)) continue;
        const from = i + opener.length;
        // (the question after it is no part of it: "… âm đạo có thuốc nào …")
        const stop = folded.findIndex((w, k) => k > from && FOUND_ENDS.has(w));
        const end = stop < 0 ? ws.length : stop;
        for (let n = Math.min(6, end - from); n >= 2; n--) {
          const found = ws.slice(from, from + n).join(' ');
          if (content.indicationKeyword(found).length && !historyOnly(turn, found)) return found;
        }
      }
    }
    return null;
  }

  /**
   * "cơn gút cấp khớp gối …, loét DD-TT đang tiến triển, thuốc nào cắt cơn đc?", "nghĩ cơn gút cấp. … điều trị cơn
   * cấp?": a reading that names nothing an indication names ("loét dd tt tiến triển", "cơn cấp") beside an acute
   * attack the turn names, which one does ("cơn gút cấp") — the attack is what is asked; never one told as history.
   */
  private attackNamed(turn: string, read: string | null): string | null {
    if (!this.content || (read && this.content.indicationKeyword(read).length)) return null;
    const ws = words(this.expand(turn));
    for (let i = 0; i + 2 < ws.length; i++) {
      if (ws[i].folded !== 'con' || (!ws[i].plain && ws[i].text !== 'cơn')) continue;
      const end = ws.findIndex((w, k) => k > i && k <= i + 3 && w.folded === 'cap');
      if (end < 0) continue;
      const attack = ws
        .slice(i, end + 1)
        .map((w) => w.text)
        .join(' ');
      if (!this.content.indicationKeyword(attack).length || historyOnly(turn, attack)) continue;
      return attack;
    }
    return null;
  }

  private readAsked(asked: string, typedWithMarks?: boolean): string | null {
    this.several = false;
    // "thuốc nào trị lỵ amip và có ảnh hưởng sữa không": the condition ends where the second question starts
    const joined = JOINED_QUESTION.exec(asked);
    let turn = joined && P.whichDrug.has(words(asked.slice(0, joined.index))) ? asked.slice(0, joined.index) : asked;
    // "có thuốc uống nào trị ko ạ, uống thì có phải ngưng cho bú ko": a second question after the clause ends
    const next = [...turn.matchAll(new RegExp(NEXT_CLAUSE_QUESTION.source, 'giu'))].find((m) =>
      P.whichDrug.has(words(turn.slice(0, m.index))),
    );
    if (next) turn = turn.slice(0, next.index);
    const clean = this.withoutPatient(turn);
    // "ko dị ứng thuốc", "không sốt": a condition the user denies is not the one asked
    // … nor one told only as history ("Tiền sử tiêm ampicillin bị sốc")
    // (denial read in the words as typed: "chưa lọc máu. viêm mũi dị ứng" is no "chưa viêm" once the kidney is taken out)
    const told = this.namedConditions(clean).filter((c) => !deniedIn(this.expand(turn), c) && !historyOnly(turn, c));
    // "Đang dùng warfarin (rung nhĩ, INR 2,4) …": a condition said only in brackets beside others is an aside (what a
    // drug taken is for, a reaction), not the one asked
    // … and so is what a drug taken is for, said after it ("đang uống warfarin vì rung nhĩ")
    const outsideBrackets = this.namedConditions(
      this.withoutPatient(this.withoutDrugReasons(turn.replace(/\([^()]*\)/gu, ' '))),
    );
    const named = told.some((c) => outsideBrackets.includes(c))
      ? told.filter((c) => outsideBrackets.includes(c))
      : told;
    // "vừa bị trào ngược dạ dày, vừa bị viêm mũi dị ứng …. Có thuốc nào dùng được không?": conditions told side by
    // side, none of them in the question — which one is asked (the first is echoed)
    const alongside = sideBySide(turn, (clause) => this.namedConditions(this.withoutPatient(clause)));
    if (alongside.length >= 2 && !alongside.some((c) => askedAfterWhich(turn, c))) {
      this.several = true;
      return alongside[0];
    }
    // "thuốc hạ đường huyết đường uống nào" beside "ĐTĐ typ 2, THA, bệnh thận mạn": the purpose says which
    const purpose = purposeCondition(words(this.expand(turn)));
    if (purpose) {
      const key = syllables(purpose).join(' ');
      return named.find((c) => ` ${syllables(c).join(' ')} `.includes(` ${key} `)) ?? purpose;
    }
    const specific = named.find((c) => !VAGUE_CONDITIONS.includes(syllables(c).join(' ')));
    // an umbrella head ("viêm") is only the answer when nothing more specific is named ("viêm xoang");
    // "bệnh" alone ("bệnh này thì …") is the noun of a pointer back, not an umbrella condition
    const umbrella =
      named.find((c) => VAGUE_CONDITIONS.includes(syllables(c).join(' ')) && syllables(c).join(' ') !== 'benh') ?? null;
    const { ws, starts, commas } = sentenceWords(clean);
    const folded = ws.map((w) => syllables(w).join(' '));
    // typed with its marks, a word is only itself: "co giật" does not start with the glue "có"
    // (the marks the shorthand's expansion wrote, "47t" → "47 tuổi", are not the user's: told by the caller)
    const written = typedWithMarks ?? words(turn).some((w) => !w.plain);
    const glue = (w: string) =>
      written && fold(w) === normalize(w)
        ? QUESTION_GLUE_UNMARKED.has(normalize(w))
        : QUESTION_GLUE.has(fold(w)) && (!written || QUESTION_GLUE_MARKED.has(normalize(w)));
    const accept = (rest: string[]): string | null => {
      while (rest.length && LEADING_PARTICLES.includes(rest[0])) rest.shift();
      // "Ngoài azithromycin ra thì còn kháng sinh nào": what the question sets aside names no condition
      if (rest.length && ['ngoai', 'tru'].includes(fold(rest[0])) && fold(rest[1] ?? '') !== 'da') return null;
      // "nấm candida âm đạo thì trong danh mục …": the condition ends at "thì"; where to look is no part of it
      const then = rest.findIndex((w, i) => i > 0 && (w === 'thì' || (!written && fold(w) === 'thi')));
      if (then > 0) rest.splice(then);
      const from = rest.findIndex(
        (w, i) =>
          i > 0 &&
          ['trong', 'danh', 'dt', 'ds'].includes(fold(w)) &&
          rest.slice(i).every((x) => SOURCE_WORDS.has(fold(x))),
      );
      if (from > 0) rest.splice(from);
      // "bn viêm phổi cộng đồng, ks nào": the patient the note starts with is not part of the condition
      while (rest.length && fold(rest[0]) === 'bn') rest.shift();
      // "G3 nam 45t viêm họng …" (the bed and age taken out): the sex is the patient's — "nam" only as typed in a
      // marked turn, where "nấm" would carry its marks
      while (rest.length > 1 && (rest[0] === 'nữ' || (written && rest[0] === 'nam'))) rest.shift();
      if (fold(rest[0] ?? '') === 'benh' && fold(rest[1] ?? '') === 'nhan') rest.splice(0, 2);
      // "cho người (bị) viêm họng": who has it is no part of it
      if (rest.length > 1 && fold(rest[0]) === 'nguoi')
        rest.splice(0, fold(rest[1]) === 'bi' && rest.length > 2 ? 2 : 1);
      while (rest.length && TRAILING_PARTICLES.includes(rest[rest.length - 1])) rest.pop();
      // "cơn hen mức độ TB", "VPCĐ mức độ vừa": how severe it is is no part of its name (the severity stays the patient's)
      const severity = rest.findIndex((w, i) => i > 0 && fold(w) === 'muc' && fold(rest[i + 1] ?? '') === 'do');
      if (severity > 0) rest.splice(severity);
      // "bệnh tim lâu năm": how long it has lasted is no part of it
      if (rest.length > 2 && ['lau nam', 'nhieu nam'].includes(rest.slice(-2).map(fold).join(' '))) rest.splice(-2);
      // words that join the question ("… thì nên dùng", "… có uống") name no condition
      while (rest.length && glue(rest[rest.length - 1])) rest.pop();
      // "cần điều trị chống đông": a class is what is given, never the condition treated
      if (rest.length && trailingClassWords(rest.join(' ')) === rest.length) return null;
      // "… viêm tai giữa cấp, KS uống gì": the class the question asks by is not part of the condition
      for (
        let n = trailingClassWords(rest.join(' '));
        n > 0 && n < rest.length;
        n = trailingClassWords(rest.join(' '))
      ) {
        rest.splice(rest.length - n);
        while (rest.length && (glue(rest[rest.length - 1]) || fold(rest[rest.length - 1]) === 'thuoc')) rest.pop();
      }
      while (rest.length && glue(rest[0])) rest.shift();
      // "… cắt cơn gút dùng [được thuốc nào]": a use verb left at the end names nothing
      while (rest.length > 1 && ['dung', 'uong', 'xai'].includes(fold(rest[rest.length - 1]))) rest.pop();
      // "chữa bệnh đó / này / kia": a pointer back to a condition named elsewhere in the turn (read by the clauses)
      if (rest.length && rest.every((w) => DEMONSTRATIVES.includes(w))) return null;
      // "dùng đc cho đợt này", "cho tình trạng này": a pointer back to the condition the note told
      if (
        rest.length >= 2 &&
        DEMONSTRATIVES.includes(rest[rest.length - 1]) &&
        POINTER_NOUNS.has(rest.slice(0, -1).map(fold).join(' '))
      )
        return null;
      // "Nay đợt tiến triển", "giờ đợt cấp": a flare of the condition the turn names, not a condition of its own
      if (isFlare(rest)) return null;
      // "hồi trước", "lần trước", "trước đây": when, not what
      if (rest.length && rest.every((w) => TIME_WORDS.has(fold(w)))) return null;
      // "kê ks gì": the verb that prescribes names no condition
      if (rest.length && rest.every((w) => PRESCRIBE_WORDS.has(fold(w)))) return null;
      // "chức năng gan thận bt": an organ said to be normal is no condition
      if (rest.length >= 2 && NORMAL_TAIL.test(` ${rest.map(fold).join(' ')}`)) return null;
      // "… suy giáp cho bn này": who it is for is the patient, not part of the condition
      const forWhom = rest.findIndex(
        (w, i) => i > 0 && fold(w) === 'cho' && rest.slice(i + 1).every((x) => PATIENT_POINTERS.has(fold(x))),
      );
      if (forWhom > 0) rest.splice(forWhom);
      // "… cho bệnh tim của ông": whose it is names nothing of it
      const whose = rest.findIndex(
        (w, i) => i > 0 && fold(w) === 'cua' && rest.slice(i + 1).every((x) => PATIENT_POINTERS.has(fold(x))),
      );
      if (whose > 0) rest.splice(whose);
      // "… cắt cơn hen dùng [được] cho sp này": the use verb before who it is for names nothing
      while (forWhom > 0 && rest.length > 1 && ['dung', 'uong', 'xai'].includes(fold(rest[rest.length - 1])))
        rest.pop();
      // "… đau dây sinh ba, bn này dùng được không": the patient pointed at closes the condition
      const pointer = rest.findIndex(
        (w, i) => i > 0 && fold(w) === 'bn' && rest.slice(i + 1).every((x) => DEMONSTRATIVES.includes(x)),
      );
      if (pointer > 0) rest.splice(pointer);
      // "… VKDT dùng đc cho bn lúc này": a may-use tail asks whether, for whom and when — it names no condition
      const mayUse = rest.findIndex(
        (w, i) =>
          i > 0 &&
          ['dung', 'uong', 'xai'].includes(fold(w)) &&
          ['duoc', 'dc', 'cho', 'them'].includes(fold(rest[i + 1] ?? '')),
      );
      if (mayUse > 0) rest.splice(mayUse);
      // "… cho bệnh tim của ông dùng thêm được ko": whose it is, once the may-use tail is cut
      const owner = rest.findIndex(
        (w, i) => i > 0 && fold(w) === 'cua' && rest.slice(i + 1).every((x) => PATIENT_POINTERS.has(fold(x))),
      );
      if (mayUse > 0 && owner > 0) rest.splice(owner);
      // "trong danh mục / dược thư (có thuốc nào)": where to look, not what to treat
      if (rest.length && rest.every((w) => SOURCE_WORDS.has(fold(w)))) return null;
      // "điều trị được cho bn này": who it is for, not what to treat
      if (rest.length && rest.every((w) => PATIENT_POINTERS.has(fold(w)))) return null;
      if (!rest.length || rest.length > MAX_CONDITION_WORDS) return null;
      // "6.1 mmol/L", "1 mmol l": a value and its unit name no condition
      if (rest.every((w) => /\d/.test(w) || MEASURE_UNITS.has(fold(w)))) return null;
      // "cắt cơn/điều trị đc": a treat-verb names what is done, not what is treated
      // ("cần điều trị [chống đông]": the need to treat names nothing either)
      if (rest.every((w) => ['dieu', 'tri', 'chua', 'cat', 'con', 'dung', 'can', 'phai'].includes(fold(w))))
        return null;
      // "K máu 6.1": a lab value is the patient's state (labStates), not the condition asked
      if (labStates(rest.join(' ')).length) return null;
      // "do tiểu đường" left of "bệnh thận do tiểu đường" once the kidney was taken out: a cause without its condition
      if (fold(rest[0]) === 'do' && / (?:than|gan) do /.test(` ${syllables(turn).join(' ')} `)) return null;
      return rest.join(' ');
    };
    // "đang dùng clarithromycin điều trị VP. cắt cơn gút dùng thuốc gì?": the last sentence asks; what an earlier
    // one says the patient is already treated for is history
    const sentences = turn.split(/[.;?!]+(?=\s|$)/u).filter((x) => syllables(x).length);
    const lastRead = sentences.length > 1 ? sentenceWords(this.withoutPatient(sentences[sentences.length - 1])) : null;
    const last = lastRead?.ws ?? [];
    const fromLast = last.length
      ? this.objectOfTreat(
          last,
          last.map((w) => syllables(w).join(' ')),
          accept,
          [0],
          lastRead?.commas,
        )
      : null;
    const treated = fromLast ?? this.objectOfTreat(ws, folded, accept, starts, commas);
    const object = treated?.condition ?? null;
    // "… sốt cao …, thuốc nào trị sốt mò": a symptom found in the turn is not the condition asked when
    // the treat-verb's object is a short name that starts with it (the context's "sốt" is not the question's)
    // "gút mạn, THA, … thuốc nào chỉ định cho bệnh gút": the condition in the question's object, not the context's
    const inObject =
      treated === null
        ? undefined
        : this.namedConditions(treated.words).find(
            (c) => !VAGUE_CONDITIONS.includes(syllables(c).join(' ')) && !deniedIn(treated.words, c),
          );
    // "… chỉ định cho bệnh thận do tiểu đường": the object names more than the condition inside it (a condition it
    // causes) — the object, when an indication names it
    const objectNamesMore =
      !!inObject &&
      !!object &&
      syllables(object).length > syllables(inObject).length &&
      !!this.content?.indicationKeyword(object).length;
    if (inObject && !isSymptom(inObject) && !objectNamesMore) return inObject;
    // "… XN: LDL-C 4,6. Mỡ máu thì xài thuốc gì?", "… Diệt HP thì dùng những thuốc nào": the last sentence asks, and
    // the condition it opens with is the one asked — not one the patient's history named in an earlier sentence
    if (fromLast === null && sentences.length > 1) {
      const asking = this.withoutPatient(this.expand(sentences[sentences.length - 1]));
      const ask = P.whichDrug.find(words(asking))[0];
      const lead = ask
        ? words(asking)
            .slice(0, ask.start)
            .map((w) => w.text)
        : [];
      // "Giờ cho thuốc gì", "Vậy còn …": words of time and of going on name nothing
      while (
        lead.length &&
        (TIME_WORDS.has(fold(lead[0])) || ['cho', 'con', 'vay', 'the', 'a'].includes(fold(lead[0])))
      )
        lead.shift();
      // "Mỡ máu thì xài …": the word that joins it to the question is no part of it
      while (lead.length && ['thi', 'nen', 'ma', 'vay', 'xai', 'dung', 'uong'].includes(fold(lead[lead.length - 1])))
        lead.pop();
      // "Phác đồ diệt HP: DT có những thuốc nào …": a condition the asking sentence names before "which drug"
      const inLead = this.namedConditions(lead.join(' ')).find(
        (c) => !isSymptom(c) && !VAGUE_CONDITIONS.includes(syllables(c).join(' ')) && named.includes(c),
      );
      if (inLead) return inLead;
      const opened = lead.length ? accept([...lead]) : null;
      if (
        opened &&
        !isSymptom(opened) &&
        !VAGUE_CONDITIONS.includes(syllables(opened).join(' ')) &&
        // a condition of its own words: two syllables at least ("em", "thường" are words of many indications)
        syllables(opened).length >= 2 &&
        this.content?.indicationKeyword(opened).length
      )
        return opened;
    }
    // "ĐTĐ typ 2, …, chẩn đoán cơn gút cấp. thuốc nào chỉ định điều trị cơn gút cấp": the treat-verb's object
    // is the condition asked; a condition named only in the patient's context is a comorbidity
    if (
      object &&
      (!inObject || isSymptom(inObject)) &&
      specific &&
      (syllables(object).length >= 2 || foreignName(object)) &&
      !syllables(object).join(' ').includes(syllables(specific).join(' '))
    )
      return object;
    // "bn động kinh, thuốc nào dùng cắt cơn bệnh thận": the object read before the patient's context was
    // taken out (a kidney or liver condition is also the patient's) is still the condition asked
    // nothing named is left once the patient's context was taken out ("tiền sử đột quỵ, thuốc nào điều trị xơ gan?",
    // "xơ gan, …, nghĩ bệnh thận"): the treat-verb's object or the diagnosis, as typed, is the condition asked — an
    // organ's condition is the patient's, but here it is also what the question names
    if (object === null && !specific && !named.length) {
      const raw = sentenceWords(turn);
      const asTyped =
        this.objectOfTreat(
          raw.ws,
          raw.ws.map((w) => syllables(w).join(' ')),
          accept,
          raw.starts,
        )?.condition ?? this.diagnosisClause(turn, accept);
      // only when what was taken out is a kidney or liver condition: then the question named it, not the patient
      if (asTyped && / (?:gan|than) /.test(` ${syllables(asTyped).join(' ')} `)) return asTyped;
    }
    if (object === null && specific) {
      const raw = sentenceWords(turn);
      const rawObject = this.objectOfTreat(
        raw.ws,
        raw.ws.map((w) => syllables(w).join(' ')),
        accept,
        raw.starts,
      )?.condition;
      if (
        rawObject &&
        !syllables(rawObject).join(' ').includes(syllables(specific).join(' ')) &&
        this.content?.indicationKeyword(rawObject).length
      )
        return rawObject;
    }
    // "bn THA, …, nghĩ gút cấp. thuốc nào dùng được": the diagnosis clause names the condition asked; a condition
    // named in the patient's history (THA) is a comorbidity — when an indication names the diagnosis
    // (the treat-verb's object, when there is one, names nothing an indication names: "… điều trị được ạ, … có sao không")
    if (specific && this.content && (object === null || !this.content.indicationKeyword(object).length)) {
      const clause = this.diagnosisClause(turn, accept);
      const key = syllables(specific).join(' ');
      // "giờ lên cơn gút cấp ngón cái": where it hurts follows the diagnosis — the longest start an indication names
      const diagnosis = clause && this.namedStart(clause);
      if (diagnosis && !syllables(diagnosis).join(' ').includes(key)) return diagnosis;
      // "động kinh, …, nghĩ bệnh thận": a diagnosis the formulary lists nothing for is still the one asked — never
      // the history's condition
      if (clause && !diagnosis && !syllables(clause).join(' ').includes(key) && syllables(clause).length <= 4)
        return clause;
      // "bị động kinh cơn vắng ý thức từ hồi cấp 2": the diagnosis narrows the condition it names — the longest
      // start of it an indication still names ("động kinh cơn vắng ý thức", where phenytoin says "không có hiệu quả")
      if (clause && syllables(clause).join(' ').startsWith(`${key} `)) {
        const ws = clause.split(' ');
        for (let n = ws.length; n > key.split(' ').length; n--) {
          // a start that ends on a particle or a preposition narrows nothing ("… sâu ở" of "… sâu ở chân")
          if (TRAILING_PARTICLES.includes(ws[n - 1]) || LINKING_WORDS.includes(ws[n - 1])) continue;
          const narrower = ws.slice(0, n).join(' ');
          if (this.content.indicationKeyword(narrower).length) return narrower;
        }
      }
    }
    // "đau bụng kinh nguyên phát, có thuốc nào chỉ định ko": the clause names more than the symptom it starts with
    // — when an indication names it ("phù chân", "sốt 39 độ" stay the symptom)
    if (specific && object === null && isSymptom(specific) && this.content) {
      const clause = this.clauseBeforeQuestion(turn, accept);
      const key = syllables(specific).join(' ');
      // "đau đầu nhiều": the longest start of the clause an indication names, when it says more than the symptom
      const start = clause && syllables(clause).join(' ').startsWith(`${key} `) ? this.namedStart(clause) : null;
      if (start && syllables(start).length > key.split(' ').length) return start;
    }
    if (specific) {
      const key = syllables(specific).join(' ');
      const said = object === null ? [] : syllables(object);
      const narrower =
        isSymptom(specific) &&
        said.length > key.split(' ').length &&
        said.length <= 3 &&
        said.join(' ').startsWith(`${key} `);
      if (narrower) return object;
      // "suy giáp …, bệnh mạch vành, ĐTN …. DT có thuốc gì thay thế hormon giáp": the question's words after "which
      // drug" share a word of its own with one condition named — that one is asked
      const echoed = object === null ? echoedByQuestion(turn, named) : null;
      if (echoed) return echoed;
      // "bn blốc nhĩ thất độ II …, đau dây TK sinh ba. thuốc chống động kinh nào dùng đc": of the conditions named,
      // one the formulary treats — the others no indication names are the patient's state, not the question
      const treated = (c: string) => !!this.content?.indicationKeyword(c).length;
      // … never beside a diagnosis said or a history told ("tiền sử bướu giáp …, chẩn đoán đau thắt ngực Prinzmetal"):
      // the diagnosis is asked even when nothing treats it
      const toldAs = / (?:chan doan|nghi|dx|cd|tien su|ts) /.test(` ${syllables(turn).join(' ')} `);
      if (object === null && this.content && !toldAs && !treated(specific) && !askedAfterWhich(turn, specific)) {
        const others = named.filter(
          (c) => !VAGUE_CONDITIONS.includes(syllables(c).join(' ')) && !isSymptom(c) && treated(c),
        );
        if (others.length === 1) return others[0];
      }
      // "bn THA, ĐTĐ, thuốc nào dùng được": several conditions and no question naming one — which is asked?
      const key2 = (c: string) => syllables(c).join(' ');
      const turnFolded = ` ${syllables(turn).join(' ')} `;
      // "… CĐ: viêm bàng quang cấp ko biến chứng. … KS nào dùng đc?": the diagnosis said names the one asked
      const diagnosed = this.content ? this.diagnosisClause(turn, accept) : null;
      this.several =
        object === null &&
        !(diagnosed !== null && ` ${syllables(diagnosed).join(' ')} `.includes(` ${key2(specific)} `)) &&
        named.some(
          (c) =>
            c !== specific &&
            !VAGUE_CONDITIONS.includes(key2(c)) &&
            !isSymptom(c) &&
            !inClassNameOnly(turn, c) &&
            !key2(specific).includes(key2(c)) &&
            !key2(c).includes(key2(specific)) &&
            // "… dự phòng đột quỵ": what the drug is asked for, not a second condition of the patient's
            !turnFolded.includes(` du phong ${key2(c)} `) &&
            !turnFolded.includes(` phong ngua ${key2(c)} `) &&
            !turnFolded.includes(` ngua ${key2(c)} `),
        );
      return specific;
    }
    // "bn nữ 71t VPCĐ mức độ vừa": nothing more specific than an umbrella head named (the object, when it points back
    // to one: "… dùng đc cho bn này"), but a longer name it starts
    if (object && object !== umbrella) return object;
    const umbrellaLed = this.umbrellaNamed(turn, umbrella);
    if (umbrellaLed) return umbrellaLed;
    if (object) return object;
    // "(bị) X (thì) dùng thuốc/kháng sinh nào": the clause before the question
    const before =
      /^(?:(?:người|nguoi|bệnh nhân|benh nhan)\s+)?(?:bị|bi)?\s*(.+?)\s+(?:thì\s+|thi\s+)?(?:nên\s+|nen\s+)?(?:dùng|dung|uống|uong)\s+(?:thuốc|thuoc|kháng sinh|khang sinh|gì|gi)/iu.exec(
        ws.join(' '),
      );
    const beforeQuestion = before ? accept(before[1].trim().split(' ')) : null;
    return beforeQuestion ?? this.clauseBeforeQuestion(turn, accept) ?? umbrella;
  }

  /** The turn without what each drug named is said to be taken for ("warfarin vì rung nhĩ", "omeprazol 20mg để trị …"). */
  private withoutDrugReasons(turn: string): string {
    let out = turn;
    for (const m of this.resolver.findMentions(turn).filter((x) => x.resolution))
      out = out.replace(
        new RegExp(
          `(${escape(m.text)}(?:\\s+[\\d.,]+\\s*[\\p{L}/]*)?)\\s+(?:vì|vi|do|để trị|de tri|để điều trị|điều trị|dieu tri)\\s+[^.,;?!()]+`,
          'giu',
        ),
        '$1 ',
      );
    return out;
  }

  /**
   * "bn nữ 71t VPCĐ mức độ vừa, …": the umbrella head ("viêm") starts a longer name an indication names
   * ("viêm phổi cộng đồng") — the longest such start in the turn's clauses, or null.
   */
  private umbrellaNamed(turn: string, umbrella: string | null): string | null {
    if (!umbrella || !this.content) return null;
    const key = syllables(umbrella);
    const found = this.clauses(turn)
      .clauses.flatMap((clause) => {
        const ws = clause.split(' ').filter(Boolean);
        return ws.flatMap((w, i) =>
          // "thuốc chống viêm không steroid": the head inside a class's name starts no condition
          key.every((k, j) => fold(ws[i + j] ?? '') === k) && fold(ws[i - 1] ?? '') !== 'chong'
            ? [this.namedStart(ws.slice(i).join(' '))]
            : [],
        );
      })
      .filter((c): c is string => c !== null && syllables(c).length > key.length + 1);
    // "viêm họng-amidan cấp": a hyphen between two words of a name joins nothing the words do not
    const best = found.sort((a, b) => b.length - a.length)[0];
    return best ? best.replace(/(?<=\p{L})-(?=\p{L})/gu, ' ') : null;
  }

  /** The words after a treat-verb ("thuốc nào trị X", "dùng cho X"), accepted as a condition, or null. */
  private objectOfTreat(
    ws: string[],
    folded: string[],
    accept: (rest: string[]) => string | null,
    /** Where each sentence starts in `ws`: an object ends with its sentence. */
    starts: number[] = [0],
    /** Where a clause starts after a comma: an object ends before a clause that asks which drug. */
    commas: number[] = [],
  ): { words: string; condition: string } | null {
    const sentenceOf = (i: number) => starts.filter((s) => s <= i).length - 1;
    const found: { words: string; condition: string; sentence: number }[] = [];
    for (const verb of TREAT_VERBS) {
      const vs = syllables(verb);
      const written = normalize(verb).split(' ');
      for (let i = 0; i + vs.length <= folded.length; i++) {
        if (folded.slice(i, i + vs.length).join(' ') !== vs.join(' ')) continue;
        // a word typed with its marks says only itself: "chưa biến chứng" is not "chữa"
        if (ws.slice(i, i + vs.length).some((w, k) => fold(w) !== w && w !== written[k])) continue;
        // "nôn do xạ trị", "đang hóa trị": a treatment's name, not the verb "trị"
        if (vs.join(' ') === 'tri' && ['xa', 'hoa'].includes(folded[i - 1] ?? '')) continue;
        // "ClCr 8, chua loc mau": typed without marks, "chua" is "chưa" (not yet) unless a drug or a purpose takes it
        // ("thuoc chua …", "de chua …", "uong chua …"), or it cures a disease ("chua benh …", "chua tri")
        if (
          vs.join(' ') === 'chua' &&
          ws[i] === 'chua' &&
          !TAKES_CURE.has(folded[i - 1] ?? '') &&
          !['benh', 'tri'].includes(folded[i + 1] ?? '')
        )
          continue;
        // "be bi ngua": typed without marks, "ngua" is "ngừa" (prevent) only where a drug or a purpose takes it
        // ("thuoc ngua dot quy", "de ngua …"); otherwise it is the itch told
        if (vs.join(' ') === 'ngua' && ws[i] === 'ngua' && !['thuoc', 'de', 'phong'].includes(folded[i - 1] ?? ''))
          continue;
        const from = i + vs.length;
        const end = starts.find((s) => s > i && s >= from) ?? ws.length;
        // "thuốc dự phòng tái phát RLLC, DT có thuốc nào dùng đc": the clause that asks is no part of the object
        const asking = commas.find(
          (c) => c > from && c < end && ASKS_WHICH.test(` ${folded.slice(c, end).join(' ')} `),
        );
        // "dự phòng tái phát RLLC": what recurs is the condition
        const recurs = vs.join(' ') === 'du phong' && folded[from] === 'tai' && folded[from + 1] === 'phat' ? 2 : 0;
        const after = ws.slice(from + recurs, asking ?? end);
        // "thuốc nào cho bệnh nhân suy thận": "bệnh" of the patient ("bệnh nhân") is no filler to drop alone
        const rest = after.filter(
          (w, j) => !OBJECT_FILLERS.has(fold(w)) || (fold(w) === 'benh' && fold(after[j + 1] ?? '') === 'nhan'),
        );
        const named = rest.length ? accept(rest) : null;
        if (named) found.push({ words: after.join(' '), condition: named, sentence: sentenceOf(i) });
      }
    }
    // "đang dùng clarithromycin điều trị VP. cắt cơn gút dùng thuốc gì?": the latest sentence asks; an earlier
    // one tells what the patient is already treated for
    const latest = Math.max(-1, ...found.map((f) => f.sentence));
    const hit = found.find((f) => f.sentence === latest);
    return hit ? { words: hit.words, condition: hit.condition } : null;
  }

  /** The turn's clauses (reactions taken out) and the index of the last one asking "which drug" (-1: none). */
  /**
   * The turn's clauses; those of a sentence that tells the history ("Tiền sử tiêm ampicillin bị sốc (tụt HA, khó
   * thở, …)") are left out, up to a clause that opens with "now" ("tiền sử THA, nay bị gút cấp").
   */
  private clauses(turn: string): { clauses: string[]; q: number } {
    // "dị ứng amoxicillin (nổi ban, ko phản vệ)": the reaction told in brackets is the allergy's, not a clause
    const clauses = withoutAllergyNotes(this.expand(turn))
      .split(/[.;?!]+/)
      .flatMap((sentence) => {
        const parts = sentence
          .split(/[,()]+/)
          .map((c) => c.trim())
          .filter(Boolean);
        const first = words(parts[0] ?? '').map((w) => w.folded);
        if (!(first[0] === 'tien' && first[1] === 'su')) return parts;
        const now = parts.findIndex((c, i) => i > 0 && NOW_WORDS.has(words(c)[0]?.folded ?? ''));
        const asks = parts.findIndex((c) => P.whichDrug.has(words(c)));
        const from = [now, asks].filter((i) => i > 0).sort((a, b) => a - b)[0];
        return from === undefined ? [] : parts.slice(from);
      });
    return { clauses, q: clauses.map((c) => P.whichDrug.has(words(c))).lastIndexOf(true) };
  }

  /** The longest start of a clause an indication names ("gút cấp" of "gút cấp ngón cái"), or null. */
  private namedStart(clause: string): string | null {
    const ws = clause.split(' ');
    // "em đau răng quá": who has it is no part of it
    while (ws.length > 1 && WHO.has(fold(ws[0]))) ws.shift();
    // "viêm phổi cộng đồng dùng được cho …", "… thì dùng gì": a may-use or a "then" ends the name
    const ends = ws.findIndex(
      (w, i) =>
        i > 0 &&
        (['thì', 'thi', 'được', 'đc', 'dc'].includes(w.toLowerCase()) ||
          (['dùng', 'uống', 'xài'].includes(w.toLowerCase()) &&
            ['được', 'đc', 'dc', 'cho'].includes((ws[i + 1] ?? '').toLowerCase()))),
    );
    if (ends > 0) ws.splice(ends);
    for (let n = ws.length; n > 0; n--) {
      const start = ws.slice(0, n).join(' ');
      // one word alone names a condition only as one the formulary heads ("gút"), never a word of many ("em")
      if (n === 1 && !this.namedConditions(start).some((c) => fold(c) === fold(start))) continue;
      if (this.content?.indicationKeyword(start).length) return start;
    }
    return null;
  }

  /** The last clause before the "which drug" question that states a diagnosis ("nghĩ gút cấp", "chẩn đoán …"), as a condition. */
  private diagnosisClause(turn: string, accept: (rest: string[]) => string | null): string | null {
    const { clauses, q } = this.clauses(turn);
    for (const clause of clauses.slice(0, Math.max(q, 0)).reverse()) {
      // "hôm nay bác sĩ bảo là …": "nay" after "hôm" is a time word too (alone, folded, it may be "này")
      const time = (x: Word, k: number, all: Word[]) =>
        TEMPORAL.has(x.folded) || (x.folded === 'nay' && all[k - 1]?.folded === 'hom');
      const told = words(clause).filter((w, i, all) => all.slice(0, i + 1).some((x, k) => !time(x, k, all)));
      // "bs chẩn đoán …", "mới bị chẩn đoán tiểu đường type 2": who diagnosed it, and a "bị"/"được" before the
      // opener, are no part of the diagnosis
      const skip = reporterLength(told.map((w) => w.folded));
      const passive =
        ['bi', 'duoc', 'dc'].includes(told[skip]?.folded ?? '') &&
        MULTI_WORD_OPENERS.some((o) => o.every((x, k) => told[skip + 1 + k]?.folded === x));
      const ws = told.slice(skip + (passive ? 1 : 0));
      const opener = DIAGNOSIS_OPENERS.find(
        (o) =>
          ws
            .slice(0, o.split(' ').length)
            .map((w) => w.folded)
            .join(' ') === o,
      );
      // "giờ rung nhĩ đáp ứng thất nhanh": a clause that opens with "now" names the complaint now — when the
      // formulary names what follows
      const now = !opener && NOW_WORDS.has(words(clause)[0]?.folded ?? '');
      if (!opener && !(now && ws.length && this.namedStart(ws.map((w) => w.text).join(' ')))) continue;
      const rest = ws.slice(opener ? opener.split(' ').length : 0).map((w) => w.text);
      // a diagnosis with its history ("… từ hồi cấp 2") may be longer than a condition: the caller narrows it
      // "Nay đợt tiến triển: sưng đau 8 khớp": a flare of the condition the note told, with how it shows — no
      // diagnosis of its own ("đợt cấp COPD" names one)
      const lead = rest.findIndex((w) => !NOW_FOLDED.has(fold(w)));
      const flare = FLARE_STARTS.find(
        (f) =>
          rest
            .slice(lead, lead + f.length)
            .map(fold)
            .join(' ') === f.join(' '),
      );
      if (lead >= 0 && flare && !this.namedStart(rest.slice(lead + flare.length).join(' '))) continue;
      const named = rest.length ? (accept([...rest]) ?? rest.join(' ')) : null;
      if (named) return named;
    }
    return null;
  }

  /**
   * "…, bị nấm Candida âm đạo, có thuốc nào điều trị ko", "…, giờ viêm họng do liên cầu, ks nào chỉ
   * định": the condition is the clause just before the "which drug" clause, the patient taken out.
   */
  private clauseBeforeQuestion(turn: string, accept: (rest: string[]) => string | null): string | null {
    const { clauses, q } = this.clauses(turn);
    if (q < 0) return null;
    // "… bị viêm họng do liên cầu thì những thuốc nào …": the question's own clause, before its "which drug"
    const ask = P.whichDrug.find(words(clauses[q]))[0];
    const lead = words(clauses[q])
      .slice(0, ask.start)
      .map((w) => w.text)
      .join(' ');
    // nearest first, but a clause that names the diagnosis ("bị nấm …", "chẩn đoán …") before a symptom ("ngứa nhiều")
    const before = clauses.slice(0, q).reverse();
    const diagnosis = (c: string) => {
      const t = words(c)
        .map((w) => w.folded)
        .filter((w, i, all) => all.slice(0, i + 1).some((x) => !TEMPORAL.has(x)));
      const f = t.slice(reporterLength(t));
      return DIAGNOSIS_OPENERS.some((o) => f.slice(0, o.split(' ').length).join(' ') === o);
    };
    // "PCR dịch CTC nhiễm Chlamydia trachomatis", "bác sĩ bảo bị lỵ amip": the diagnosis inside a clause
    const inside = before.flatMap((c) => {
      const ws = words(c);
      // "Tiền sử tiêm ampicillin bị sốc": a reaction in the history is not the condition asked
      if (FINDING_OPENERS.has(ws[0]?.folded ?? '')) return [];
      const at = ws.findIndex((w, i) => i > 0 && MID_DIAGNOSIS.has(w.folded) && (w.plain || w.text !== 'bí'));
      if (at < 0) return [];
      const from = ws[at].folded === 'nhiem' ? at : at + 1;
      return [
        ws
          .slice(from)
          .map((w) => w.text)
          .join(' '),
      ];
    });
    // "chưa biến chứng", "không sốt": a qualifier, not the condition
    const qualifier = (c: string) => {
      const first = words(c)[0]?.folded ?? '';
      return NEGATION_OPENERS.has(first) || FINDING_OPENERS.has(first);
    };
    // "PCR dịch CTC Chlamydia trachomatis (+)": an organism found names the infection it causes (as the user typed it)
    const found_ = [...this.expand(turn).matchAll(POSITIVE_ORGANISM)].map((m) => m[1]);
    const candidates = [
      lead,
      ...before.filter(diagnosis),
      ...inside,
      ...found_,
      ...before.filter((c) => !diagnosis(c) && !qualifier(c)),
    ];
    // a fragment of a turn typed with its marks is read as the turn was: "viêm cổ tử cung do chlamydia" alone
    // has too few marked words to tell, and its "cung" would be read as "cũng"
    const written = words(turn).every((w) => !w.plain);
    const found: string[] = [];
    for (const clause of candidates) {
      // a word typed with its marks is only itself: "tử" (tử cung) is no "từ", "con" no "còn"
      const all = words(this.withoutPatient(clause, written), written).filter((w) => !temporal(w));
      // "bs đánh giá cơn hen mức độ TB", "BS chẩn đoán …": who made the diagnosis is no part of it
      // … nor is "bị"/"được" before the opener ("mới bị chẩn đoán tiểu đường type 2")
      const from = reporterLength(all.map((w) => w.folded));
      const passive =
        ['bi', 'duoc', 'dc'].includes(all[from]?.folded ?? '') &&
        MULTI_WORD_OPENERS.some((o) => o.every((x, k) => all[from + 1 + k]?.folded === x));
      const ws = all.slice(from + (passive ? 1 : 0));
      // "khám ra nấm Candida âm đạo": the words after the diagnosis opener
      const opener = MULTI_WORD_OPENERS.find(
        (o) =>
          ws
            .slice(0, o.length)
            .map((w) => w.folded)
            .join(' ') === o.join(' '),
      );
      // "nghĩ ung thư": the clinician's impression opens the diagnosis ("nghỉ", a rest, does not)
      const thinks = !opener && ws[0]?.folded === 'nghi' && (ws[0].plain || ws[0].text.toLowerCase() === 'nghĩ');
      const rest = ws.slice(opener ? opener.length : thinks ? 1 : 0).map((w) => w.text);
      const named = rest.length ? accept(rest) : null;
      if (named) found.push(named);
    }
    // "bn gút cấp, gối P sưng nóng đỏ từ sáng, dùng thuốc gì": the clause the formulary names a treatment for,
    // before a nearer one that only describes it
    // "bn nam 60t xơ gan, …, nghĩ ung thư": a clause read alone keeps a kidney or liver fact the whole turn tells as
    // the patient's — it is the condition asked only when no other clause names one
    const whole = ` ${syllables(this.withoutPatient(turn)).join(' ')} `;
    const asked = found.filter((c) => whole.includes(` ${syllables(c).join(' ')} `));
    const pick = (from: string[]) => from.find((c) => this.content?.indicationKeyword(c).length) ?? from[0];
    return pick(asked) ?? pick(found) ?? null;
  }

  /**
   * The turn with the patient's context removed: who, pregnancy, lactation, ages, weights and
   * allergies — and kidney or liver facts too, unless they are all the turn names (then they
   * are the condition asked about: "thuốc nào điều trị suy thận").
   */
  withoutPatient(turn: string, written = false): string {
    const ws = words(this.withoutAllergies(turn), written);
    // typed without marks, "chong dong", "chong non" is a class ("chống đông"), not the husband ("chồng")
    const against = (h: { start: number }) =>
      ws[h.start].plain && ws[h.start].folded === 'chong' && AGAINST_NEXT.has(ws[h.start + 1]?.folded ?? '');
    const context = [
      ...PREGNANCY_CUES.find(ws),
      ...LACTATION_CUES.find(ws),
      ...PATIENT_WORDS.find(ws).filter((h) => !against(h)),
    ];
    // a number with the unit words after it ("5 tháng", "14 kg", "20 ml/phút") is the patient's; "typ 2" stays
    const measured = new Set<number>();
    ws.forEach((w, i) => {
      // "giường 5": the patient's bed
      if (w.folded === 'giuong' && /^\d/.test(ws[i + 1]?.text ?? '')) [i, i + 1].forEach((k) => measured.add(k));
      if (!/^\d/.test(w.text) || !AGE_WEIGHT_UNITS.has(ws[i + 1]?.folded ?? '')) return;
      measured.add(i);
      for (let k = i + 1; k < ws.length && AGE_WEIGHT_UNITS.has(ws[k].folded); k++) measured.add(k);
    });
    // a long condition the formulary names keeps its words ("sinh ba" in "dau day than kinh sinh ba" is no
    // grandmother, "than" no kidney): a patient's word inside it is a word of the condition
    const named = new Set(
      this.vocabulary
        .find(ws)
        .filter((h) => h.length >= 4)
        .flatMap((h) => Array.from({ length: h.length }, (_, k) => h.start + k)),
    );
    const keep = (hits: { start: number; length: number }[]) => {
      const drop = new Set(
        hits.flatMap((h) => Array.from({ length: h.length }, (_, k) => h.start + k)).filter((i) => !named.has(i)),
      );
      return ws
        .filter((_, i) => !drop.has(i) && !measured.has(i))
        .map((w) => w.text)
        .join(' ');
    };
    const withoutOrgan = keep([...context, ...ORGAN_FACTS.find(ws)]);
    return syllables(withoutOrgan).length ? withoutOrgan : keep(context);
  }
}
