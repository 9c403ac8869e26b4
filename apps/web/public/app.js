// The chat page: API key, conversation, turns with live stages, replies.
import { ApiError, getJson, runTurn } from './api.js';
import { errorMessage, historyMessage, replyMessage, userMessage } from './render.js';
import { CLIENT_TIMEOUT_MS, SENDING_TEXT, STAGES } from './strings.js';

const KEY_STORAGE = 'duocthu.apiKey';
const CONVERSATION_STORAGE = 'duocthu.conversationId';

const $ = (id) => document.getElementById(id);
const ui = {
  keyPanel: $('key-panel'),
  keyForm: $('key-form'),
  keyInput: $('api-key'),
  keyError: $('key-error'),
  keySubmit: $('key-submit'),
  keyCancel: $('key-cancel'),
  chat: $('chat'),
  messages: $('messages'),
  empty: $('empty-state'),
  composer: $('composer'),
  question: $('question'),
  send: $('send'),
  stage: $('stage'),
  stageText: $('stage-text'),
  steps: $('stage-steps'),
  banner: $('sample-banner'),
  corpusInfo: $('corpus-info'),
  newConversation: $('new-conversation'),
  changeKey: $('change-key'),
  announcer: $('announcer'),
};

const state = {
  key: sessionStorage.getItem(KEY_STORAGE),
  conversationId: sessionStorage.getItem(CONVERSATION_STORAGE),
  running: null, // AbortController of the turn in flight
};

function setConversation(id) {
  state.conversationId = id || null;
  if (id) sessionStorage.setItem(CONVERSATION_STORAGE, id);
  else sessionStorage.removeItem(CONVERSATION_STORAGE);
}

function announce(text) {
  ui.announcer.textContent = '';
  // a fresh text node after a tick, so the same message is announced again
  setTimeout(() => (ui.announcer.textContent = text), 50);
}

// ---- stage indicator -------------------------------------------------------------------

for (const s of STAGES) {
  const li = document.createElement('li');
  li.dataset.stage = s.key;
  li.textContent = s.text.replace('…', '');
  ui.steps.append(li);
}

function stageStart() {
  ui.stage.dataset.state = 'running';
  ui.stage.dataset.stage = 'sending';
  ui.stage.dataset.stagesSeen = '';
  ui.stageText.textContent = SENDING_TEXT;
  for (const li of ui.steps.children) li.className = '';
}

function stageUpdate(key) {
  const idx = STAGES.findIndex((s) => s.key === key);
  if (idx < 0) return;
  ui.stage.dataset.stage = key;
  const seen = (ui.stage.dataset.stagesSeen || '').split(' ').filter(Boolean);
  if (!seen.includes(key)) seen.push(key);
  ui.stage.dataset.stagesSeen = seen.join(' ');
  ui.stageText.textContent = STAGES[idx].text;
  [...ui.steps.children].forEach((li, i) => {
    li.className = i < idx ? 'done' : i === idx ? 'current' : '';
    if (i === idx) li.setAttribute('aria-current', 'step');
    else li.removeAttribute('aria-current');
  });
}

function stageStop() {
  ui.stage.dataset.state = 'idle';
  ui.stage.dataset.stage = '';
  ui.stageText.textContent = '';
}

// ---- views -----------------------------------------------------------------------------

function showKeyPanel(message = '') {
  ui.keyPanel.hidden = false;
  ui.chat.hidden = true;
  ui.composer.hidden = true;
  ui.changeKey.hidden = true;
  ui.newConversation.hidden = true;
  ui.keyCancel.hidden = !state.key;
  ui.keyError.textContent = message;
  ui.keyInput.value = '';
  ui.keyInput.setAttribute('aria-invalid', message ? 'true' : 'false');
  ui.keyInput.focus();
}

function showChat() {
  ui.keyPanel.hidden = true;
  ui.chat.hidden = false;
  ui.composer.hidden = false;
  ui.changeKey.hidden = false;
  ui.newConversation.hidden = false;
  ui.keyError.textContent = '';
  updateEmpty();
}

function updateEmpty() {
  ui.empty.hidden = ui.messages.children.length > 0;
}

function applyCorpus(c) {
  ui.banner.hidden = !(c && c.sample === true);
  ui.corpusInfo.textContent = c ? `Dữ liệu phiên bản ${c.version} · ${c.drugs} thuốc` : '';
}

function forgetKey() {
  state.key = null;
  sessionStorage.removeItem(KEY_STORAGE);
}

// ---- key -------------------------------------------------------------------------------

ui.keyForm.addEventListener('submit', async (e) => {
  e.preventDefault();
  const key = ui.keyInput.value.trim();
  if (!key) {
    ui.keyError.textContent = 'Hãy nhập khóa API.';
    ui.keyInput.setAttribute('aria-invalid', 'true');
    ui.keyInput.focus();
    return;
  }
  ui.keySubmit.disabled = true;
  ui.keyError.textContent = '';
  try {
    const corpus = await getJson('/v1/corpus', { key });
    applyCorpus(corpus);
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) {
      ui.keySubmit.disabled = false;
      ui.keyError.textContent = 'Khóa API không đúng. Hãy kiểm tra lại khóa được cấp và nhập lại.';
      ui.keyInput.setAttribute('aria-invalid', 'true');
      ui.keyInput.select();
      ui.keyInput.focus();
      return;
    }
    // any other failure: the key may well be right; keep it and let the turn say what is wrong
  }
  ui.keySubmit.disabled = false;
  state.key = key;
  sessionStorage.setItem(KEY_STORAGE, key);
  showChat();
  announce('Đã lưu khóa API.');
  ui.question.focus();
});

ui.keyCancel.addEventListener('click', () => {
  showChat();
  ui.question.focus();
});

ui.changeKey.addEventListener('click', () => showKeyPanel());

// ---- conversation ----------------------------------------------------------------------

function setRunning(ctrl) {
  state.running = ctrl;
  const busy = !!ctrl;
  ui.send.disabled = busy;
  ui.composer.setAttribute('aria-busy', busy ? 'true' : 'false');
  for (const b of ui.messages.querySelectorAll('.quick-reply')) b.disabled = busy || b.dataset.stale === 'true';
}

function append(node) {
  ui.messages.append(node);
  updateEmpty();
  return node;
}

function focusMessage(li) {
  const target = li.querySelector('[tabindex="-1"]') || li;
  target.focus({ preventScroll: true });
  target.scrollIntoView({ block: 'start', behavior: 'auto' });
}

async function send(text) {
  const turn = String(text || '').trim();
  if (!turn || state.running) return;
  if (!state.key) return showKeyPanel();
  // quick replies of earlier replies no longer apply
  for (const b of ui.messages.querySelectorAll('.quick-reply')) b.dataset.stale = 'true';
  append(userMessage(turn));
  const ctrl = new AbortController();
  setRunning(ctrl);
  stageStart();
  let node;
  try {
    const reply = await runTurn({
      key: state.key,
      turn,
      conversationId: state.conversationId,
      timeoutMs: CLIENT_TIMEOUT_MS,
      signal: ctrl.signal,
      onAccepted: (a) => a.conversation_id && setConversation(a.conversation_id),
      onStage: stageUpdate,
    });
    if (ctrl.signal.aborted) return; // a new conversation was started meanwhile
    if (reply.conversation_id) setConversation(reply.conversation_id);
    node = append(replyMessage(reply, { onQuickReply: (q) => send(q) }));
  } catch (err) {
    if (ctrl.signal.aborted && !(err instanceof ApiError && err.code === 'timeout')) return;
    if (err instanceof ApiError && err.code === 'aborted') return;
    if (err instanceof ApiError && err.status === 404) setConversation(null);
    node = append(
      errorMessage(err, {
        retry: () => send(turn),
        key: () => showKeyPanel(),
        new: () => newConversation(),
      }),
    );
  } finally {
    if (state.running === ctrl) {
      setRunning(null);
      stageStop();
    }
  }
  if (node) focusMessage(node);
}

function newConversation() {
  if (state.running) state.running.abort(new ApiError(0, 'aborted', 'new conversation'));
  setRunning(null);
  stageStop();
  setConversation(null);
  ui.messages.replaceChildren();
  updateEmpty();
  announce('Đã bắt đầu cuộc hội thoại mới.');
  ui.question.focus();
}

ui.newConversation.addEventListener('click', newConversation);

ui.composer.addEventListener('submit', (e) => {
  e.preventDefault();
  const text = ui.question.value;
  if (!text.trim() || state.running) return;
  ui.question.value = '';
  send(text);
});

ui.question.addEventListener('keydown', (e) => {
  // Enter sends; Shift+Enter adds a line; never while an input method is composing (Telex, VNI)
  if (e.key === 'Enter' && !e.shiftKey && !e.isComposing && e.keyCode !== 229) {
    e.preventDefault();
    ui.composer.requestSubmit();
  }
});

for (const b of document.querySelectorAll('[data-example]')) b.addEventListener('click', () => send(b.textContent));

// ---- start -----------------------------------------------------------------------------

async function restoreConversation() {
  if (!state.conversationId) return;
  try {
    const c = await getJson(`/v1/conversations/${encodeURIComponent(state.conversationId)}`, { key: state.key });
    for (const l of c.lines || []) append(historyMessage(l.role, l.text));
  } catch {
    setConversation(null);
  }
}

async function start() {
  if (!state.key) return showKeyPanel();
  showChat();
  try {
    applyCorpus(await getJson('/v1/corpus', { key: state.key }));
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) {
      forgetKey();
      return showKeyPanel('Khóa API đã lưu không còn đúng. Hãy nhập lại khóa API.');
    }
  }
  await restoreConversation();
  if (ui.messages.lastElementChild) ui.messages.lastElementChild.scrollIntoView({ block: 'end' });
  ui.question.focus();
}

document.documentElement.dataset.ready = 'true';
start();
