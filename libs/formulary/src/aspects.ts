import type { EvidencePart } from '@app/contracts';
import { normalize } from './normalize';
import { PhraseSet, words } from './words';

/**
 * A question that asks one aspect of taking a drug — with or without food, with alcohol — is
 * answered only by parts that speak of it. When none of the parts found does ("ondansetron uống lúc
 * đói hay no" beside its doses and its infusion note), the honest reply is that the formulary does
 * not say: quoting the doses would answer a question nobody asked and look like a yes.
 */
const ASPECTS: { asked: PhraseSet; spoken: RegExp; with?: PhraseSet }[] = [
  {
    asked: new PhraseSet([
      'lúc đói',
      'khi đói',
      'bụng đói',
      'lúc no',
      'khi no',
      'đói hay no',
      'trước ăn',
      'sau ăn',
      'trước hay sau ăn',
      'trong bữa ăn',
      'trước bữa',
      'sau bữa',
      'uống với sữa',
    ]),
    spoken: /(?<!\p{L})(?:ăn|bữa|đói|no|thức ăn|sữa)(?!\p{L})/u,
  },
  {
    asked: new PhraseSet(['rượu', 'bia', 'nhậu', 'ethanol']),
    spoken: /(?<!\p{L})(?:rượu|ethanol|bia|cồn)(?!\p{L})/u,
  },
  // storage: "lọ pha rồi … để tủ lạnh mai dùng tiếp đc ko" ("dùng tiếp" alone is going on with the drug)
  {
    asked: new PhraseSet([
      'tủ lạnh',
      'bảo quản',
      'nhiệt độ phòng',
      'để được bao lâu',
      'hạn dùng',
      // light: "chai dịch có cần bọc túi đen chống ánh sáng không"
      'ánh sáng',
      'túi đen',
      'bọc giấy bạc',
    ]),
    spoken: /(?<!\p{L})(?:bảo quản|tủ lạnh|nhiệt độ|ổn định|hạn dùng|ánh sáng)(?!\p{L})/u,
  },
  // a missed dose: "lỡ quên uống thì uống bù hay bỏ qua" — answered only where a part says what to do
  // ("Nếu quên một liều, không uống gấp đôi …"), never by the regimen itself
  {
    asked: new PhraseSet([
      'quên uống',
      'quên liều',
      'quên 1 liều',
      'quên một liều',
      'uống bù',
      'bù liều',
      'bỏ qua liều',
      'quên dùng',
      'quên tiêm',
    ]),
    spoken: /quên (?:một |1 )?liều|gấp đôi liều|uống bù|bỏ qua liều|liều bị quên|liều đã quên/u,
  },
  // coffee and tea with the drug: "sáng nào cũng uống 2 ly cà phê, có phải bỏ không"
  {
    asked: new PhraseSet(['cà phê', 'cafe', 'coffee', 'cafein', 'caffeine', 'caffein']),
    spoken: /(?<!\p{L})(?:cà phê|cafein|caffein|caffeine|coffee)(?!\p{L})/u,
  },
  // a dose brought up: "vừa uống xong bé ói ra hết, có cho uống lại không" — answered only where a part says it
  {
    asked: new PhraseSet([
      'uống lại liều',
      'cho uống lại',
      'cho bé uống lại',
      'uống bù lại',
      'có uống lại',
      'uống lại không',
      // "uống xong … bị nôn ra hết, có cần cho mẹ uống lại viên khác ko": beside the dose brought up
      'uống lại',
      'uống viên khác',
      'uống thêm viên khác',
    ]),
    // … only beside the dose brought up ("bao giờ cho uống lại" after a scan is when to restart)
    with: new PhraseSet(['ói', 'nôn', 'trớ', 'mửa']),
    spoken: /(?:nôn|ói) (?:ra|trong vòng)|uống lại liều|dùng lại liều|nôn sau khi uống/u,
  },
  // crushing, splitting or chewing a tablet, opening a capsule: "nghiền nhỏ viên trộn vào cháo được không" — answered
  // only where a part says it ("Nuốt nguyên viên, không bẻ hoặc nhai", "có thể mở nang"), never by the regimen
  {
    asked: new PhraseSet([
      // (not "nghiền" alone: unmarked, "nghien" is also "nghiện", dependence)
      'nghiền nhỏ',
      'nghiền viên',
      'nghiền ra',
      'nghiền thuốc',
      'tán nhỏ',
      'tán bột',
      'bẻ đôi',
      'bẻ nhỏ',
      'bẻ viên',
      'cắt đôi',
      'chia đôi viên',
      'nhai viên',
      'nhai được',
      'mở nang',
      'mở viên nang',
      'trộn vào cháo',
      'trộn vào sữa',
      'trộn vào thức ăn',
      'hòa vào nước',
    ]),
    spoken: /nghiền|nhai|(?<!\p{L})bẻ(?!\p{L})|nuốt nguyên|mở nang|mở viên nang|tán|chia đôi|cắt đôi|hòa tan|phân tán/u,
  },
  // a volume to dissolve or dilute in: "1 lọ 1g pha với mấy ml nước cất" — only a volume or a concentration
  // answers it ("pha thành dung dịch 2 mg/ml"), not a clearance in ml/phút
  {
    asked: new PhraseSet([
      'pha với mấy ml',
      'pha với bao nhiêu ml',
      'pha mấy ml',
      'pha bao nhiêu ml',
      'pha trong mấy ml',
      'pha trong bao nhiêu ml',
      'mấy ml nước cất',
      'bao nhiêu ml nước cất',
      'mấy ml dung môi',
      'bao nhiêu ml dung môi',
      'bao nhiêu ml dịch',
      'mấy ml dịch',
    ]),
    spoken: /\d+(?:[.,]\d+)?\s*ml(?!\s*\/\s*(?:phút|ph|min|giờ|h|kg)(?!\p{L}))(?!\p{L})|mg\/ml/u,
  },
];

/** The aspects the question asks that none of the parts speaks of (empty: every aspect asked is answered). */
export function unansweredAspects(question: string, parts: EvidencePart[]): number[] {
  // "cai rượu", "nghiện rượu": the patient's condition, not a drink asked about
  // … nor is "nhau" typed without marks beside what makes it "each other" or the placenta ("uống với nhau", "cách nhau",
  // "qua nhau thai"): no drinking ("nhậu")
  const ws = words(
    question
      .replace(/(?:cai|nghiện|nghien|ngộ độc|ngo doc)\s+(?:rượu|ruou)/giu, ' ')
      .replace(/(?<!\p{L})(?:(?:với|voi|cách|cach|cùng|cung|lẫn|lan)\s+nhau|nhau\s+thai)(?!\p{L})/giu, ' '),
  );
  return ASPECTS.flatMap((a, i) =>
    a.asked.has(ws) && (!a.with || a.with.has(ws)) && !parts.some((p) => a.spoken.test(normalize(p.text))) ? [i] : [],
  );
}
