import type { SectionKey } from '@app/contracts';
import { fold, normalize } from './normalize';
import {
  CHILD_EFFECT,
  INTAKE_CUES,
  INTAKE_PHRASES,
  intakeAlongside,
  LACTATION_CUES,
  PREGNANCY_CUES,
  pregnancyDenied,
  pregnancyStated,
} from './patient-facts';
import { PhraseSet, says, words, type Word } from './words';

/**
 * What a turn asks about -> monograph section. Phrases are written with their diacritics and
 * matched diacritics-aware (a word typed with marks says only itself: "liệu" is not "liều"),
 * in priority order, so "chống chỉ định" never reads as "chỉ định".
 */
/** The pill, as people name it beside another drug. */
export const CONTRACEPTIVE_PHRASES = ['thuốc ngừa thai', 'thuốc tránh thai', 'viên tránh thai', 'viên ngừa thai'];

const PHRASES: [string, SectionKey][] = [
  // "đang dùng thuốc ngừa thai … có bị giảm tác dụng ko": the pill beside the drug is an interaction
  ...CONTRACEPTIVE_PHRASES.map((p): [string, SectionKey] => [p, 'tuong_tac_thuoc']),
  ['thuốc giải độc', 'qua_lieu_va_xu_tri'],
  // "em dùng cho con bao nhiêu ạ": an amount asked of whom it is given, not whether it may be used
  ...['con', 'bé', 'cháu', 'bn', 'ông', 'bà', 'mẹ'].flatMap((who): [string, SectionKey][] => [
    [`cho ${who} bao nhiêu`, 'lieu_luong_cach_dung'],
    [`cho ${who} uống bao nhiêu`, 'lieu_luong_cach_dung'],
  ]),
  // "có hại cho thai không", "ảnh hưởng tới thai"
  ['hại cho thai', 'thoi_ky_mang_thai'],
  ['ảnh hưởng tới thai', 'thoi_ky_mang_thai'],
  ['ảnh hưởng đến thai', 'thoi_ky_mang_thai'],
  // "heparin có qua nhau thai ko": whether it reaches the fetus
  ['qua nhau thai', 'thoi_ky_mang_thai'],
  // a missed dose ("sáng nay bn quên gliclazid, mai cho uống 2v bù luôn đc ko"): how to take it says it
  ['quên uống', 'lieu_luong_cach_dung'],
  ['quên liều', 'lieu_luong_cach_dung'],
  ['quên 1 liều', 'lieu_luong_cach_dung'],
  ['quên một liều', 'lieu_luong_cach_dung'],
  ['uống bù', 'lieu_luong_cach_dung'],
  ['bù luôn', 'lieu_luong_cach_dung'],
  ['bù liều', 'lieu_luong_cach_dung'],
  // "có thuốc giải không", "antidote là gì"
  ['thuốc giải', 'qua_lieu_va_xu_tri'],
  ['antidote', 'qua_lieu_va_xu_tri'],
  ['thuốc đối kháng', 'qua_lieu_va_xu_tri'],
  ['giải độc', 'qua_lieu_va_xu_tri'],
  ['trung hòa', 'qua_lieu_va_xu_tri'],
  ['trung hoà', 'qua_lieu_va_xu_tri'],
  ['chất đối kháng', 'qua_lieu_va_xu_tri'],
  // "pha nồng độ ntn": the concentration it is diluted to is how to give it, not a level to monitor
  ['pha nồng độ', 'lieu_luong_cach_dung'],
  ['nồng độ pha', 'lieu_luong_cach_dung'],
  ['nồng độ', 'than_trong'],
  // "trước khi bắt đầu có cần xét nghiệm gì không", "cần theo dõi gì"
  ['xét nghiệm gì', 'than_trong'],
  ['cần xét nghiệm', 'than_trong'],
  ['làm xét nghiệm', 'than_trong'],
  ['theo dõi gì', 'than_trong'],
  ['theo dõi thêm', 'than_trong'],
  // "bao lâu thì phải cho bn xn máu lại 1 lần": how often the blood is checked is what the precautions say
  ['xét nghiệm máu', 'than_trong'],
  ['xét nghiệm lại', 'than_trong'],
  ['thử máu', 'than_trong'],
  ['kiểm tra máu', 'than_trong'],
  ['chống chỉ định', 'chong_chi_dinh'],
  // why a drug was left off: "sao ko dùng clarithro đc?"
  ['sao không dùng', 'chong_chi_dinh'],
  // "sao ko có colchicin vậy?", "sao ko thêm spironolacton?" after a list: why it was left off
  ['sao không có', 'chong_chi_dinh'],
  ['sao không thêm', 'chong_chi_dinh'],
  ['sao không kê', 'chong_chi_dinh'],
  ['sao không cho', 'chong_chi_dinh'],
  ['tại sao không dùng', 'chong_chi_dinh'],
  ['vì sao không dùng', 'chong_chi_dinh'],
  ['sao không được dùng', 'chong_chi_dinh'],
  ['không được dùng', 'chong_chi_dinh'],
  // "metformin ai ko đc xài", "diazepam mấy bệnh nào ko đc xài": who must not take it
  ['không được xài', 'chong_chi_dinh'],
  ['không được uống', 'chong_chi_dinh'],
  ['không nên dùng', 'chong_chi_dinh'],
  ['cấm dùng', 'chong_chi_dinh'],
  ['tác dụng không mong muốn', 'tac_dung_khong_mong_muon'],
  ['tác dụng phụ', 'tac_dung_khong_mong_muon'],
  // "omeprazol có làm giảm td clopidogrel ko": one drug changing what another does is an interaction, not an
  // effect on the patient (after "tác dụng phụ", so "giảm tác dụng phụ" stays the adverse effects')
  ...['có làm giảm', 'làm giảm', 'giảm', 'có làm tăng', 'làm tăng', 'tăng', 'làm mất', 'mất'].flatMap(
    (v): [string, SectionKey][] => [
      [`${v} tác dụng`, 'tuong_tac_thuoc'],
      [`${v} td`, 'tuong_tac_thuoc'],
      [`${v} hiệu quả`, 'tuong_tac_thuoc'],
    ],
  ),
  ['phản ứng có hại', 'tac_dung_khong_mong_muon'],
  ['adr', 'tac_dung_khong_mong_muon'],
  // an accidental or excess intake ("lỡ uống", "uống nhầm", "ngộ độc"): one list with the parser's
  ...INTAKE_PHRASES.map((p): [string, SectionKey] => [p, 'qua_lieu_va_xu_tri']),
  // the target INR is written with the dose ("INR 2 - 3 (đích 2,5) …")
  // "đang uống 850 x3/ngày. tối đa đc bnh?": the most it may be given is its dose
  ['tối đa được bao nhiêu', 'lieu_luong_cach_dung'],
  ['tối đa bao nhiêu', 'lieu_luong_cach_dung'],
  ['tối đa là bao nhiêu', 'lieu_luong_cach_dung'],
  ['inr mục tiêu', 'lieu_luong_cach_dung'],
  ['inr đích', 'lieu_luong_cach_dung'],
  ['đích inr', 'lieu_luong_cach_dung'],
  // a release form asked for ("chuyển qua loại phóng thích kéo dài"): its dose entries say which form
  ['phóng thích kéo dài', 'lieu_luong_cach_dung'],
  ['giải phóng kéo dài', 'lieu_luong_cach_dung'],
  ['phóng thích chậm', 'lieu_luong_cach_dung'],
  ['giải phóng chậm', 'lieu_luong_cach_dung'],
  ['inr cao', 'qua_lieu_va_xu_tri'],
  ['inr tăng', 'qua_lieu_va_xu_tri'],
  // "chiều nay đi cầu phân đen, INR lại 9.1": the INR again, high — managed where the overdose section says
  ['inr lại', 'qua_lieu_va_xu_tri'],
  ['inr lên', 'qua_lieu_va_xu_tri'],
  // "ko uống đc, valproat xử trí liều ntn": what to do with the dose is the dose's question, not an overdose
  ['xử trí liều', 'lieu_luong_cach_dung'],
  ['xử lý liều', 'lieu_luong_cach_dung'],
  ['xử trí', 'qua_lieu_va_xu_tri'],
  ['tương tác', 'tuong_tac_thuoc'],
  // "bán cefalexin được không hay sợ dị ứng chéo"
  ['dị ứng chéo', 'than_trong'],
  // "uống có buồn ngủ ko": an effect asked of the drug
  ['có buồn ngủ', 'tac_dung_khong_mong_muon'],
  // "xịt thuốc này có hay bị run tay không": an effect it often has
  ['có hay bị', 'tac_dung_khong_mong_muon'],
  ['bị buồn ngủ', 'tac_dung_khong_mong_muon'],
  ['gây buồn ngủ', 'tac_dung_khong_mong_muon'],
  // spacing doses or two products: "2 thuốc này uống cách nhau bao lâu" — before "nhậu", which an unmarked
  // "nhau" also spells ("moi lan cach nhau bao lau")
  ['cách nhau bao lâu', 'lieu_luong_cach_dung'],
  ['cách nhau mấy tiếng', 'lieu_luong_cach_dung'],
  ['cách nhau mấy giờ', 'lieu_luong_cach_dung'],
  // "uống sữa thì phải cách thuốc bao lâu": the spacing from a food or another product
  ['cách thuốc bao lâu', 'lieu_luong_cach_dung'],
  ['phải cách bao lâu', 'lieu_luong_cach_dung'],
  ['cách bao lâu', 'lieu_luong_cach_dung'],
  ['cách mấy tiếng', 'lieu_luong_cach_dung'],
  // alcohol while on it: "đang uống thuốc có uống rượu bia được không", "uống ít bia có sao không"
  ['uống rượu', 'tuong_tac_thuoc'],
  ['ít bia', 'tuong_tac_thuoc'],
  ['chút bia', 'tuong_tac_thuoc'],
  ['lon bia', 'tuong_tac_thuoc'],
  ['ly bia', 'tuong_tac_thuoc'],
  ['cốc bia', 'tuong_tac_thuoc'],
  ['ít rượu', 'tuong_tac_thuoc'],
  ['chút rượu', 'tuong_tac_thuoc'],
  ['rượu bia', 'tuong_tac_thuoc'],
  ['uống bia', 'tuong_tac_thuoc'],
  // "bn hay nhậu, dặn kiêng rượu đến bao lâu": alcohol with the drug is written under its interactions
  ['kiêng rượu', 'tuong_tac_thuoc'],
  ['kiêng bia', 'tuong_tac_thuoc'],
  ['nhậu', 'tuong_tac_thuoc'],
  ['dùng chung', 'tuong_tac_thuoc'],
  // "hay uống viên canxi chung luôn với thuốc này": taken together
  ['chung luôn với', 'tuong_tac_thuoc'],
  // "còn uống viên canxi mỗi sáng, có ảnh hưởng gì tới thuốc đó không": a mineral taken beside the drug
  ['viên canxi', 'tuong_tac_thuoc'],
  ['viên calci', 'tuong_tac_thuoc'],
  ['viên sắt', 'tuong_tac_thuoc'],
  // given through one line with another solution ("truyền chung 1 dây với Ringer lactat")
  ['truyền chung', 'tuong_tac_thuoc'],
  ['chạy chung', 'tuong_tac_thuoc'],
  ['chung chạc', 'tuong_tac_thuoc'],
  ['qua chạc 3', 'tuong_tac_thuoc'],
  ['chung dây', 'tuong_tac_thuoc'],
  ['cùng dây', 'tuong_tac_thuoc'],
  ['cùng đường truyền', 'tuong_tac_thuoc'],
  ['chung đường truyền', 'tuong_tac_thuoc'],
  ['chung đường', 'tuong_tac_thuoc'],
  // "đang truyền Ringer lactat …, cho ceftriaxon cùng lúc được ko"
  ['cùng lúc', 'tuong_tac_thuoc'],
  ['đồng thời', 'tuong_tac_thuoc'],
  ['cùng đường', 'tuong_tac_thuoc'],
  ['phối hợp', 'tuong_tac_thuoc'],
  ['uống cùng', 'tuong_tac_thuoc'],
  ['dùng cùng', 'tuong_tac_thuoc'],
  ['cho con bú', 'thoi_ky_cho_con_bu'],
  ['đang cho bú', 'thoi_ky_cho_con_bu'],
  ['cho bú', 'thoi_ky_cho_con_bu'],
  ['nuôi con bằng sữa mẹ', 'thoi_ky_cho_con_bu'],
  // "bú tiếp đc ko hay phải vắt bỏ sữa", "có phải ngưng bú không"
  ['bú tiếp', 'thoi_ky_cho_con_bu'],
  ['vắt bỏ sữa', 'thoi_ky_cho_con_bu'],
  ['vắt sữa bỏ', 'thoi_ky_cho_con_bu'],
  ['ngưng bú', 'thoi_ky_cho_con_bu'],
  ['ngừng bú', 'thoi_ky_cho_con_bu'],
  ['cai sữa', 'thoi_ky_cho_con_bu'],
  ['mang thai', 'thoi_ky_mang_thai'],
  ['có thai', 'thoi_ky_mang_thai'],
  ['có bầu', 'thoi_ky_mang_thai'],
  ['thai kỳ', 'thoi_ky_mang_thai'],
  ['bà bầu', 'thoi_ky_mang_thai'],
  ['mẹ bầu', 'thoi_ky_mang_thai'],
  ['phụ nữ mang thai', 'thoi_ky_mang_thai'],
  ['thai phụ', 'thoi_ky_mang_thai'],
  ['thai nhi', 'thoi_ky_mang_thai'],
  // dependence: "uống lâu ngày có bị nghiện không" ("nghien" folded is also "nghiền", crushing)
  ['có bị nghiện', 'than_trong'],
  ['bị nghiện', 'than_trong'],
  ['gây nghiện', 'than_trong'],
  ['sợ nghiện', 'than_trong'],
  ['lo nghiện', 'than_trong'],
  ['lệ thuộc', 'than_trong'],
  // a contrast scan while on the drug: "mai chụp CT có tiêm cản quang thì thuốc xử trí sao" (a scan alone,
  // "đã chụp CT loại trừ xuất huyết", is no question about the drug)
  ['cản quang', 'than_trong'],
  // "đang losartan, nay thử thai (+) … xử trí sao": a pregnancy found while on the drug
  ['thử thai', 'thoi_ky_mang_thai'],
  ['que thử', 'thoi_ky_mang_thai'],
  ['ảnh hưởng đến thai', 'thoi_ky_mang_thai'],
  ['muốn có em bé', 'thoi_ky_mang_thai'],
  ['muốn có con', 'thoi_ky_mang_thai'],
  ['dự định có thai', 'thoi_ky_mang_thai'],
  ['chuẩn bị mang thai', 'thoi_ky_mang_thai'],
  ['kế hoạch có thai', 'thoi_ky_mang_thai'],
  // "nếu dùng carba thì khi sinh cần lưu ý gì cho bé": the birth is the end of the pregnancy
  ['khi sinh', 'thoi_ky_mang_thai'],
  ['lúc sinh', 'thoi_ky_mang_thai'],
  ['khi đẻ', 'thoi_ky_mang_thai'],
  ['lúc đẻ', 'thoi_ky_mang_thai'],
  ['chuyển dạ', 'thoi_ky_mang_thai'],
  ['quên liều', 'lieu_luong_cach_dung'],
  ['quên uống', 'lieu_luong_cach_dung'],
  ['quên một liều', 'lieu_luong_cach_dung'],
  ['quên 1 liều', 'lieu_luong_cach_dung'],
  ['uống bù', 'lieu_luong_cach_dung'],
  ['bỏ sót', 'lieu_luong_cach_dung'],
  ['bỏ lỡ', 'lieu_luong_cach_dung'],
  ['quên dùng', 'lieu_luong_cach_dung'],
  ['quên không uống', 'lieu_luong_cach_dung'],
  ['quên chưa uống', 'lieu_luong_cach_dung'],
  ['uống bù', 'lieu_luong_cach_dung'],
  ['bù liều', 'lieu_luong_cach_dung'],
  ['liều dùng', 'lieu_luong_cach_dung'],
  ['liều lượng', 'lieu_luong_cach_dung'],
  ['cách dùng', 'lieu_luong_cach_dung'],
  ['bao nhiêu mg', 'lieu_luong_cach_dung'],
  ['mấy lần', 'lieu_luong_cach_dung'],
  ['pha loãng', 'lieu_luong_cach_dung'],
  ['pha với', 'lieu_luong_cach_dung'],
  ['pha vào', 'lieu_luong_cach_dung'],
  ['pha trong', 'lieu_luong_cach_dung'],
  ['pha bằng', 'lieu_luong_cach_dung'],
  ['tốc độ truyền', 'lieu_luong_cach_dung'],
  ['truyền trong bao lâu', 'lieu_luong_cach_dung'],
  ['tiêm thế nào', 'lieu_luong_cach_dung'],
  ['tiêm như thế nào', 'lieu_luong_cach_dung'],
  ['tiêm ra sao', 'lieu_luong_cach_dung'],
  // how to give it: "tiêm sao cho đúng", "cách tiêm", "tiêm chỗ nào"
  ['tiêm sao', 'lieu_luong_cach_dung'],
  ['cách tiêm', 'lieu_luong_cach_dung'],
  ['tiêm ở đâu', 'lieu_luong_cach_dung'],
  ['tiêm chỗ nào', 'lieu_luong_cach_dung'],
  ['tiêm vào đâu', 'lieu_luong_cach_dung'],
  ['truyền thế nào', 'lieu_luong_cach_dung'],
  ['truyền như thế nào', 'lieu_luong_cach_dung'],
  ['mấy mg', 'lieu_luong_cach_dung'],
  ['khởi đầu bao nhiêu', 'lieu_luong_cach_dung'],
  ['khởi đầu mấy', 'lieu_luong_cach_dung'],
  ['bắt đầu bao nhiêu', 'lieu_luong_cach_dung'],
  ['bắt đầu mấy', 'lieu_luong_cach_dung'],
  // how the dosage form is taken: broken, crushed, chewed, swallowed whole
  ['bẻ đôi', 'lieu_luong_cach_dung'],
  ['bẻ viên', 'lieu_luong_cach_dung'],
  ['bẻ nhỏ', 'lieu_luong_cach_dung'],
  ['bẻ ra', 'lieu_luong_cach_dung'],
  ['cắt đôi', 'lieu_luong_cach_dung'],
  ['nghiền', 'lieu_luong_cach_dung'],
  ['tán nhỏ', 'lieu_luong_cach_dung'],
  ['tán bột', 'lieu_luong_cach_dung'],
  ['nhai', 'lieu_luong_cach_dung'],
  ['nuốt nguyên', 'lieu_luong_cach_dung'],
  // swallowing is hard: how to give it ("nuốt viên nang rất khó, có cách nào cho bà uống")
  ['nuốt khó', 'lieu_luong_cach_dung'],
  ['cách nào cho uống', 'lieu_luong_cach_dung'],
  ['có cách nào', 'lieu_luong_cach_dung'],
  ['uống thế nào', 'lieu_luong_cach_dung'],
  // "colchicin dùng sao", "ngày đầu cho uống sao": how to take it, asked in the ward's words
  ['uống sao', 'lieu_luong_cach_dung'],
  ['dùng sao', 'lieu_luong_cach_dung'],
  ['tiêm sao', 'lieu_luong_cach_dung'],
  ['uống như thế nào', 'lieu_luong_cach_dung'],
  ['dùng thế nào', 'lieu_luong_cach_dung'],
  ['dùng như thế nào', 'lieu_luong_cach_dung'],
  ['thận trọng', 'than_trong'],
  // "cần để ý những phản ứng phụ gì": the adverse effects
  ['phản ứng phụ', 'tac_dung_khong_mong_muon'],
  // when to stop it before a procedure and when to take it again ("ngưng từ lúc nào và bao giờ uống lại"): the
  // formulary says so among its cautions (metformin before iodinated contrast)
  ['ngưng từ lúc nào', 'than_trong'],
  ['ngừng từ lúc nào', 'than_trong'],
  ['ngưng trước bao lâu', 'than_trong'],
  ['ngừng trước bao lâu', 'than_trong'],
  ['bao giờ uống lại', 'than_trong'],
  ['khi nào uống lại', 'than_trong'],
  ['bao giờ dùng lại', 'than_trong'],
  ['khi nào dùng lại', 'than_trong'],
  ['lưu ý', 'than_trong'],
  ['nguy cơ', 'than_trong'],
  ['dễ bị', 'than_trong'],
  ['cảnh báo', 'than_trong'],
  ['chỉ định', 'chi_dinh'],
  ['công dụng', 'chi_dinh'],
  ['dùng để làm gì', 'chi_dinh'],
  ['để làm gì', 'chi_dinh'],
  ['trị bệnh gì', 'chi_dinh'],
  ['chữa bệnh gì', 'chi_dinh'],
  ['điều trị bệnh gì', 'chi_dinh'],
  ['dược lý', 'duoc_ly'],
  ['cơ chế', 'duoc_ly'],
  // "thuốc này nó tác dụng kiểu gì": how it works
  ['tác dụng kiểu gì', 'duoc_ly'],
  ['tác dụng thế nào', 'duoc_ly'],
  ['tác dụng như thế nào', 'duoc_ly'],
  ['tác dụng ra sao', 'duoc_ly'],
  ['hoạt động thế nào', 'duoc_ly'],
  ['hoạt động ra sao', 'duoc_ly'],
  ['dược động học', 'duoc_ly'],
  // how the body handles it: "nửa đời thải trừ bao lâu", "thải trừ qua đâu"
  ['nửa đời', 'duoc_ly'],
  ['bán thải', 'duoc_ly'],
  ['thải trừ', 'duoc_ly'],
  ['sinh khả dụng', 'duoc_ly'],
  // "thuốc này làm gì" asks what it is for (before the weaker "thuốc này làm …" below)
  ['thuốc này làm gì', 'chi_dinh'],
  ['thuốc làm gì', 'chi_dinh'],
  ['dùng làm gì', 'chi_dinh'],
];

/**
 * Generic wording that only decides the section when nothing more specific was asked:
 * "liều thấp … cơ chế nào" is about the mechanism, "có dùng cho trẻ dưới 8 tuổi không"
 * about contraindications unless pregnancy or lactation is named.
 */
const WEAK: [string, SectionKey][] = [
  // light or storage of what is given: how it is given
  ['ánh sáng', 'lieu_luong_cach_dung'],
  ['túi đen', 'lieu_luong_cach_dung'],
  // "uống thuốc này có triệu chứng gì thì phải báo bác sĩ ngay": the effects to watch for
  ['triệu chứng gì', 'tac_dung_khong_mong_muon'],
  ['dấu hiệu gì', 'tac_dung_khong_mong_muon'],
  ['báo bác sĩ ngay', 'tac_dung_khong_mong_muon'],
  ['liều', 'lieu_luong_cach_dung'],
  ['pha', 'lieu_luong_cach_dung'],
  ['có dùng cho', 'chong_chi_dinh'],
  ['dùng cho', 'chong_chi_dinh'],
  ['dùng được cho', 'chong_chi_dinh'],
  ['có được dùng', 'chong_chi_dinh'],
  ['có gây', 'tac_dung_khong_mong_muon'],
  ['có hại', 'than_trong'],
  // "… thì có sao không", "có ảnh hưởng gì không": what to watch for
  ['có sao không', 'than_trong'],
  ['có sao', 'than_trong'],
  ['ảnh hưởng gì', 'than_trong'],
  ['có ảnh hưởng', 'than_trong'],
  ['uống nhiều nước', 'than_trong'],
  // "thuốc này có làm cháu bị run tay không": what the drug does to the patient
  ['có làm', 'tac_dung_khong_mong_muon'],
  ['hại thận', 'than_trong'],
  ['hại gan', 'than_trong'],
  // "ngừng thuốc rồi có hết ho không": what stopping does is written under the precautions
  // ("dừng thuốc" is not here: typed without marks it is "dùng thuốc")
  ['ngừng thuốc', 'than_trong'],
  ['ngưng thuốc', 'than_trong'],
  // "hết đợt thì ngưng luôn đc k": stopping at once
  ['ngưng luôn', 'than_trong'],
  // "nổi ban … cho dùng tiếp hay ngưng?": whether to go on is when to stop, written under the precautions
  ['dùng tiếp hay ngưng', 'than_trong'],
  ['dùng tiếp hay ngừng', 'than_trong'],
  ['tiếp hay ngưng', 'than_trong'],
  ['tiếp hay ngừng', 'than_trong'],
  ['tiếp tục hay ngưng', 'than_trong'],
  ['tiếp tục hay ngừng', 'than_trong'],
  ['ngừng luôn', 'than_trong'],
  ['ngưng ngay', 'than_trong'],
  ['ngừng ngay', 'than_trong'],
  ['tự ngưng', 'than_trong'],
  ['tự ngừng', 'than_trong'],
  ['ngừng đột ngột', 'than_trong'],
  ['ngưng đột ngột', 'than_trong'],
  ['bỏ thuốc', 'than_trong'],
  ['trước hay sau', 'lieu_luong_cach_dung'],
  // the time of day and the dose that follows: "buổi tối hay buổi sáng", "sau đó duy trì thế nào"
  // "nên uống vào lúc nào trong ngày", "acid folic uống vào ngày nào so với ngày uống MTX": when to take it
  ['lúc nào trong ngày', 'lieu_luong_cach_dung'],
  // "ngậm dưới lưỡi thì dặn bn tư thế sao": how to take it ("Ngồi hoặc nằm khi ngậm thuốc")
  ['tư thế sao', 'lieu_luong_cach_dung'],
  ['tư thế nào', 'lieu_luong_cach_dung'],
  ['tư thế gì', 'lieu_luong_cach_dung'],
  ['uống vào lúc nào', 'lieu_luong_cach_dung'],
  ['uống vào ngày nào', 'lieu_luong_cach_dung'],
  ['uống ngày nào', 'lieu_luong_cach_dung'],
  ['buổi tối hay', 'lieu_luong_cach_dung'],
  ['buổi sáng hay', 'lieu_luong_cach_dung'],
  ['uống buổi tối', 'lieu_luong_cach_dung'],
  ['uống buổi sáng', 'lieu_luong_cach_dung'],
  ['duy trì', 'lieu_luong_cach_dung'],
  // how to get it down: "viên omeprazol có mở ra trộn với nước", "nghiền qua sonde", "uống với sữa"
  ['mở ra', 'lieu_luong_cach_dung'],
  ['mở nang', 'lieu_luong_cach_dung'],
  ['mở viên', 'lieu_luong_cach_dung'],
  ['trộn với', 'lieu_luong_cach_dung'],
  ['trộn vào', 'lieu_luong_cach_dung'],
  ['qua sonde', 'lieu_luong_cach_dung'],
  ['với sữa', 'lieu_luong_cach_dung'],
  ['cùng sữa', 'lieu_luong_cach_dung'],
  ['phải cách', 'lieu_luong_cach_dung'],
  // how to give a suspension: "có cần lắc không", "lấy thìa đong được không"
  ['cần lắc', 'lieu_luong_cach_dung'],
  ['lắc kỹ', 'lieu_luong_cach_dung'],
  ['lắc đều', 'lieu_luong_cach_dung'],
  ['đong', 'lieu_luong_cach_dung'],
  // with or without food: "uống lúc đói hay sau ăn", "lúc no"
  ['lúc đói', 'lieu_luong_cach_dung'],
  ['khi đói', 'lieu_luong_cach_dung'],
  ['bụng đói', 'lieu_luong_cach_dung'],
  ['lúc no', 'lieu_luong_cach_dung'],
  ['sau ăn', 'lieu_luong_cach_dung'],
  ['trước ăn', 'lieu_luong_cach_dung'],
  // a dose that did not work: "sau 1 giờ vẫn chưa đáp ứng thì làm sao" (repeat, maximum)
  ['chưa đáp ứng', 'lieu_luong_cach_dung'],
  ['không đáp ứng', 'lieu_luong_cach_dung'],
  ['cách xa bao lâu', 'lieu_luong_cach_dung'],
  // a repeat dose or how long to go on: "chưa đỡ thì bao lâu nhắc lại", "tối đa dùng mấy ngày",
  // "tiêm tới khi nào thì ngưng"
  ['nhắc lại', 'lieu_luong_cach_dung'],
  ['lặp lại liều', 'lieu_luong_cach_dung'],
  ['dùng mấy ngày', 'lieu_luong_cach_dung'],
  ['uống mấy ngày', 'lieu_luong_cach_dung'],
  ['dùng được mấy ngày', 'lieu_luong_cach_dung'],
  ['tối đa mấy ngày', 'lieu_luong_cach_dung'],
  ['dùng trong bao lâu', 'lieu_luong_cach_dung'],
  ['dùng bao lâu', 'lieu_luong_cach_dung'],
  ['uống bao lâu', 'lieu_luong_cach_dung'],
  ['tới khi nào', 'lieu_luong_cach_dung'],
  ['đến khi nào', 'lieu_luong_cach_dung'],
  ['khi nào thì ngưng', 'lieu_luong_cach_dung'],
  ['khi nào thì ngừng', 'lieu_luong_cach_dung'],
  ['khi nào ngưng', 'lieu_luong_cach_dung'],
  ['khi nào ngừng', 'lieu_luong_cach_dung'],
  ['bữa ăn', 'lieu_luong_cach_dung'],
  ['uống lúc nào', 'lieu_luong_cach_dung'],
  ['uống khi nào', 'lieu_luong_cach_dung'],
  // the time of day: "uống giờ nào", "sáng hay tối"
  ['uống giờ nào', 'lieu_luong_cach_dung'],
  ['uống vào giờ nào', 'lieu_luong_cach_dung'],
  ['uống lúc mấy giờ', 'lieu_luong_cach_dung'],
  ['uống mấy giờ', 'lieu_luong_cach_dung'],
  ['dùng giờ nào', 'lieu_luong_cach_dung'],
  ['tiêm giờ nào', 'lieu_luong_cach_dung'],
  ['sáng hay tối', 'lieu_luong_cach_dung'],
  ['tối hay sáng', 'lieu_luong_cach_dung'],
  ['buổi nào', 'lieu_luong_cach_dung'],
  ['gây ra', 'tac_dung_khong_mong_muon'],
  ['có thể gây', 'tac_dung_khong_mong_muon'],
  // what the drug did to the patient: "thuốc này làm miệng có vị lạ", "uống xong bị chóng mặt"
  ['thuốc này làm', 'tac_dung_khong_mong_muon'],
  ['thuốc làm', 'tac_dung_khong_mong_muon'],
  ['uống vào bị', 'tac_dung_khong_mong_muon'],
  ['uống xong bị', 'tac_dung_khong_mong_muon'],
  ['sau khi uống bị', 'tac_dung_khong_mong_muon'],
  ['tiêm xong bị', 'tac_dung_khong_mong_muon'],
  ['sau khi tiêm bị', 'tac_dung_khong_mong_muon'],
  ['có phải do thuốc', 'tac_dung_khong_mong_muon'],
  // a symptom asked against the drug: "vú to, đau vú, do thuốc ko", "đau gân gót, có liên quan thuốc không"
  ['do thuốc', 'tac_dung_khong_mong_muon'],
  ['tại thuốc', 'tac_dung_khong_mong_muon'],
  ['liên quan thuốc', 'tac_dung_khong_mong_muon'],
  ['liên quan đến thuốc', 'tac_dung_khong_mong_muon'],
  ['liên quan tới thuốc', 'tac_dung_khong_mong_muon'],
  ['có phải tại thuốc', 'tac_dung_khong_mong_muon'],
  // "có phải do morphin không", "uống loratadin có bị buồn ngủ không": what the drug does
  ['có phải do', 'tac_dung_khong_mong_muon'],
  ['có bị', 'tac_dung_khong_mong_muon'],
  // "allopurinol có dùng để phòng sỏi tái phát được không": what it is for
  ['dùng để', 'chi_dinh'],
  // stopping a drug around surgery and procedures is written under the precautions
  // (unless a dose was asked first: "liều dự phòng trước mổ")
  ['trước mổ', 'than_trong'],
  ['trước khi mổ', 'than_trong'],
  ['trước phẫu thuật', 'than_trong'],
  ['trước khi phẫu thuật', 'than_trong'],
  ['trước thủ thuật', 'than_trong'],
  ['trước khi làm thủ thuật', 'than_trong'],
  ['trước nhổ răng', 'than_trong'],
  ['trước khi nhổ răng', 'than_trong'],
  ['trước khi chụp', 'than_trong'],
  // whether to stop the drug ("tuần sau nhổ răng thì có cần ngưng X", "chụp CT cản quang, X có phải ngưng")
  // "uống thuốc này có phải kiêng rau xanh không": what to avoid while on it
  ['kiêng', 'than_trong'],
  ['phải tránh', 'than_trong'],
  // "có phải nghỉ thuốc ko, nghỉ trước mấy hôm" (before a skin test, an operation)
  ['nghỉ thuốc', 'than_trong'],
  ['nghỉ trước', 'than_trong'],
  ['ngưng trước', 'than_trong'],
  ['ngừng trước', 'than_trong'],
  ['có cần ngưng', 'than_trong'],
  ['có phải ngưng', 'than_trong'],
  ['có cần ngừng', 'than_trong'],
  ['có phải ngừng', 'than_trong'],
  ['cần ngưng', 'than_trong'],
  ['phải ngưng', 'than_trong'],
  ['cần ngừng', 'than_trong'],
  ['phải ngừng', 'than_trong'],
  ['tạm ngưng', 'than_trong'],
  ['tạm ngừng', 'than_trong'],
];

interface Found {
  at: number;
  section: SectionKey;
}

/** Matches phrases in priority order; a matched phrase claims its words so a shorter one inside it cannot. */
function find(ws: (Word | null)[], phrases: [string, SectionKey][]): Found[] {
  const found: Found[] = [];
  for (const [phrase, section] of phrases) {
    const p = normalize(phrase).split(' ');
    for (let i = 0; i + p.length <= ws.length; i++) {
      if (!p.every((pw, k) => ws[i + k] !== null && says(ws[i + k]!, pw))) continue;
      found.push({ at: i, section });
      for (let k = 0; k < p.length; k++) ws[i + k] = null;
    }
  }
  return found;
}

/**
 * "Chỉ định" as the verb "prescribed" ("bác sĩ chỉ định prednisolon", "đã chỉ định") names who
 * ordered the drug, not the indications section; these phrases claim their words and route nowhere.
 * ("X được chỉ định cho bệnh gì" is the indications question, so "được chỉ định" is not here.)
 */
const NOT_A_SECTION: [string, SectionKey][] = [
  'bác sĩ chỉ định',
  'bs chỉ định',
  'đã chỉ định',
  'bác sĩ đã chỉ định',
  'bác sĩ kê',
  'bs kê',
  // the patient's habits, not a question: "ko uống rượu"
  'không uống rượu',
  'không rượu bia',
  'không uống bia',
  // a diet the patient is on ("ăn kiêng rồi mà đường vẫn cao") is context, not "what to avoid"
  'ăn kiêng rồi',
  'đã ăn kiêng',
  'đang ăn kiêng',
  // "sau mấy lần đặt thuốc": after using it a few times, no frequency asked
  'sau mấy lần',
  'sau vài lần',
  // "khi sinh hoạt": daily life, not the birth
  'khi sinh hoạt',
  'lúc sinh hoạt',
].map(
  // the section is never read: these matches only blank their words out of the text
  (p) => [p, 'chi_dinh'],
);

const DOSE_ADJUSTMENT = new PhraseSet(['giảm liều', 'chỉnh liều', 'điều chỉnh liều', 'hiệu chỉnh liều', 'tăng liều']);
/** Driving or running machines: whether the drug allows it is written under the precautions. */
const DRIVING = new PhraseSet([
  'lái xe',
  'chạy xe',
  'vận hành máy',
  'lái máy',
  // "sáng hôm sau tôi vẫn lái ô tô đi làm được chứ", "đi xe máy"
  'lái ô tô',
  'lái oto',
  'đi xe máy',
  'chạy xe máy',
]);

/** "trị phù do bệnh gì", "chữa được bệnh gì" (folded): what a drug treats, asked with the use between. */
const TREATS_WHAT = / (?:tri|chua) (?:[a-z]+ ){0,3}(?:benh gi|benh nao) /u;

/** "uống cái này chạy xe đc ko": driving asked — the precautions say it, whatever else the words ask. */
export const drivingAsked = (text: string): boolean => DRIVING.has(words(text));

/** An intake that is more than the dose: a count of units, a pack, an overdose or a poisoning. */
const EXCESS = new PhraseSet([
  'quá liều',
  'ngộ độc',
  'quá nhiều',
  'cả vỉ',
  'hết vỉ',
  'cả lọ',
  'hết lọ',
  'cả chai',
  'hết chai',
]);
const COUNTED = /\d+\s*(?:viên|vien|v|ống|ong|gói|goi|ml|vỉ|vi|lọ|lo|chai)(?![\p{L}])/iu;

/**
 * "mấy tuần nay em lỡ uống thuốc suốt …, giờ uống tiếp được không": a drug taken day after day, or to be taken on,
 * by a patient who now says she is pregnant (nursing) — the question of her state, not of an excess.
 */
const CONTINUED_USE = new PhraseSet([
  'suốt',
  'uống tiếp',
  'dùng tiếp',
  'tiếp tục',
  'hằng ngày',
  'hàng ngày',
  'mấy tuần nay',
  'mấy tháng nay',
  'lâu nay',
  'vẫn uống',
  'vẫn dùng',
]);

/**
 * "lỡ uống doxycyclin 5 ngày rồi, hôm nay mới biết có bầu, thuốc đó có ảnh hưởng gì em bé không": a drug
 * taken before a pregnancy was known (or while nursing), asked for what it does to the child, is the
 * pregnancy (lactation) section's question — not an overdose, unless an excess is said ("lỡ uống 10 viên").
 */
export function exposureSection(text: string): SectionKey | null {
  const ws = words(text);
  const asked = CHILD_EFFECT.has(ws) || (CONTINUED_USE.has(ws) && (pregnancyStated(ws) || LACTATION_CUES.has(ws)));
  if (!asked || EXCESS.has(ws) || COUNTED.test(normalize(text))) return null;
  if (PREGNANCY_CUES.has(ws)) return 'thoi_ky_mang_thai';
  if (LACTATION_CUES.has(ws)) return 'thoi_ky_cho_con_bu';
  return null;
}

/** All sections the text asks about: specific ones in order of first mention, then generic ones. */
/** A dose raised or lowered to an amount ("tăng lên 10mg/ngày", "giảm xuống còn 5 mg"), folded. */
const DOSE_TO_AMOUNT =
  / (?:tang|giam|ha) (?:len|xuong|con)(?: con)? \d+(?:[.,]\d+)? ?(?:mg|g|mcg|microgam|ml|don vi|vien)/u;

/** Whether to stop the drug, asked ("có cần ngừng thuốc không", "phải ngưng ko"). */
const STOP_ASKED = new PhraseSet(
  ['cần', 'phải', 'nên', 'có nên'].flatMap((m) => ['ngừng', 'ngưng', 'dừng'].map((v) => `${m} ${v}`)),
);

/**
 * "sau mấy lần đặt thuốc thì nổi mẩn đỏ khắp người, vậy phải làm sao" (folded): a rash that came after the drug was
 * taken, and what to do asked — not a rash the drug is asked for ("nổi mề đay thì cho uống loratadin bao nhiêu").
 */
function rashAfterDrug(text: string): boolean {
  const t = ` ${fold(text)
    .replace(/[^a-z0-9]+/gu, ' ')
    .trim()} `;
  return (
    / (?:thuoc|uong|tiem|dat|xit|dung)(?: [a-z0-9]+){0,3} (?:thi |bi |xong |lai )*(?:noi man|noi ban|phat ban|noi me day|man ngua) /u.test(
      t,
    ) && / (?:lam sao|xu tri|lam gi|the nao|thi sao|co sao) /u.test(t)
  );
}

/** A reaction asked against the drug that caused it: whether it is the drug's, whether to stop it, what to do. */
const SUSPECTED = new PhraseSet(['có phải do thuốc', 'do thuốc không', 'do thuốc ko', 'tại thuốc', 'liên quan thuốc']);

/**
 * "mới uống allopurinol đc 2 tuần thì nổi ban đỏ, có phải do thuốc ko, có cần ngưng ko": the drug the patient reacted to
 * is what the turn asks about (is it the drug's, must it stop), not only an allergy told beside another question.
 */
export function reactionAsked(text: string): boolean {
  const ws = words(text);
  return STOP_ASKED.has(ws) || SUSPECTED.has(ws) || rashAfterDrug(text);
}

/** Where "ngoài … ra" (apart from) starts and ends, for each one in the words: what it holds is set aside. */
function setAsideSpans(ws: (Word | null)[]): [number, number][] {
  const spans: [number, number][] = [];
  for (let i = 0; i < ws.length; i++) {
    if (!ws[i] || !says(ws[i]!, 'ngoài')) continue;
    for (let j = i + 2; j < ws.length && j <= i + 6; j++)
      if (ws[j] && says(ws[j]!, 'ra')) {
        spans.push([i, j]);
        i = j;
        break;
      }
  }
  return spans;
}

/** "ngoài tương tác đó ra thì bản thân thuốc … có nguy cơ gì": what "ngoài … ra" holds is blanked for the section phrases. */
function setAside(ws: (Word | null)[]): void {
  for (const [i, j] of setAsideSpans(ws)) for (let k = i; k <= j; k++) ws[k] = null;
}

/** The words with what "ngoài … ra" (apart from) holds blanked: a section set aside is not asked. */
export function withoutSetAside(ws: Word[]): Word[] {
  const spans = setAsideSpans(ws);
  return ws.map((w, k) => (spans.some(([i, j]) => k >= i && k <= j) ? { ...w, text: '#', folded: '#' } : w));
}

export function routeSections(text: string): SectionKey[] {
  const ws: (Word | null)[] = words(text);
  find(ws, NOT_A_SECTION);
  setAside(ws);
  const strong = find(ws, PHRASES);
  const weak = find(ws, WEAK);
  const out: SectionKey[] = [];
  for (const f of [...strong.sort((a, b) => a.at - b.at), ...weak.sort((a, b) => a.at - b.at)])
    if (!out.includes(f.section)) out.push(f.section);
  // "có phải ngưng spironolacton ko hay giảm liều": a dose to adjust is the dosing section's, whatever else is named
  if (out.includes('lieu_luong_cach_dung') && DOSE_ADJUSTMENT.has(words(text)))
    return ['lieu_luong_cach_dung', ...out.filter((x) => x !== 'lieu_luong_cach_dung')];
  // "uống một lúc khoảng 20 viên": many units taken at once is the overdose section's, before anything else asked
  if (!out.includes('qua_lieu_va_xu_tri') && INTAKE_CUES.has(words(text))) out.unshift('qua_lieu_va_xu_tri');
  // "ko có thai" tells who the patient is not: no question about pregnancy
  if (out.includes('thoi_ky_mang_thai') && pregnancyDenied(words(text)))
    out.splice(out.indexOf('thoi_ky_mang_thai'), 1);
  const exposure = out.includes('qua_lieu_va_xu_tri') ? exposureSection(text) : null;
  if (exposure) return [exposure, ...out.filter((x) => x !== exposure && x !== 'qua_lieu_va_xu_tri')];
  // "lỡ uống thuốc với sữa, phải cách bao lâu": what it was taken with is asked, not an excess
  if (out.includes('qua_lieu_va_xu_tri') && intakeAlongside(text)) {
    const rest = out.filter((x) => x !== 'qua_lieu_va_xu_tri');
    return rest.length ? rest : ['tuong_tac_thuoc'];
  }
  // "đau gân gót …, có phải do thuốc không, có cần ngừng thuốc không": whether to stop it is the precautions' to say
  // (they tell when to stop), before what the drug may cause
  if (out[0] === 'tac_dung_khong_mong_muon' && STOP_ASKED.has(words(text)))
    return ['than_trong', ...out.filter((x) => x !== 'than_trong')];
  // "tăng lên 10mg/ngày đc ko", "giảm xuống 5 mg": a dose changed to an amount is the dosing section's
  if (out.length === 0 && DOSE_TO_AMOUNT.test(` ${fold(text)} `)) return ['lieu_luong_cach_dung'];
  // "sau mấy lần đặt thuốc thì nổi mẩn đỏ khắp người, vậy phải làm sao": a rash while on the drug, and no section
  // asked beside it — the precautions say when to stop the drug
  if (out.length === 0 && rashAfterDrug(text)) return ['than_trong'];
  // "thuốc này trị phù do bệnh gì": what it treats, asked around the use's words
  if (out.length === 0 && TREATS_WHAT.test(` ${fold(text)} `)) return ['chi_dinh'];
  // "có buồn ngủ ko, có chạy xe được ko": the effect asked for its bearing on driving is a precaution
  // "uống cetirizin xong lái xe đi làm được không": driving asked with no other section is a precaution too
  if ((out.length === 0 || out[0] === 'tac_dung_khong_mong_muon') && DRIVING.has(words(text)))
    return ['than_trong', ...out.filter((x) => x !== 'than_trong')];
  return out;
}
