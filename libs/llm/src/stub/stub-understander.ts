import { emptyFrame, SECTION_KEYS, type ConversationLine, type QueryFrame, type SectionKey } from '@app/contracts';
import {
  purposeCondition,
  allergyMentions,
  expandCondition,
  expandShorthand,
  fold,
  INTAKE_CUES,
  LACTATION_CUES,
  NON_CLINICAL_CUES,
  NON_CLINICAL_MARKED,
  SUPPLY_CUES,
  normalize,
  parseAge,
  parseHepatic,
  parseRenal,
  parseQuestionRoute,
  parseRoute,
  parseWeightKg,
  PhraseSet,
  patientPopulation,
  says,
  PREGNANCY_CUES,
  pregnancyDenied,
  labStates,
  pregnancyIsPast,
  REACTIONS,
  reactionMentions,
  routeSections,
  exposureSection,
  syllables,
  UNIT_COUNT_CUES,
  words,
  type DrugResolver,
  type PhraseHit,
  type Word,
} from '@app/formulary';
import type { Understander } from '../providers';

/** "một ngày uống tối đa được bao nhiêu", "nhiều nhất mấy viên": the most a dose may be. */
const MOST_ASKED = [
  'tối đa được bao nhiêu',
  'tối đa bao nhiêu',
  'tối đa được mấy',
  'tối đa mấy',
  'nhiều nhất bao nhiêu',
  'nhiều nhất mấy',
];
/** A dose asked per time ("cho bé uống mỗi lần bao nhiêu") or as a change ("đáp ứng kém thì tăng lên bn"). */
const PER_TIME = [
  'mỗi lần bao nhiêu',
  'một lần bao nhiêu',
  'mỗi lần mấy',
  'một lần mấy',
  'bao nhiêu một lần',
  'bao nhiêu mỗi lần',
  'tăng lên bao nhiêu',
  'tăng lên bn',
  'tăng lên mấy',
  'giảm xuống bao nhiêu',
  'giảm còn bao nhiêu',
];

/** Words that start what a drug is for, after "thuốc" ("thuốc hạ sốt nào", "thuốc uống trị ĐTĐ nào"). */
const PURPOSE_LEADS = [
  'hạ',
  'giảm',
  'trị',
  'chữa',
  'chống',
  'kháng',
  'điều',
  'cắt',
  'ngừa',
  'phòng',
  'lợi',
  'giãn',
  'kiểm',
  'ổn',
];
/** A form said between "thuốc" and its purpose ("thuốc uống trị …", "thuốc bôi chống …"). */
const FORM_WORDS = ['uống', 'tiêm', 'bôi', 'nhỏ', 'xịt', 'viên', 'đặt'];
/** Drug classes asked as "which one" ("kháng histamin nào", "ks nào" = kháng sinh nào). */
const CLASS_NOUNS = new PhraseSet([
  'kháng sinh',
  'kháng histamin',
  'kháng nấm',
  'kháng viêm',
  'kháng đông',
  'chống đông',
  'giảm đau',
  'hạ sốt',
  'hạ áp',
  'lợi tiểu',
  'corticoid',
  'nsaid',
  'statin',
  'opioid',
]);
/** Words that may join a class to its question ("kháng sinh loại nào", "giảm đau nhóm nào"). */
const CLASS_JOINERS = ['loại', 'nhóm', 'dạng', 'thuốc'];

/**
 * "Which drug" phrases, plus a drug asked by what it is for or by its class: "thuốc hạ sốt nào",
 * "thuốc uống trị đái tháo đường nào", "kháng histamin nào" — the words between "thuốc" and "nào/gì"
 * must start with a purpose (so "thuốc này uống lúc nào" is no such question).
 */
class WhichDrugPhrases extends PhraseSet {
  override at(ws: Word[], i: number): PhraseHit | null {
    const own = super.at(ws, i);
    if (own) return own;
    const asks = (w: Word | undefined) => !!w && (says(w, 'nào') || says(w, 'gì'));
    const cls = CLASS_NOUNS.at(ws, i);
    if (cls) {
      // "giảm đau opioid nào", "kháng sinh loại nào": another class word or "loại/nhóm" may stand before the question
      let k = i + cls.length;
      for (let extra = 0; extra < 3 && ws[k] && !asks(ws[k]); extra++) {
        const more = CLASS_NOUNS.at(ws, k);
        if (more) k += more.length;
        // "ks uống nào", "kháng sinh đường uống nào": the form asked stands before the question
        else if ([...CLASS_JOINERS, ...FORM_WORDS, 'đường'].some((j) => says(ws[k], j))) k++;
        else break;
      }
      if (asks(ws[k])) return { start: i, length: k + 1 - i, phrase: 'thuốc nào' };
    }
    if (!ws[i] || !says(ws[i], 'thuốc')) return null;
    let k = i + 1;
    if (ws[k] && FORM_WORDS.some((f) => says(ws[k], f))) k++;
    if (!ws[k] || !PURPOSE_LEADS.some((f) => says(ws[k], f))) return null;
    for (let j = k + 1; j <= k + 5 && j < ws.length; j++)
      if (asks(ws[j])) return { start: i, length: j + 1 - i, phrase: 'thuốc nào' };
    return null;
  }
}

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
    ...MOST_ASKED,
    'liều mấy',
    'mấy mg',
    'khởi đầu bao nhiêu',
    'khởi đầu mấy',
    'bắt đầu bao nhiêu',
    'bắt đầu mấy',
    ...PER_TIME,
  ]),
  /** How to give it (dilute, dissolve, rate): a question about giving, not a dose to work out. */
  administration: new PhraseSet([
    'pha',
    'pha loãng',
    'pha với',
    'pha trong',
    'pha bằng',
    'hòa tan',
    'hoà tan',
    'dung môi',
    'tốc độ',
    'tiêm chậm',
    'truyền trong bao lâu',
    // "bẻ đôi ra cho dễ uống được không", "nghiền cho qua sonde"
    'bẻ đôi',
    'bẻ nhỏ',
    'bẻ viên',
    'nghiền',
    'nhai',
    'cắt đôi',
    'chia đôi viên',
    // when to take it: "nên uống lúc nào trong ngày", "trước hay sau ăn"
    'uống lúc nào',
    'uống khi nào',
    'uống giờ nào',
    'uống vào lúc nào',
    'trước hay sau ăn',
    'sáng hay tối',
    // a suspension: "có cần lắc không", "lấy thìa ăn cơm đong được không"
    'cần lắc',
    'lắc kỹ',
    'lắc đều',
    'đong',
  ]),
  /** A missed dose: "quên 1 liều", "uống bù", "gấp đôi bù lại". */
  missedDose: new PhraseSet(['quên liều', 'quên 1 liều', 'quên một liều', 'uống bù', 'bù lại', 'gấp đôi', 'bù liều']),
  dosing: new PhraseSet([
    'liều',
    ...MOST_ASKED,
    'liều dùng',
    'liều lượng',
    'bao nhiêu mg',
    'uống bao nhiêu',
    'dùng bao nhiêu',
    'tiêm bao nhiêu',
    'truyền bao nhiêu',
    'mấy lần',
    'bao nhiêu lần',
    'mấy mg',
    'khởi đầu bao nhiêu',
    'khởi đầu mấy',
    'bắt đầu bao nhiêu',
    'bắt đầu mấy',
    ...PER_TIME,
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
  whichDrug: new WhichDrugPhrases([
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
    // the form named inside the question: "có thuốc uống nào trị", "thuốc bôi gì"
    'thuốc uống nào',
    'thuốc uống gì',
    'thuốc tiêm nào',
    'thuốc bôi nào',
    'thuốc bôi gì',
    'thuốc nhỏ nào',
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
  mayUse: /(?:^| )(?:dung|uong|tiem|xai)(?: \S+){0,4} (?:duoc|dc) (?:khong|ko|k|hong)(?: |$)/,
};

/** Symptoms, accented: a word typed with its marks says only itself ("phụ" is not "phù"). */
const SYMPTOM_SET = new PhraseSet([
  'sốt',
  'đau',
  'ho',
  'buồn nôn',
  'nôn',
  'ngứa',
  'mất ngủ',
  'tiêu chảy',
  'táo bón',
  'đau đầu',
  'đau bụng',
  'khó thở',
  'co giật',
  'phù',
  'mệt mỏi',
  'chóng mặt',
  'nôn ói',
]);
/** Is the whole text one symptom, as typed? */
const isSymptom = (text: string): boolean => {
  const ws = words(text);
  const hit = SYMPTOM_SET.at(ws, 0);
  return ws.length > 0 && hit !== null && hit.length === ws.length;
};
/** Indication heads that name a purpose, not a disease the patient has (folded syllables). */
const PURPOSE = /^(du phong|phong ngua|ngua|dieu tri|giam) /;
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
const LEADING_PARTICLES = ['được', 'duoc', 'dc', 'đc', 'cho'];
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
/** Phrases whose words are no cue of their own ("mổ kết hợp xương" holds the interaction word "kết hợp"). */
const NOT_A_CUE = new PhraseSet([
  'kết hợp xương',
  'phẫu thuật kết hợp',
  'mổ kết hợp',
  // "không phối hợp được động tác (hít)": the patient's coordination, not two drugs
  'phối hợp được động tác',
  'phối hợp động tác',
  // "phải uống nhiều liều thì còn cho bé bú được không": repeated doses, not a dose asked
  'nhiều liều',
]);
/** A route named other than by mouth, not negated ("tiêm bắp", "TM", "đặt hậu môn"). */
const givenOtherThanByMouth = (ws: Word[]) => {
  const r = parseRoute(ws);
  return r.route !== null && r.route !== 'uong' && r.allowed.every((x) => x !== 'uong');
};
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A genus initial before the name ("E.coli", "S. aureus", "H.pylori"): a microorganism. */
const ORGANISM = (name: string) => new RegExp(`(?<![\\p{L}])\\p{Lu}\\.\\s?${escape(name)}`, 'u');
/** A name followed by a result ("(+)", "-", "dương tính"): a clinical sign or test. */
const SIGN_RESULT = (name: string) =>
  new RegExp(
    // "Kernig (+)", "beta hCG +": the sign or the test, with at most one more word of its name
    `${escape(name)}(?:\\s+[\\p{L}\\p{N}-]+)?\\s*(?:\\(\\s*[+-]\\s*\\)|[+-](?![\\p{L}\\p{N}])|dương tính|duong tinh|âm tính|am tinh)`,
    'iu',
  );
const withoutReactions = (text: string) => REACTIONS.reduce((t, re) => t.replace(re, ' '), text);
/** Section names that contain a patient cue. */
const SECTION_NAMES = new PhraseSet(['thời kỳ mang thai', 'thời kỳ cho con bú']);
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
]);
/** The glue words as written: typed with marks, only these are glue ("co" in "co giật" is not "có"). */
const QUESTION_GLUE_MARKED = new Set(
  ['thì', 'hỏi', 'nên', 'có', 'dùng', 'uống', 'tiêm', 'những', 'các', 'được', 'là', 'và', 'bị', 'bệnh', 'gồm'].map(
    (w) => w.normalize('NFC'),
  ),
);
/** Glue words that carry no marks even when written ("dc", "gom" typed in a marked turn). */
const QUESTION_GLUE_UNMARKED = new Set(['dc']);
/** Sections only a named drug has an answer in: a "which drug" turn asking one is about the conversation's drug. */
const DRUG_ONLY_SECTIONS: SectionKey[] = ['qua_lieu_va_xu_tri', 'tuong_tac_thuoc'];
/** Verbs whose object is the condition asked ("thuốc nào trị X"), longest first. */
const TREAT_VERBS = ['điều trị', 'chỉ định', 'trị', 'chữa', 'dùng cho', 'cắt cơn'];
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
]);
/** Where the user looks ("trong danh mục", "dược thư bệnh viện"), never a condition. */
const SOURCE_WORDS = new Set([
  'trong',
  'o',
  'tai',
  'danh',
  'muc',
  'sach',
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
/** Words that open a clause naming the diagnosis ("bị nấm …", "chẩn đoán suy giáp", "nghĩ sốt mò"). */
/** Diagnosis openers of more than one word, which glue stripping does not take off ("khám ra", "phát hiện"). */
const MULTI_WORD_OPENERS = ['chan doan', 'nghi la', 'kham ra', 'phat hien', 'len con'].map((o) => o.split(' '));
/** Words inside a clause after which it names the diagnosis ("… bảo bị lỵ amip", "… nhiễm Chlamydia"). */
const MID_DIAGNOSIS = new Set(['bi', 'nhiem', 'dx']);
const NEGATION_OPENERS = new Set(['chua', 'khong', 'ko', 'k']);
/** Is the drug named as one the patient is on now ("đang uống tizanidin", "đang dùng thuốc X")? */
function takenNow(text: string, name: string): boolean {
  const ws = words(text).map((w) => w.folded);
  const n = syllables(name);
  for (let i = 0; i + n.length <= ws.length; i++) {
    if (!n.every((x, k) => ws[i + k] === x)) continue;
    const before = ws.slice(Math.max(0, i - 3), i);
    const at = before.lastIndexOf('dang');
    if (at >= 0 && before.slice(at + 1).every((w) => ['uong', 'dung', 'tiem', 'truyen', 'xai', 'thuoc'].includes(w)))
      return true;
  }
  return false;
}

/** Is the condition named only in sentences that tell the patient's history ("Tiền sử … bị sốc")? */
function historyOnly(text: string, condition: string): boolean {
  const naming = sentencesNaming(text, condition);
  return naming.length > 0 && naming.every((x) => /^ (?:[a-z0-9]+ ){0,3}tien su /.test(x));
}

/** Is the drug named in a clause that tells the patient's history ("tiền sử tiêm X bị sốc", "đã từng dùng X")? */
function inHistoryClause(text: string, name: string): boolean {
  return sentencesNaming(text, name).some((c) => /(?: tien su | tung | da dung | da tung | phai dung )/.test(c));
}

/** The text's sentences (folded syllables, space-padded) that name the phrase. */
function sentencesNaming(text: string, phrase: string): string[] {
  const p = ` ${syllables(phrase).join(' ')} `;
  return text
    .split(/[.!?;]+/)
    .map((x) => ` ${syllables(x).join(' ')} `)
    .filter((x) => x.includes(p));
}

/** Is every mention of the condition in the text denied ("ko dị ứng thuốc", "không sốt", "chưa có biến chứng")? */
function deniedIn(text: string, condition: string): boolean {
  const ws = words(text).map((w) => w.folded);
  const cs = syllables(condition);
  const at: number[] = [];
  for (let i = 0; i + cs.length <= ws.length; i++) if (cs.every((c, k) => ws[i + k] === c)) at.push(i);
  const denied = (i: number) =>
    [1, 2].some((back) => NEGATION_OPENERS.has(ws[i - back] ?? '') && (back === 1 || ['co', 'bi'].includes(ws[i - 1])));
  return at.length > 0 && at.every(denied);
}

/** Clauses that report a test or a history, not the condition to treat ("test nhanh liên cầu (+)", "tiền sử …"). */
const FINDING_OPENERS = new Set(['test', 'xet', 'xn', 'cay', 'ket', 'tien']);
const TEMPORAL_MARKED = new Set(['giờ', 'hiện', 'mới', 'vừa', 'lại', 'đang', 'còn', 'rồi', 'từ', 'hôm', 'qua']);
/** A time word ("giờ", "đang", "từ"): typed without marks, any word folding to one; typed with them, only itself. */
const temporal = (w: Word) => (w.plain ? TEMPORAL.has(w.folded) : TEMPORAL_MARKED.has(w.text));

/** Units a lab value or a dose is written with. */
const MEASURE_UNITS = new Set(['mmol', 'l', 'mg', 'ml', 'kg', 'g', 'mcg', 'ui', 'dl', 'umol', 'mol', 'phut', 'p']);

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

/** Words that open the complaint the patient has now ("giờ …", "nay …", "hiện …"). */
const NOW_WORDS = new Set(['gio', 'nay', 'hien']);
const DIAGNOSIS_OPENERS = [
  'bi',
  'mac',
  'chan doan',
  'nghi',
  'nghi la',
  'dx',
  'kham ra',
  'phat hien',
  'len con',
  'dang len con',
];
/**
 * Words of time that open a clause about the patient ("giờ viêm họng", "hiện đang ho"); not
 * "nay": folded, it is also "này", a pointer back.
 */
const TEMPORAL = new Set(['gio', 'hien', 'moi', 'vua', 'lai', 'dang', 'con', 'roi', 'tu', 'hom', 'qua']);
/** A clause that starts another question after the "which drug" one ("…, uống thì có phải ngưng cho bú ko"). */
const NEXT_CLAUSE_QUESTION =
  /[,.;?!]\s*(?:uống|uong|dùng|dung|thì|thi|vậy|vay|còn|con|nếu|neu|mà|ma|liều|lieu|đang|dang)\s/iu;
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
]);

/** The monographs' text as the parser may read it: which section of a drug a question's words name, which conditions indications name. */
export interface SectionsByContent {
  sectionByContent(drugId: string, turn: string, minPairs?: number): SectionKey | null;
  indicationKeyword(condition: string): unknown[];
  section(drugId: string, section: SectionKey): { text: string }[];
}

/** A question about a dose or how long ("tới bao lâu thì ngưng", "mấy viên", "liều"). */
const DOSE_OR_DURATION =
  /(?:bao lâu|bao lau|mấy ngày|may ngay|mấy tuần|may tuan|mấy tháng|may thang|liều|lieu|mấy viên|may vien|bao nhiêu|bao nhieu)/iu;
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
 * The offline understanding provider: a deterministic Vietnamese parser (accented or not,
 * ward shorthand expanded first). It extracts; the formulary resolver resolves drug names.
 */
export class StubUnderstander implements Understander {
  private readonly conditions: { folded: string; display: string }[];
  /** The conditions as written, matched diacritics-aware. */
  private readonly vocabulary: PhraseSet;
  private readonly displayOf = new Map<string, string>();
  /** Set by condition(): the condition it read was picked among several the turn names, none of them asked. */
  private several = false;

  constructor(
    private readonly resolver: DrugResolver,
    /** Indication heads known to the formulary ("tăng huyết áp", "bệnh gút", ...). */
    conditionVocabulary: string[],
    /** The monographs' text, to read which section a question names by its content alone. */
    private readonly content: SectionsByContent | null = null,
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

  /** The turn's frame; `prior`: the conversation's frame, when the turn may answer its pending question. */
  parse(turn: string, prior: QueryFrame | null = null): QueryFrame {
    const frame = this.read(turn);
    return (
      this.intakeOfWhatWasAsked(turn, frame, prior) ??
      this.conditionReply(turn, frame, prior) ??
      this.substanceInMonograph(frame, prior) ??
      this.medicalTermInFollowUp(frame, prior) ??
      this.contentSection(turn, frame, prior) ??
      this.contentOverGeneric(turn, frame) ??
      frame
    );
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

  private substanceInMonograph(frame: QueryFrame, prior: QueryFrame | null): QueryFrame | null {
    if (!this.content || !prior || prior.non_human || prior.drugs.length !== 1) return null;
    if (frame.drugs.length || !frame.unknown_drugs.length || frame.non_human) return null;
    if (['smalltalk', 'out_of_scope'].includes(prior.turn_type)) return null;
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
      prior.condition === null &&
      prior.indication === null;
    if (!asksCondition || frame.drugs.length || frame.unknown_drugs.length || frame.attribute) return null;
    if (frame.condition || frame.indication || frame.turn_type === 'condition_relation') return null;
    // the clause that says what the patient has ("bị …"), else the first: the symptoms after it describe it
    const clauses = turn
      .split(/[,.;!?]+/u)
      .map((c) => c.trim())
      .filter(Boolean);
    const has = clauses.find((c) => /(?:^|\s)(?:bị|bi)\s/iu.test(c)) ?? clauses[0] ?? '';
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
    const allergens = this.allergies(text);
    const mentions = this.resolver.findMentions(text).filter((m) => !allergens.some((a) => fold(a) === fold(m.text)));
    const drugs = this.questionDrugs(text, [
      ...new Set(mentions.flatMap((m) => (m.resolution ? [m.resolution.drug_id] : []))),
    ]);
    // only a name spelled as a drug we know is one; a foreign word merely close to one (Candida,
    // Helicobacter) is a medical term or an unknown name, never a look-alike drug
    const outside = [
      ...new Set(
        mentions.flatMap((m) => (m.reading.kind === 'outside' && m.reading.via !== 'fuzzy' ? [m.reading.name] : [])),
      ),
    ];
    // "bn 50 tuoi, lieu sao?": expanded, the shorthand's marked words ("bệnh nhân", "tuổi") make the turn read
    // as typed with marks, where "lieu" is no "liều" — a turn the user typed without any mark is read folded
    // when nothing else names a section
    const expandedSections = routeSections(text);
    const typedPlain = words(turn).every((w) => w.plain);
    const sections = expandedSections.length || !typedPlain ? expandedSections : routeSections(fold(text));
    // "mổ kết hợp xương" is an operation, not two drugs combined: its words ask nothing
    const asked = NOT_A_CUE.mask(ws);
    const has = (set: PhraseSet) => set.has(asked);
    // "có dùng tramadol được không", "diclofenac uống được không": whether the drug may be used at all —
    // in pregnancy or while breastfeeding that section, otherwise the contraindications
    // — except with a route other than by mouth ("tiêm bắp phenytoin được không"): how it is given
    // (the drug named, or pointed back to: "dùng thuốc này được không")
    const oneDrug = drugs.length === 1 || (drugs.length === 0 && has(P.vague));
    // "metformin dùng tiếp dc ko hay phải ngưng" (eGFR 26): whether it may go on is the contraindications' question
    // before the precautions' "when to stop"
    if (sections.length === 1 && sections[0] === 'than_trong' && oneDrug && !has(P.dosing) && P.mayUse.test(s.trim()))
      sections.unshift('chong_chi_dinh');
    if (!sections.length && oneDrug && !has(P.dosing) && P.mayUse.test(s.trim()))
      sections.push(
        has(PREGNANCY_CUES)
          ? 'thoi_ky_mang_thai'
          : has(LACTATION_CUES)
            ? 'thoi_ky_cho_con_bu'
            : givenOtherThanByMouth(ws)
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
      this.asksWhichDrugLast(text) &&
      mentions
        .filter((m) => m.reading.kind === 'outside' && m.reading.via !== 'fuzzy')
        .every((m) => takenNow(text, m.text) || inHistoryClause(text, m.text));
    const conditionQuestion =
      (drugs.length === 0 || this.asksWhichDrugLast(text)) &&
      (outside.length === 0 || outsideOnlyHistory) &&
      has(P.whichDrug) &&
      !has(P.interaction) &&
      // pregnancy and breastfeeding are the patient's context of a "which drug" question; the sections
      // the context's sentences name ("đường huyết lúc đói 9 mmol/l") are not asked
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
      );
    const drugContext = has(P.medical) || sections.length > 0 || has(P.interaction) || has(P.followUp);
    const typedUnknown = mentions
      .filter((m) => m.reading.kind === 'unknown' || (m.reading.kind === 'outside' && m.reading.via === 'fuzzy'))
      .map((m) => m.text)
      // "Kernig (+)", "Helicobacter dương tính": a sign or a test result, not a drug; "E.coli", "S. aureus": an organism
      .filter((t) => !SIGN_RESULT(t).test(text) && !ORGANISM(t).test(text));
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
    const clinicalBeside = drugs.length > 0 && text.split(/[?.!;,\n]+/).some((c) => this.clinicalClause(c));
    if (
      (has(NON_CLINICAL_CUES) && !clinicalBeside) ||
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
      (has(P.whichDrug) || conditionQuestion)
    ) {
      const relation = this.reverseRelation(ws);
      if (relation)
        return {
          ...frame,
          turn_type: 'condition_relation',
          condition_relation: relation,
          condition: this.condition(text),
        };
      const condition = this.condition(text);
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
          condition !== null && (VAGUE_CONDITIONS.includes(syllables(condition).join(' ')) || this.several),
        patient: { ...frame.patient, comorbidities: this.comorbidities(this.withoutPatient(text), condition) },
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
    // … unless it was taken before a pregnancy was known and its effect on the baby is asked
    const intake = has(INTAKE_CUES) && exposureSection(text) === null;
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
    // "nên uống lúc nào, uống chung với viên canxi được không": one drug, taken with food or a supplement —
    // how to take it (the dosing section's "Cách dùng" says the spacing) before the interactions
    if (attribute === 'tuong_tac_thuoc' && drugs.length <= 1 && sections.includes('lieu_luong_cach_dung'))
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
      (attribute === null || attribute === 'than_trong' || (attribute === 'lieu_luong_cach_dung' && !has(P.dosing)))
    )
      attribute = state;
    frame.attribute = attribute;
    frame.is_section_overview = attribute !== null && has(P.overview) && !slots && !/ bao nhieu /.test(s);
    if (drugs.length) frame.patient.comorbidities = this.comorbidities(this.withoutPatient(text), null);

    if (interaction && drugs.length >= 2) frame.turn_type = 'interaction';
    // a dose to work out ("liều", "bao nhiêu mg", "mấy viên", an age or a weight) — not "how to take it"
    else if (
      !intake &&
      // "quên 1 liều, mai uống gấp đôi bù lại k": what to do after a missed dose, not a dose to work out
      !(has(P.missedDose) && !unitCount) &&
      // "pha với G5% được không": how to give it, whoever the patient is, unless a dose is asked too
      !(has(P.administration) && !has(P.dosing) && !unitCount) &&
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
    if (drugs.length < 2 || P.interaction.has(words(text)) || /[\p{L}\d]\s*\+\s*[\p{L}\d]/u.test(text)) return drugs;
    const named = (c: string) => [
      ...new Set(this.resolver.findMentions(c).flatMap((m) => (m.resolution ? [m.resolution.drug_id] : []))),
    ];
    const clauses = text.split(/[.!?;,]+/).map((c) => c.trim());
    const last = [...clauses].reverse().find((c) => named(c).length > 0);
    if (!last || !DOSE_OR_DURATION.test(last)) return drugs;
    const one = named(last);
    return one.length === 1 ? one : drugs;
  }

  /** The "which drug" question asks which one may be used ("ks nào dùng đc cho bn", "thuốc nào uống được"). */
  private asksWhichMayUse(text: string): boolean {
    const q = whichDrugQuestion(text);
    if (q === null) return false;
    const question = ` ${syllables(q.text).join(' ')} `;
    // "thuốc nào dùng đc", "thuốc nào trong DM dùng cho RN ở bn này": which drug this patient may take
    return / (?:dung|uong|xai) (?:duoc|dc|cho) /.test(question) && !P.contra.has(words(question));
  }

  /** The last clause asks "which drug" and names none: the drugs before it are the patient's history. */
  private asksWhichDrugLast(text: string): boolean {
    const clauses = text.split(/[.!?;,]+/).filter((c) => c.trim());
    const last = clauses[clauses.length - 1] ?? '';
    return P.whichDrug.has(words(last)) && !this.resolver.findMentions(last).some((m) => m.resolution);
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
  private comorbidities(text: string, asked: string | null): string[] {
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
        .filter((c) => !askedKey.includes(key(c)))
        .filter((c, i, all) => !all.slice(0, i).some((longer) => key(longer).includes(key(c))))
        .slice(0, 5)
    );
  }

  /** A formulary indication of two words or more named in the turn (any synonym), or null. */
  private knownCondition(turn: string): string | null {
    return this.namedConditions(turn).find((c) => c.includes(' ')) ?? null;
  }

  /**
   * Formulary conditions named in the text, longest first: as typed, diacritics-aware ("sản phụ" is not
   * "phù"), then through the formulary's synonyms ("cao huyết áp" → "tăng huyết áp", multi-word only).
   */
  private namedConditions(text: string): string[] {
    const out = this.vocabulary.find(words(text)).map((h) => this.displayOf.get(h.phrase) ?? h.phrase);
    for (const variant of expandCondition(text).slice(1))
      for (const c of this.conditions)
        if (c.folded.includes(' ') && ` ${variant} `.includes(` ${c.folded} `) && !out.includes(c.display))
          out.push(c.display);
    // a name found through a synonym ("đau dây sinh ba") is as long as its formal name
    return out.sort((a, b) => b.length - a.length);
  }

  /**
   * The condition named in a "which drug for X" turn: a formulary indication if one matches,
   * else the words after the verb or before the question, with the patient's context (who,
   * pregnancy, age, kidney, allergy) taken out — the condition, not the sentence. A remainder
   * too long to be a condition names none: the router then asks which condition.
   */
  condition(asked: string): string | null {
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
    const named = this.namedConditions(clean).filter((c) => !deniedIn(clean, c) && !historyOnly(turn, c));
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
    const ws = normalize(clean)
      .replace(/[?!.,;:]+/g, ' ')
      .split(' ')
      .filter(Boolean);
    const folded = ws.map((w) => syllables(w).join(' '));
    // typed with its marks, a word is only itself: "co giật" does not start with the glue "có"
    const written = words(turn).some((w) => !w.plain);
    const glue = (w: string) =>
      written && fold(w) === normalize(w)
        ? QUESTION_GLUE_UNMARKED.has(normalize(w))
        : QUESTION_GLUE.has(fold(w)) && (!written || QUESTION_GLUE_MARKED.has(normalize(w)));
    const accept = (rest: string[]): string | null => {
      while (rest.length && LEADING_PARTICLES.includes(rest[0])) rest.shift();
      // "bn viêm phổi cộng đồng, ks nào": the patient the note starts with is not part of the condition
      while (rest.length && fold(rest[0]) === 'bn') rest.shift();
      if (fold(rest[0] ?? '') === 'benh' && fold(rest[1] ?? '') === 'nhan') rest.splice(0, 2);
      while (rest.length && TRAILING_PARTICLES.includes(rest[rest.length - 1])) rest.pop();
      // words that join the question ("… thì nên dùng", "… có uống") name no condition
      while (rest.length && glue(rest[rest.length - 1])) rest.pop();
      while (rest.length && glue(rest[0])) rest.shift();
      // "chữa bệnh đó / này / kia": a pointer back to a condition not named in this turn
      if (rest.length && rest.every((w) => DEMONSTRATIVES.includes(w))) return umbrella;
      // "… suy giáp cho bn này": who it is for is the patient, not part of the condition
      const forWhom = rest.findIndex(
        (w, i) => i > 0 && fold(w) === 'cho' && rest.slice(i + 1).every((x) => PATIENT_POINTERS.has(fold(x))),
      );
      if (forWhom > 0) rest.splice(forWhom);
      // "… đau dây sinh ba, bn này dùng được không": the patient pointed at closes the condition
      const pointer = rest.findIndex(
        (w, i) => i > 0 && fold(w) === 'bn' && rest.slice(i + 1).every((x) => DEMONSTRATIVES.includes(x)),
      );
      if (pointer > 0) rest.splice(pointer);
      // "… VKDT dùng đc cho bn lúc này": a may-use tail asks whether, for whom and when — it names no condition
      const mayUse = rest.findIndex(
        (w, i) =>
          i > 0 && ['dung', 'uong', 'xai'].includes(fold(w)) && ['duoc', 'dc', 'cho'].includes(fold(rest[i + 1] ?? '')),
      );
      if (mayUse > 0) rest.splice(mayUse);
      // "trong danh mục / dược thư (có thuốc nào)": where to look, not what to treat
      if (rest.length && rest.every((w) => SOURCE_WORDS.has(fold(w)))) return null;
      // "điều trị được cho bn này": who it is for, not what to treat
      if (rest.length && rest.every((w) => PATIENT_POINTERS.has(fold(w)))) return null;
      if (!rest.length || rest.length > MAX_CONDITION_WORDS) return null;
      // "6.1 mmol/L", "1 mmol l": a value and its unit name no condition
      if (rest.every((w) => /\d/.test(w) || MEASURE_UNITS.has(fold(w)))) return null;
      // "cắt cơn/điều trị đc": a treat-verb names what is done, not what is treated
      if (rest.every((w) => ['dieu', 'tri', 'chua', 'cat', 'con', 'dung'].includes(fold(w)))) return null;
      // "K máu 6.1": a lab value is the patient's state (labStates), not the condition asked
      if (labStates(rest.join(' ')).length) return null;
      return rest.join(' ');
    };
    const treated = this.objectOfTreat(ws, folded, accept);
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
    if (inObject && !isSymptom(inObject)) return inObject;
    // "ĐTĐ typ 2, …, chẩn đoán cơn gút cấp. thuốc nào chỉ định điều trị cơn gút cấp": the treat-verb's object
    // is the condition asked; a condition named only in the patient's context is a comorbidity
    if (
      object &&
      (!inObject || isSymptom(inObject)) &&
      specific &&
      syllables(object).length >= 2 &&
      !syllables(object).join(' ').includes(syllables(specific).join(' '))
    )
      return object;
    // "bn động kinh, thuốc nào dùng cắt cơn bệnh thận": the object read before the patient's context was
    // taken out (a kidney or liver condition is also the patient's) is still the condition asked
    if (object === null && specific) {
      const raw = normalize(turn)
        .replace(/[?!.,;:]+/g, ' ')
        .split(' ')
        .filter(Boolean);
      const rawObject = this.objectOfTreat(
        raw,
        raw.map((w) => syllables(w).join(' ')),
        accept,
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
      // "bn THA, ĐTĐ, thuốc nào dùng được": several conditions and no question naming one — which is asked?
      const key2 = (c: string) => syllables(c).join(' ');
      this.several =
        object === null &&
        named.some(
          (c) =>
            c !== specific &&
            !VAGUE_CONDITIONS.includes(key2(c)) &&
            !isSymptom(c) &&
            !key2(specific).includes(key2(c)) &&
            !key2(c).includes(key2(specific)),
        );
      return specific;
    }
    if (object) return object;
    // "(bị) X (thì) dùng thuốc/kháng sinh nào": the clause before the question
    const before =
      /^(?:(?:người|nguoi|bệnh nhân|benh nhan)\s+)?(?:bị|bi)?\s*(.+?)\s+(?:thì\s+|thi\s+)?(?:nên\s+|nen\s+)?(?:dùng|dung|uống|uong)\s+(?:thuốc|thuoc|kháng sinh|khang sinh|gì|gi)/iu.exec(
        ws.join(' '),
      );
    const beforeQuestion = before ? accept(before[1].trim().split(' ')) : null;
    return beforeQuestion ?? this.clauseBeforeQuestion(turn, accept) ?? umbrella;
  }

  /** The words after a treat-verb ("thuốc nào trị X", "dùng cho X"), accepted as a condition, or null. */
  private objectOfTreat(
    ws: string[],
    folded: string[],
    accept: (rest: string[]) => string | null,
  ): { words: string; condition: string } | null {
    for (const verb of TREAT_VERBS) {
      const vs = syllables(verb);
      const written = normalize(verb).split(' ');
      for (let i = 0; i + vs.length <= folded.length; i++) {
        if (folded.slice(i, i + vs.length).join(' ') !== vs.join(' ')) continue;
        // a word typed with its marks says only itself: "chưa biến chứng" is not "chữa"
        if (ws.slice(i, i + vs.length).some((w, k) => fold(w) !== w && w !== written[k])) continue;
        const after = ws.slice(i + vs.length);
        const rest = after.filter((w) => !OBJECT_FILLERS.has(fold(w)));
        const named = rest.length ? accept(rest) : null;
        if (named) return { words: after.join(' '), condition: named };
      }
    }
    return null;
  }

  /** The turn's clauses (reactions taken out) and the index of the last one asking "which drug" (-1: none). */
  /**
   * The turn's clauses; those of a sentence that tells the history ("Tiền sử tiêm ampicillin bị sốc (tụt HA, khó
   * thở, …)") are left out, up to a clause that opens with "now" ("tiền sử THA, nay bị gút cấp").
   */
  private clauses(turn: string): { clauses: string[]; q: number } {
    const clauses = withoutReactions(normalize(this.expand(turn)))
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
    for (let n = ws.length; n > 0; n--) {
      const start = ws.slice(0, n).join(' ');
      if (this.content?.indicationKeyword(start).length) return start;
    }
    return null;
  }

  /** The last clause before the "which drug" question that states a diagnosis ("nghĩ gút cấp", "chẩn đoán …"), as a condition. */
  private diagnosisClause(turn: string, accept: (rest: string[]) => string | null): string | null {
    const { clauses, q } = this.clauses(turn);
    for (const clause of clauses.slice(0, Math.max(q, 0)).reverse()) {
      const ws = words(clause).filter((w, i, all) => all.slice(0, i + 1).some((x) => !TEMPORAL.has(x.folded)));
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
      const f = words(c)
        .map((w) => w.folded)
        .filter((w, i, all) => all.slice(0, i + 1).some((x) => !TEMPORAL.has(x)));
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
    const candidates = [
      lead,
      ...before.filter(diagnosis),
      ...inside,
      ...before.filter((c) => !diagnosis(c) && !qualifier(c)),
    ];
    // a fragment of a turn typed with its marks is read as the turn was: "viêm cổ tử cung do chlamydia" alone
    // has too few marked words to tell, and its "cung" would be read as "cũng"
    const written = words(turn).every((w) => !w.plain);
    const found: string[] = [];
    for (const clause of candidates) {
      // a word typed with its marks is only itself: "tử" (tử cung) is no "từ", "con" no "còn"
      const ws = words(this.withoutPatient(clause, written), written).filter((w) => !temporal(w));
      // "khám ra nấm Candida âm đạo": the words after the diagnosis opener
      const opener = MULTI_WORD_OPENERS.find(
        (o) =>
          ws
            .slice(0, o.length)
            .map((w) => w.folded)
            .join(' ') === o.join(' '),
      );
      const rest = ws.slice(opener ? opener.length : 0).map((w) => w.text);
      const named = rest.length ? accept(rest) : null;
      if (named) found.push(named);
    }
    // "bn gút cấp, gối P sưng nóng đỏ từ sáng, dùng thuốc gì": the clause the formulary names a treatment for,
    // before a nearer one that only describes it
    return found.find((c) => this.content?.indicationKeyword(c).length) ?? found[0] ?? null;
  }

  /**
   * The turn with the patient's context removed: who, pregnancy, lactation, ages, weights and
   * allergies — and kidney or liver facts too, unless they are all the turn names (then they
   * are the condition asked about: "thuốc nào điều trị suy thận").
   */
  private withoutPatient(turn: string, written = false): string {
    // the reaction that made the allergy ("uống ibuprofen bị nổi mề đay") is history, not the condition asked
    let expanded = withoutReactions(normalize(this.expand(turn)));
    for (const a of this.allergies(expanded))
      expanded = expanded.replace(
        new RegExp(`${ALLERGY_CUE}(?:\\s+nhóm|\\s+nhom)?\\s+${escape(a)}(?:\\s*\\([^)]*\\))?`, 'giu'),
        ' ',
      );
    const ws = words(expanded, written);
    const context = [...PREGNANCY_CUES.find(ws), ...LACTATION_CUES.find(ws), ...PATIENT_WORDS.find(ws)];
    // a number with the unit words after it ("5 tháng", "14 kg", "20 ml/phút") is the patient's; "typ 2" stays
    const measured = new Set<number>();
    ws.forEach((w, i) => {
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
