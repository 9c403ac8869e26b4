// Every fixed Vietnamese text of the chat page, in one place.

/** Section keys of a monograph → their Vietnamese titles in Dược thư. */
export const SECTION_TITLES = {
  chi_dinh: 'Chỉ định',
  chong_chi_dinh: 'Chống chỉ định',
  than_trong: 'Thận trọng',
  thoi_ky_mang_thai: 'Thời kỳ mang thai',
  thoi_ky_cho_con_bu: 'Thời kỳ cho con bú',
  tac_dung_khong_mong_muon: 'Tác dụng không mong muốn',
  lieu_luong_cach_dung: 'Liều lượng và cách dùng',
  tuong_tac_thuoc: 'Tương tác thuốc',
  qua_lieu_va_xu_tri: 'Quá liều và xử trí',
  duoc_ly: 'Dược lý và cơ chế tác dụng',
};

/** The turn's stages, in the order the server streams them. */
export const STAGES = [
  { key: 'understanding', text: 'Đang hiểu câu hỏi…' },
  { key: 'retrieval', text: 'Đang tìm trong Dược thư…' },
  { key: 'generation', text: 'Đang soạn câu trả lời…' },
  { key: 'verification', text: 'Đang kiểm chứng…' },
];
export const SENDING_TEXT = 'Đang gửi câu hỏi…';

/** A label for each decision, so the kind of reply is said in words, not only by colour. */
export const DECISION_LABELS = {
  answerable: 'Câu trả lời',
  clarify: 'Cần thêm thông tin',
  abstain: 'Không trả lời được',
};

export const CLIENT_TIMEOUT_MS = 65_000;

/** An error → what happened and what to do, in words. `action` is the button offered. */
export function describeError(err) {
  const status = err && typeof err.status === 'number' ? err.status : 0;
  const code = err && err.code;
  if (code === 'timeout' || status === 504)
    return {
      title: 'Quá thời gian chờ',
      text: 'Câu trả lời mất quá lâu (hơn 65 giây) nên đã dừng chờ. Hãy gửi lại câu hỏi, hoặc hỏi ngắn gọn hơn.',
      action: 'retry',
    };
  if (status === 401)
    return {
      title: 'Khóa API không đúng',
      text: 'Khóa API không đúng hoặc đã hết hiệu lực. Hãy nhập lại khóa API rồi gửi lại câu hỏi.',
      action: 'key',
    };
  if (status === 409)
    return {
      title: 'Câu hỏi trước vẫn đang xử lý',
      text: 'Một câu hỏi trong cuộc hội thoại này vẫn đang được xử lý. Hãy đợi vài giây cho nó xong rồi gửi lại.',
      action: 'retry',
    };
  if (status === 429) {
    const wait = err.retryAfter ? ` khoảng ${err.retryAfter} giây` : ' một lát';
    return {
      title: 'Quá nhiều yêu cầu',
      text: `Bạn đã gửi quá nhiều yêu cầu trong thời gian ngắn. Hãy đợi${wait} rồi gửi lại.`,
      action: 'retry',
    };
  }
  if (status === 503)
    return {
      title: 'Dịch vụ tạm thời không khả dụng',
      text: 'Dịch vụ hỏi đáp tạm thời không khả dụng. Hãy thử lại sau ít phút.',
      action: 'retry',
    };
  if (status === 404)
    return {
      title: 'Không tìm thấy cuộc hội thoại',
      text: 'Không tìm thấy cuộc hội thoại này (có thể đã hết hạn). Hãy bắt đầu cuộc hội thoại mới.',
      action: 'new',
    };
  if (status === 400 || status === 413 || status === 415)
    return {
      title: 'Câu hỏi không hợp lệ',
      text: 'Máy chủ không nhận câu hỏi này (câu hỏi cần từ 1 đến 2000 ký tự). Hãy sửa lại rồi gửi.',
      action: null,
    };
  if (code === 'failed')
    return {
      title: 'Không xử lý được câu hỏi',
      text: 'Hệ thống gặp lỗi khi xử lý câu hỏi này. Hãy gửi lại; nếu vẫn lỗi, hãy thử lại sau ít phút.',
      action: 'retry',
    };
  if (code === 'network')
    return {
      title: 'Mất kết nối',
      text: 'Không kết nối được tới máy chủ. Hãy kiểm tra mạng rồi gửi lại.',
      action: 'retry',
    };
  return {
    title: 'Đã xảy ra lỗi',
    text: `Đã xảy ra lỗi${status ? ` (mã ${status})` : ''}. Hãy thử lại sau ít phút.`,
    action: 'retry',
  };
}
