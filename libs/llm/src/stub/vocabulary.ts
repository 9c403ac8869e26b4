import { type SectionKey } from '@app/contracts';
import {
  CLASS_NAMES,
  CountPhrases,
  HOW_TO_GIVE_CUES,
  PhraseSet,
  says,
  words,
  type PhraseHit,
  type Word,
} from '@app/formulary';

/** The stub parser's shared phrase tables: what a question asks (P), symptoms, umbrella conditions. */
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
  // "uống tối đa 1 ngày bao nhiêu": the most a day
  'tối đa bao nhiêu',
  'tối đa 1 ngày',
  'tối đa một ngày',
  'tối đa mỗi ngày',
  '1 ngày bao nhiêu',
  'một ngày bao nhiêu',
  'mỗi ngày bao nhiêu',
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

/** An amount asked: per dose, to start with, or per unit of time ("mấy mg", "bắt đầu bao nhiêu", "mỗi ngày mấy lần"). */
/** "para uống thì bn", "TM thì bn" (bao nhiêu): an amount asked by the route it is given. */
const BY_ROUTE_AMOUNT = ['uống', 'tiêm', 'truyền', 'dùng', 'tĩnh mạch', 'bắp', 'tiêm bắp', 'dưới da'].flatMap((r) => [
  `${r} thì bao nhiêu`,
  `${r} thì mấy`,
]);
const AMOUNT_ASKED = [
  'mấy mg',
  'khởi đầu bao nhiêu',
  'khởi đầu mấy',
  'bắt đầu bao nhiêu',
  'bắt đầu mấy',
  ...PER_TIME,
  ...BY_ROUTE_AMOUNT,
];

/** A form said between "thuốc" and its purpose ("thuốc uống trị …", "thuốc bôi chống …"). */
const FORM_WORDS = ['uống', 'tiêm', 'bôi', 'nhỏ', 'xịt', 'viên', 'đặt'];

/** Drug classes asked as "which one" ("kháng histamin nào", "ks nào" = kháng sinh nào). */
const CLASS_NOUNS = new PhraseSet([
  // every class the shared list path reads ("chống nôn gì", "kháng tiểu cầu nào"), and the stub's own
  ...CLASS_NAMES,
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
  // a class said by the disease it treats ("thuốc huyết áp nào bà bầu dùng được")
  'thuốc huyết áp',
  'thuốc cao huyết áp',
  'thuốc tiểu đường',
  'thuốc mỡ máu',
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
    // "phác đồ diệt HP nào dùng đc": which regimen is which drugs
    if (ws[i] && ws[i + 1] && says(ws[i], 'phác') && says(ws[i + 1], 'đồ')) {
      for (let j = i + 2; j <= i + 6 && j < ws.length; j++)
        if (asks(ws[j])) return { start: i, length: j + 1 - i, phrase: 'thuốc nào' };
      return null;
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
export const P = {
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
    // "về nhà có xài chung ISDN với sildenafil đc ko"
    'xài chung',
    'xài cùng',
    'xài kèm',
    'dùng đồng thời',
    'uống đồng thời',
  ]),
  doseAsked: new PhraseSet([
    'liều bao nhiêu',
    'liều thế nào',
    'liều dùng bao nhiêu',
    'bao nhiêu mg',
    'uống bao nhiêu',
    // "cho uống ibuprofen thì cho bao nhiêu ạ"
    'cho bao nhiêu',
    'dùng bao nhiêu',
    'tiêm bao nhiêu',
    'truyền bao nhiêu',
    'liều khởi đầu',
    'liều tối đa',
    ...MOST_ASKED,
    'liều mấy',
    ...AMOUNT_ASKED,
  ]),
  /** How to give it (dilute, dissolve, rate): a question about giving, not a dose to work out. */
  administration: HOW_TO_GIVE_CUES,
  /** A missed dose: "quên 1 liều", "uống bù", "gấp đôi bù lại". */
  missedDose: new PhraseSet(['quên liều', 'quên 1 liều', 'quên một liều', 'uống bù', 'bù lại', 'gấp đôi', 'bù liều']),
  dosing: new CountPhrases([
    'liều',
    ...MOST_ASKED,
    'liều dùng',
    'liều lượng',
    'bao nhiêu mg',
    'cho bao nhiêu',
    'uống bao nhiêu',
    'dùng bao nhiêu',
    'tiêm bao nhiêu',
    'truyền bao nhiêu',
    'mấy lần',
    'bao nhiêu lần',
    ...AMOUNT_ASKED,
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
    'tks',
    'thks',
    'thx',
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
    // "quay lại thuốc lúc nãy": the drug asked before an aside
    'thuốc lúc nãy',
    'thuốc hồi nãy',
    'thuốc ban nãy',
    'thuốc vừa rồi',
    'thuốc vừa nãy',
    'thuốc lúc trước',
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
    // how it is given again ("chưa đỡ thì bao lâu KD lại")
    'khí dung',
    // monitoring a drug is given by ("mấy giờ sau thì thử aPTT", "INR bao nhiêu thì ngưng")
    'aptt',
    'inr',
    'xét nghiệm',
    'nồng độ',
    'creatinin',
    'kali máu',
    'đường huyết',
    'tiểu cầu',
    'men gan',
  ]),
  /**
   * States of the patient the formulary's safety sections speak of that no indication names ("à bn này nghiện rượu
   * lâu năm"): told after an answer, they are the patient the question goes on for.
   */
  patientStates: new PhraseSet([
    'nghiện rượu',
    'nghiện bia',
    'nghiện bia rượu',
    'nghiện rượu bia',
    'uống rượu nhiều',
    'uống nhiều rượu',
    'nghiện ma túy',
    'suy dinh dưỡng',
  ]),
  followUp: new PhraseSet(['còn', 'thế còn', 'vậy còn', 'thế thì', 'còn với', 'thì sao']),
  contra: new PhraseSet(['chống chỉ định']),
  caution: new PhraseSet(['thận trọng', 'cẩn thận']),
  // "thuốc nào làm tăng acid uric": what raises a state is what causes it ("làm giảm" is what treats it)
  causes: new PhraseSet(['gây', 'gây ra', 'tác dụng phụ', 'làm kéo dài', 'làm tăng nguy cơ', 'làm tăng', 'dễ gây']),
  /** "quán cơm gần bệnh viện": the hospital as a place is not a medical question. */
  hospital: new PhraseSet(['bệnh viện']),
  /** "có dùng X được không": whether the drug may be used at all. */
  // "vẫn cho uống được chứ": a question that expects yes is still asked
  mayUse: /(?:^| )(?:dung|uong|tiem|xai|bat dau|khoi tri)(?: \S+){0,4} (?:duoc|dc) (?:khong|ko|k|hong|chu)(?: |$)/,
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
export const isSymptom = (text: string): boolean => {
  const ws = words(text);
  const hit = SYMPTOM_SET.at(ws, 0);
  return ws.length > 0 && hit !== null && hit.length === ws.length;
};

/** Umbrella terms too broad to list drugs for: ask which condition. */
export const VAGUE_CONDITIONS = [
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
  // "mẹ em bị dị ứng, có thuốc gì": which allergy (the nose, the skin, anaphylaxis) the lists differ by
  'di ung',
];

export { escapeRegExp as escape } from '@app/formulary';

/** The monographs' text as the parser may read it: which section of a drug a question's words name, which conditions indications name. */
export interface SectionsByContent {
  sectionByContent(drugId: string, turn: string, minPairs?: number): SectionKey | null;
  indicationKeyword(condition: string): unknown[];
  section(drugId: string, section: SectionKey): { text: string }[];
}
