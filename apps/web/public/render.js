// Builds the DOM of each chat message. Server text only ever goes in through textContent.
import { DECISION_LABELS, SECTION_TITLES, describeError } from './strings.js';

let seq = 0;

/** document.createElement with a class, attributes and text. */
export function el(tag, { cls, text, attrs } = {}, children = []) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined && text !== null) node.textContent = text;
  if (attrs)
    for (const [k, v] of Object.entries(attrs))
      if (v !== undefined && v !== null && v !== false) node.setAttribute(k, v === true ? '' : String(v));
  for (const c of children) if (c) node.append(c);
  return node;
}

/** Lower case, no diacritics, đ → d: to match a drug id or section title inside a notice. */
function fold(s) {
  return String(s)
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'd')
    .toLowerCase();
}

export function drugName(drugId) {
  const s = String(drugId || '')
    .replace(/_/g, ' ')
    .trim();
  return s ? s.charAt(0).toUpperCase() + s.slice(1) : 'Không rõ thuốc';
}

export function sectionTitle(key) {
  return SECTION_TITLES[key] || String(key || '').replace(/_/g, ' ');
}

/**
 * The PDF page of each verify_pdf citation, read from the notices ("… cần đối chiếu bản PDF
 * trang N."): the notice naming both the citation's drug and section, else its section,
 * else the only page-bearing notice. null when no page is found.
 */
export function verifyPages(citations, notices) {
  const withPage = (notices || [])
    .map((text) => ({ text: fold(text), page: (/pdf\s+trang\s+(\d+)/i.exec(fold(text)) || [])[1] }))
    .filter((n) => n.page);
  const used = new Set();
  return citations.map((c) => {
    if (!c.verify_pdf) return null;
    const drug = fold(drugName(c.drug_id));
    const section = fold(sectionTitle(c.section));
    const tiers = [
      (n) => n.text.includes(drug) && n.text.includes(section),
      (n) => n.text.includes(drug),
      (n) => n.text.includes(section),
      () => withPage.length === 1,
    ];
    for (const test of tiers) {
      const matches = withPage.filter(test);
      if (!matches.length) continue;
      const pick = matches.find((n) => !used.has(n)) || matches[0];
      used.add(pick);
      return pick.page;
    }
    return null;
  });
}

export function verifyBadge(page) {
  return el('span', {
    cls: 'badge badge-verify',
    text: page ? `Cần đối chiếu PDF (trang ${page})` : 'Cần đối chiếu PDF',
  });
}

/** The start of a quote, so cards of the same section can be told apart while closed. */
function preview(quote) {
  const q = String(quote || '')
    .replace(/\s+/g, ' ')
    .trim();
  return q.length > 90 ? `${q.slice(0, 90).trimEnd()}…` : q;
}

function citationCard(c, page) {
  const summary = el('summary', {}, [
    el('span', { cls: 'cite-drug', text: drugName(c.drug_id) }),
    el('span', { cls: 'cite-sep', text: ' — ', attrs: { 'aria-hidden': 'true' } }),
    el('span', { cls: 'cite-section', text: sectionTitle(c.section) }),
    c.verify_pdf ? verifyBadge(page) : null,
    el('span', { cls: 'cite-preview', text: preview(c.quote) }),
  ]);
  const body = el('div', { cls: 'cite-body' }, [
    el('blockquote', { cls: 'cite-quote', text: c.quote || '' }),
    el('p', { cls: 'cite-doc' }, [el('span', { text: 'Mã tài liệu: ' }), el('code', { text: c.doc_id || '' })]),
    c.verify_pdf
      ? el('p', {
          cls: 'cite-verify-note',
          text: `Bảng này chưa được xác minh sau khi trích xuất; hãy đối chiếu với bản PDF của Dược thư${page ? ` (trang ${page})` : ''} trước khi dùng.`,
        })
      : null,
  ]);
  return el(
    'details',
    {
      cls: `citation${c.verify_pdf ? ' citation-verify' : ''}`,
      attrs: { 'data-doc-id': c.doc_id, 'data-verify-pdf': c.verify_pdf ? 'true' : 'false' },
    },
    [summary, body],
  );
}

/** The person's own turn. */
export function userMessage(text) {
  return el('li', { cls: 'msg msg-user' }, [
    el('article', { attrs: { 'aria-label': 'Bạn hỏi' } }, [
      el('p', { cls: 'msg-who', text: 'Bạn' }),
      el('p', { cls: 'msg-text', text }),
    ]),
  ]);
}

/**
 * An assistant reply: label, answer, quick replies, citations, notices.
 * onQuickReply(text) is called when a quick-reply button is pressed.
 */
export function replyMessage(reply, { onQuickReply } = {}) {
  const decision = ['answerable', 'clarify', 'abstain'].includes(reply.decision) ? reply.decision : 'answerable';
  const id = `reply-${++seq}`;
  const citations = Array.isArray(reply.citations) ? reply.citations : [];
  const notices = Array.isArray(reply.notices) ? reply.notices : [];
  const quick = Array.isArray(reply.quick_replies) ? reply.quick_replies : [];

  const label = el('p', { cls: 'msg-who', attrs: { id: `${id}-label` } }, [
    el('span', { cls: `decision decision-${decision}`, text: DECISION_LABELS[decision] }),
  ]);
  const article = el('article', {
    cls: `reply reply-${decision}`,
    attrs: {
      id,
      tabindex: '-1',
      'aria-labelledby': `${id}-label`,
      'data-decision': decision,
      'data-reason': reply.reason || '',
    },
  });
  article.append(label, el('p', { cls: 'msg-text answer', text: reply.answer || '' }));

  if (quick.length) {
    const group = el('div', { cls: 'quick-replies', attrs: { role: 'group', 'aria-label': 'Gợi ý trả lời nhanh' } });
    for (const q of quick) {
      const b = el('button', { cls: 'quick-reply', text: q, attrs: { type: 'button' } });
      b.addEventListener('click', () => onQuickReply && onQuickReply(q));
      group.append(b);
    }
    article.append(group);
  }

  if (citations.length) {
    const pages = verifyPages(citations, notices);
    const hid = `${id}-cites`;
    const section = el('section', { cls: 'citations', attrs: { 'aria-labelledby': hid } }, [
      el('h3', { text: `Nguồn trích dẫn (${citations.length})`, attrs: { id: hid } }),
    ]);
    citations.forEach((c, i) => section.append(citationCard(c, pages[i])));
    article.append(section);
  }

  if (notices.length) {
    const hid = `${id}-notices`;
    article.append(
      el('section', { cls: 'notices', attrs: { 'aria-labelledby': hid } }, [
        el('h3', { text: 'Lưu ý', attrs: { id: hid } }),
        el(
          'ul',
          {},
          notices.map((n) => el('li', { text: n })),
        ),
      ]),
    );
  }
  return el('li', { cls: `msg msg-bot msg-${decision}` }, [article]);
}

/** A line restored from the server's record of the conversation (text only). */
export function historyMessage(role, text) {
  if (role === 'user') return userMessage(text);
  return el('li', { cls: 'msg msg-bot msg-history' }, [
    el('article', { attrs: { 'aria-label': 'Trợ lý (đã lưu)' } }, [
      el('p', { cls: 'msg-who', text: 'Trợ lý (đã lưu)' }),
      el('p', { cls: 'msg-text', text }),
    ]),
  ]);
}

/** An error, said in words with the action to take; actions = {retry, key, new} callbacks. */
export function errorMessage(err, actions = {}) {
  const d = describeError(err);
  const id = `error-${++seq}`;
  const article = el('article', {
    cls: 'reply reply-error',
    attrs: {
      id,
      tabindex: '-1',
      'aria-labelledby': `${id}-label`,
      'data-status': err && err.status ? err.status : '',
      'data-code': (err && err.code) || '',
    },
  });
  article.append(
    el('p', { cls: 'msg-who', attrs: { id: `${id}-label` } }, [
      el('span', { cls: 'decision decision-error', text: `Lỗi: ${d.title}` }),
    ]),
    el('p', { cls: 'msg-text', text: d.text }),
  );
  const labels = { retry: 'Gửi lại câu hỏi', key: 'Nhập lại khóa API', new: 'Bắt đầu cuộc hội thoại mới' };
  if (d.action && actions[d.action]) {
    const b = el('button', { cls: 'btn-secondary', text: labels[d.action], attrs: { type: 'button' } });
    b.addEventListener('click', actions[d.action]);
    article.append(el('p', { cls: 'error-actions' }, [b]));
  }
  return el('li', { cls: 'msg msg-bot msg-error' }, [article]);
}
