import {
  POPULATION_LABELS,
  ROUTE_LABELS,
  SECTION_KEYS,
  SECTION_TITLES,
  type Population,
  type Route,
  type SectionKey,
} from '@app/contracts';

/** Every fixed sentence the agent says, in one place. Short, Vietnamese, and says what to do next. */
export const W = {
  greeting:
    'Xin chào! Tôi trả lời câu hỏi về thuốc dựa trên Dược thư Quốc gia Việt Nam, có trích dẫn nguồn. Bạn có thể hỏi về chỉ định, liều dùng, chống chỉ định, tác dụng không mong muốn hoặc tương tác thuốc.',
  outOfScope:
    'Câu hỏi này nằm ngoài phạm vi của tôi: tôi chỉ trả lời về thuốc dùng cho người theo Dược thư Quốc gia. Hãy hỏi về một thuốc cụ thể, ví dụ chỉ định, liều dùng hay tương tác.',
  nonHuman:
    'Tôi không trả lời câu hỏi về thuốc cho động vật: Dược thư Quốc gia là tài liệu dùng cho người. Hãy hỏi bác sĩ thú y.',
  population: (drugs: string) => `Bạn cần liều ${drugs} cho người lớn, trẻ em hay người cao tuổi?`,
  populationReplies: ['Người lớn', 'Trẻ em', 'Người cao tuổi'],
  needsMoreInfo: 'Bạn có thể nói rõ hơn câu hỏi không? Hãy nêu tên thuốc và điều bạn cần biết.',
  ambiguousCondition: (c: string | null) =>
    `Bạn muốn tìm thuốc cho tình trạng nào cụ thể${c ? ` (bạn đã nêu: "${c}")` : ''}? Hãy nêu tên bệnh hoặc chỉ định rõ hơn.`,
  reverseRelation:
    'Tôi chỉ tra được thuốc theo chỉ định (thuốc nào dùng cho một bệnh). Câu hỏi ngược như thuốc nào gây ra hoặc chống chỉ định cho một tình trạng chưa được hỗ trợ. Hãy hỏi về một thuốc cụ thể, ví dụ: "Chống chỉ định của ibuprofen?"',
  noCondition: 'Bạn muốn tìm thuốc cho bệnh nào? Hãy nêu tên bệnh, ví dụ: tăng huyết áp.',
  noIndication: 'Bạn muốn tìm thuốc cho triệu chứng nào? Hãy nêu triệu chứng, ví dụ: sốt, đau.',
  missingAttribute: (drugs: string) => `Bạn muốn biết thông tin gì về ${drugs}?`,
  /** Every section of a monograph: the user may want any of them. */
  attributeReplies: SECTION_KEYS.map((k) => SECTION_TITLES[k]),
  notInFormulary: (names: string[]) =>
    `Không tìm thấy ${names.map((n) => `"${n}"`).join(', ')} trong Dược thư hiện có. Hãy kiểm tra lại tên thuốc (tên hoạt chất) hoặc hỏi về một thuốc khác.`,
  noDrug: 'Bạn muốn hỏi về thuốc nào? Hãy nêu tên hoạt chất, ví dụ: paracetamol.',
  whichDrugOfClass: (classes: string[]) => `Bạn đang hỏi về thuốc ${classes.join(', ')} nào? Hãy nêu tên hoạt chất.`,
  asideOutOfScope:
    'Phần câu hỏi về giá, mua bán, tồn kho, hãng sản xuất, bảo hiểm hay quy định nằm ngoài phạm vi: Dược thư Quốc gia không có các thông tin này.',
  exactAge: (said: string) =>
    `Liều của thuốc này khác nhau theo từng độ tuổi, và "${said}" có thể thuộc nhiều độ tuổi. Người bệnh chính xác bao nhiêu tuổi (năm và tháng)?`,
  whichListed: (names: string[]) => `Bạn muốn hỏi về thuốc nào trong các thuốc vừa nêu: ${names.join(', ')}?`,
  noInteraction: (names: string[]) =>
    `Không tìm thấy thông tin tương tác giữa ${names.join(' và ')} trong mục Tương tác thuốc của từng thuốc trong Dược thư. Điều này KHÔNG có nghĩa là an toàn khi phối hợp. Hãy tham khảo thêm nguồn khác hoặc hỏi dược sĩ lâm sàng.`,
  noEvidence: (drugs: string, section: SectionKey | null) =>
    `Không tìm thấy thông tin${section ? ` về ${SECTION_TITLES[section].toLowerCase()}` : ''} này của ${drugs} trong Dược thư. Tôi không trả lời khi không có nguồn; hãy hỏi lại cụ thể hơn hoặc tra trực tiếp chuyên luận.`,
  noEvidenceForPopulation: (drugs: string, population: Population, route: Route | null) =>
    `Dược thư không có liều ${drugs} cho ${POPULATION_LABELS[population]}${route ? ` theo đường ${ROUTE_LABELS[route].toLowerCase()}` : ''} trong dữ liệu hiện có. Tôi không đưa ra con số khi nguồn không ghi; hãy hỏi dược sĩ lâm sàng.`,
  noIndicationEvidence: (c: string) =>
    `Không tìm thấy thuốc nào có chỉ định "${c}" trong Dược thư hiện có. Điều này không có nghĩa là không có thuốc điều trị; hãy hỏi lại bằng tên bệnh khác hoặc tham khảo nguồn khác.`,
  noSafety:
    'Không tìm thấy thông tin an toàn trong Dược thư cho tình trạng của người bệnh với các thuốc có chỉ định này. Không suy ra thuốc là phù hợp/an toàn. Hãy hỏi bác sĩ hoặc dược sĩ lâm sàng.',
  loopExhausted:
    'Tôi đã hỏi lại nhiều lần mà vẫn chưa đủ thông tin để trả lời. Hãy viết lại đầy đủ câu hỏi trong một tin nhắn (tên thuốc, đối tượng, tuổi, cân nặng, đường dùng) hoặc bắt đầu cuộc hội thoại mới.',
  understandingUnavailable: 'Hệ thống tạm thời không phân tích được câu hỏi. Vui lòng thử lại sau ít phút.',
  generationUnavailable:
    'Hệ thống tạm thời không soạn được câu trả lời có kiểm chứng, nên tôi không trả lời thay vì trả lời chưa kiểm chứng. Vui lòng thử lại sau ít phút.',
  budgetExhausted:
    'Câu hỏi cần xử lý lâu hơn giới hạn cho phép nên tôi dừng lại thay vì đưa ra câu trả lời chưa kiểm chứng. Hãy thử lại hoặc hỏi ngắn gọn hơn.',
  ungrounded: (where: string) =>
    `Tôi không đưa ra câu trả lời vì có con số không tìm thấy nguyên văn trong Dược thư. Hãy xem trực tiếp ${where}.`,
  notEntailed: (where: string) =>
    `Tôi không đưa ra câu trả lời vì nội dung soạn ra không kiểm chứng được với Dược thư. Hãy xem trực tiếp ${where}.`,
  ambiguousRoute: (drug: string) => `${drug} có liều khác nhau theo đường dùng. Bạn cần liều cho đường dùng nào?`,
  answerHeader: (drugs: string, section: string | null) =>
    `Theo Dược thư Quốc gia (${drugs}${section ? ` — ${section}` : ''}):`,
  drugList: (condition: string, names: string[]) =>
    `Theo Dược thư, các thuốc có chỉ định liên quan đến "${condition}": ${names.join(', ')}.`,
  drugListDisclaimer:
    'Đây là danh sách tra cứu theo Dược thư, không phải xếp hạng hay khuyến cáo điều trị; việc chọn thuốc cần bác sĩ quyết định.',
  verifyPdf: (drug: string, section: SectionKey, page: number) =>
    `Bảng trong mục ${SECTION_TITLES[section]} của ${drug} chưa được xác minh sau khi trích xuất — cần đối chiếu bản PDF trang ${page}.`,
  storeUnavailable:
    'Hệ thống tạm thời không lưu được hội thoại: câu trả lời này không dựa trên các lượt trước và sẽ không được lưu. Hãy nêu đầy đủ câu hỏi trong một tin nhắn.',
  retrievalOnlyHeader: 'Trích nguyên văn từ Dược thư (chế độ chỉ tra cứu, không tóm tắt):',
  retrievalOnlyTruncated: (shown: number, total: number) =>
    `Chỉ trích ${shown}/${total} đoạn liên quan; hãy hỏi cụ thể hơn (đối tượng, đường dùng) để xem đúng đoạn cần tìm.`,
  statelessAddPopulation: (drugs: string) =>
    `Liều ${drugs} khác nhau theo đối tượng. Câu hỏi này được trả lời độc lập, không theo hội thoại: hãy hỏi lại trong một câu, nêu rõ người lớn, trẻ em (kèm tuổi và cân nặng) hay người cao tuổi, và đường dùng nếu có.`,
  statelessAddPediatric:
    'Liều trẻ em trong Dược thư tính theo cả tuổi và cân nặng. Câu hỏi này được trả lời độc lập, không theo hội thoại: hãy hỏi lại trong một câu, nêu cả tuổi và cân nặng của trẻ (và đường dùng nếu có).',
  statelessAddRoute: (drug: string, routes: string[]) =>
    `${drug} có liều khác nhau theo đường dùng (${routes.join(', ')}). Câu hỏi này được trả lời độc lập, không theo hội thoại: hãy hỏi lại trong một câu, nêu rõ đường dùng.`,
  didYouMean: (typed: string, options: string[]) =>
    `"${typed}" gần giống tên nhiều thuốc. Ý bạn là ${options.map((o) => `"${o}"`).join(' hay ')}? Hãy chọn hoặc viết lại tên hoạt chất.`,
  understood: (pairs: { typed: string; name: string }[]) =>
    `Hiểu là: ${pairs.map((p) => `${p.name} (bạn viết "${p.typed}")`).join(', ')}.`,
  reasked: 'Tôi chưa rõ câu trả lời của bạn, xin hỏi lại:',
  notInFormularyAlso: (names: string[]) =>
    // true whether or not a quoted part mentions it ("Ringer lactat" in ceftriaxon's interactions)
    `${names.map((n) => `"${n}"`).join(', ')} không có chuyên luận trong Dược thư hiện có: câu trả lời dưới đây chỉ trích chuyên luận của thuốc đã nêu, không phải thông tin riêng về ${names.length > 1 ? 'các thuốc này' : 'thuốc này'}.`,
  setAside: (names: string[]) => `Không liệt kê ${names.join(', ')}: câu hỏi đã loại trừ.`,
  forOtherAge: (drug: string, quote: string) =>
    `Không liệt kê ${drug}: chỉ định này trong Dược thư ghi cho nhóm tuổi khác với người bệnh đã nêu — mục Chỉ định: «${quote}»`,
  notForWhatSaid: (drug: string, quote: string) =>
    `Không liệt kê ${drug}: Dược thư ghi thuốc không dùng được cho tình trạng đã nêu — mục Chỉ định: «${quote}»`,
  offClass: (classes: string[], names: string[], excluded: string[] = []) =>
    `Không liệt kê ${names.join(', ')}: ${classTerms(classes, excluded)}.`,
  noneInClass: (condition: string, classes: string[], names: string[], excluded: string[] = []) =>
    `Dược thư ghi chỉ định cho "${condition}": ${names.join(', ')} — nhưng ${excluded.length ? 'các thuốc này' : 'không thuốc nào'} ${excluded.length ? classTerms(classes, excluded) : `thuộc nhóm ${quoted(classes)} đã hỏi`}. Không suy ra thuốc nào khác là phù hợp.`,
  candidatesCapped: (shown: number) =>
    `Danh sách chỉ nêu ${shown} thuốc đầu tiên tìm thấy; hãy hỏi cụ thể hơn nếu cần thuốc khác.`,
  safetyDropped: (names: string[]) =>
    `Không liệt kê ${names.join(', ')}: Dược thư không có thông tin an toàn cho tình trạng của người bệnh với ${names.length > 1 ? 'các thuốc này' : 'thuốc này'} (không suy ra là phù hợp hay không).`,
  allergyExcluded: (names: string[], allergies: string[]) =>
    `Đã loại ${names.join(', ')} vì người bệnh dị ứng ${allergies.join(', ')} (cùng nhóm hoặc chống chỉ định khi quá mẫn).`,
  allergyClause: (drug: string, quote: string) =>
    `${drug} — Dược thư, mục ${SECTION_TITLES.chong_chi_dinh}: «${quote}»`,
  allContraindicated: (condition: string, names: string[]) =>
    `Dược thư ghi chỉ định cho "${condition}": ${names.join(', ')} — nhưng mỗi thuốc này đều có chống chỉ định áp dụng hoặc có thể áp dụng cho người bệnh đã nêu (trích ở phần lưu ý), nên không liệt kê thuốc nào là dùng được cho người bệnh này. Không suy ra thuốc nào là phù hợp/an toàn; việc chọn thuốc cần bác sĩ quyết định.`,
  contraindicated: (drug: string, section: SectionKey, quote: string, applies: 'yes' | 'maybe') =>
    section === 'tuong_tac_thuoc'
      ? `Không liệt kê ${drug}: Dược thư chống chỉ định phối hợp với thuốc người bệnh đang dùng (theo lời bạn) — mục ${SECTION_TITLES[section]}: «${quote}»`
      : section === 'than_trong'
        ? `Không liệt kê ${drug}: Dược thư khuyên tránh dùng cho người bệnh như đã nêu — mục ${SECTION_TITLES[section]}: «${quote}» Cần đối chiếu trước khi dùng.`
        : applies === 'yes'
          ? `Không liệt kê ${drug}: chống chỉ định với người bệnh đã nêu — Dược thư, mục ${SECTION_TITLES[section]}: «${quote}»`
          : `Không liệt kê ${drug}: có thể chống chỉ định với người bệnh đã nêu — Dược thư, mục ${SECTION_TITLES[section]}: «${quote}» Thông tin đã nêu chưa đủ để biết điều này có áp dụng hay không; cần đối chiếu trước khi dùng.`,
  contraindicatedForm: (drug: string, section: SectionKey, quote: string) =>
    `${drug}: Dược thư chống chỉ định một dạng thuốc với tình trạng người bệnh đã nêu — mục ${SECTION_TITLES[section]}: «${quote}» Không dùng dạng này; chỉ dạng khác mới được liệt kê ở đây.`,
  withheldForPatient: (drug: string, section: string | null) =>
    `Không đưa ${section ? `${section.toLowerCase()} ` : ''}${drug} cho người bệnh đã nêu: Dược thư chống chỉ định ${drug} với tình trạng người bệnh — trích dưới đây. Việc dùng thuốc thay thế cần bác sĩ quyết định.`,
  patientContraindication: (drug: string, section: SectionKey, quote: string, applies: 'yes' | 'maybe') =>
    section === 'than_trong'
      ? `Lưu ý: Dược thư khuyên tránh dùng ${drug} cho người bệnh như đã nêu — mục ${SECTION_TITLES[section]}: «${quote}» Cần đối chiếu trước khi dùng.`
      : applies === 'yes'
        ? `Lưu ý: Dược thư chống chỉ định ${drug} với người bệnh đã nêu — mục ${SECTION_TITLES[section]}: «${quote}»`
        : `Lưu ý: ${drug} có thể chống chỉ định với người bệnh đã nêu — Dược thư, mục ${SECTION_TITLES[section]}: «${quote}» Thông tin đã nêu chưa đủ để biết điều này có áp dụng hay không; cần đối chiếu trước khi dùng.`,
  elderlyAsAdult: (drug: string) =>
    `Dược thư không có liều riêng của ${drug} cho người cao tuổi: dưới đây là liều người lớn, cần lưu ý chức năng thận và các thận trọng ở người cao tuổi.`,
  coMedication: (other: string, owner: string, quote: string) =>
    `Lưu ý tương tác với ${other} (người bệnh đang dùng, theo lời bạn) — Dược thư, ${owner}, mục ${SECTION_TITLES.tuong_tac_thuoc}: «${quote}»`,
  elderlyCaution: (drug: string, quote: string) =>
    `${drug} ở người cao tuổi — Dược thư, mục ${SECTION_TITLES.than_trong}: «${quote}»`,
  patientEcho: (facts: string) => `Áp dụng cho người bệnh đã nêu: ${facts}.`,
  interactionTablesOnly: (names: string[]) =>
    `Phần đã xác minh của mục Tương tác thuốc của ${names.join(' và ')} không nêu cặp thuốc này. Mục này còn bảng chưa được xác minh sau khi trích xuất, và cặp thuốc này CHƯA được đối chiếu với bảng đó: hãy xem bảng trong bản PDF (trang ghi ở phần lưu ý). Điều này KHÔNG có nghĩa là an toàn khi phối hợp.`,
  tablesOnly: (drugs: string, section: SectionKey | null) =>
    `Phần đã xác minh của mục${section ? ` ${SECTION_TITLES[section]}` : ''} của ${drugs} không có thông tin này; mục còn bảng chưa được xác minh sau khi trích xuất, có thể chứa câu trả lời. Tôi không trích bảng chưa xác minh làm câu trả lời: hãy đối chiếu bản PDF (trang ghi ở phần lưu ý).`,
  bandMismatch: (where: string) =>
    `Tôi không đưa ra câu trả lời vì liều soạn ra không khớp đúng nhóm tuổi/cân nặng/chức năng thận của người bệnh trong bảng liều. Hãy xem trực tiếp ${where}.`,
};

/** "Bé nặng 18 kg, vậy bé bao nhiêu tuổi?" — asks only for what is missing and echoes what is known. */
export function pediatricClarifyQuestion(ageText: string | null, weightKg: number | null): string {
  if (!ageText && weightKg === null) return 'Bé bao nhiêu tuổi và nặng bao nhiêu kg?';
  if (!ageText) return `Bé nặng ${formatKg(weightKg!)} kg, vậy bé bao nhiêu tuổi?`;
  return `Bé ${ageText}, vậy bé nặng bao nhiêu kg?`;
}

export function formatKg(kg: number): string {
  return Number.isInteger(kg) ? String(kg) : String(kg).replace('.', ',');
}

export function routeQuickReplies(routes: Route[]): string[] {
  return routes.map((r) => ROUTE_LABELS[r]);
}

const quoted = (classes: string[]) => classes.map((c) => `"${c}"`).join(', ');

/** Why a drug is off the list by class: outside the classes asked, or in one the user ruled out. */
function classTerms(classes: string[], excluded: string[]): string {
  const outside = classes.length ? `không thuộc nhóm ${quoted(classes)} đã hỏi` : '';
  const ruledOut = excluded.length ? `thuộc nhóm ${quoted(excluded)} bạn đã loại trừ` : '';
  return [outside, ruledOut].filter(Boolean).join(' hoặc ');
}
