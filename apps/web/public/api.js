// The gateway's JSON API and its server-sent events, read with fetch() so the
// Authorization header can be sent (EventSource cannot).

export class ApiError extends Error {
  /**
   * @param {number} status HTTP status, 0 when there was no response
   * @param {string} code the server's error code, or 'network' | 'timeout' | 'failed' | 'aborted'
   */
  constructor(status, code, message, retryAfter = null) {
    super(message || code || `HTTP ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.retryAfter = retryAfter;
  }
}

/** Why a signal was aborted, as an ApiError. */
function abortError(signal) {
  const r = signal && signal.reason;
  if (r instanceof ApiError) return r;
  return new ApiError(0, 'aborted', 'aborted');
}

async function request(path, { key, method = 'GET', body, signal, accept = 'application/json' }) {
  const headers = { Authorization: `Bearer ${key}`, Accept: accept };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  let res;
  try {
    res = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
      cache: 'no-store',
    });
  } catch (e) {
    if (signal && signal.aborted) throw abortError(signal);
    throw new ApiError(0, 'network', String(e && e.message));
  }
  if (!res.ok) {
    let code = null;
    let message = null;
    try {
      const j = await res.json();
      code = j && j.error && j.error.code;
      message = j && j.error && j.error.message;
    } catch {
      /* not JSON */
    }
    throw new ApiError(res.status, code || `http_${res.status}`, message, res.headers.get('Retry-After'));
  }
  return res;
}

export async function getJson(path, opts) {
  const res = await request(path, opts);
  return res.json();
}

export async function postJson(path, body, opts) {
  const res = await request(path, { ...opts, method: 'POST', body });
  return res.json();
}

/**
 * An incremental parser of the text/event-stream format (fields event, data, id; comments;
 * CRLF, CR or LF line ends). Calls onEvent({event, data, id}) for each complete event.
 */
export function createSseParser(onEvent) {
  let buf = '';
  let data = [];
  let event = '';
  let id = null;
  const line = (l) => {
    if (l === '') {
      if (data.length) onEvent({ event: event || 'message', data: data.join('\n'), id });
      data = [];
      event = '';
      return;
    }
    if (l.startsWith(':')) return;
    const colon = l.indexOf(':');
    const field = colon < 0 ? l : l.slice(0, colon);
    let value = colon < 0 ? '' : l.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') data.push(value);
    else if (field === 'event') event = value;
    else if (field === 'id') id = value;
  };
  return {
    push(chunk) {
      buf += chunk;
      for (;;) {
        const m = /\r\n|\r|\n/.exec(buf);
        if (!m) break;
        // a CR at the very end may be the first half of a CRLF: wait for more
        if (m[0] === '\r' && m.index === buf.length - 1) break;
        line(buf.slice(0, m.index));
        buf = buf.slice(m.index + m[0].length);
      }
    },
    end() {
      if (buf) line(buf);
      buf = '';
      line('');
    },
  };
}

/**
 * Streams a turn's progress. Calls onStage(name) for each stage event and resolves with the
 * reply on `done`; resolves null when the stream could not give a result (the caller polls).
 */
export async function streamTurn(turnId, { key, signal, onStage }) {
  let res;
  try {
    res = await request(`/v1/rag/turns/${encodeURIComponent(turnId)}/events`, {
      key,
      signal,
      accept: 'text/event-stream',
    });
  } catch (e) {
    if (e instanceof ApiError && (e.code === 'aborted' || e.code === 'timeout' || e.status === 401)) throw e;
    return null;
  }
  if (!res.body) return null;
  let outcome = null; // {reply} | {error}
  const parser = createSseParser((ev) => {
    if (outcome) return;
    if (ev.event === 'done') {
      try {
        outcome = { reply: JSON.parse(ev.data) };
      } catch {
        outcome = { error: 'bad_reply' };
      }
    } else if (ev.event === 'error') {
      let message = '';
      try {
        message = String(JSON.parse(ev.data).message || '');
      } catch {
        /* keep empty */
      }
      outcome = { error: message };
    } else {
      onStage(ev.event);
    }
  });
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  try {
    while (!outcome) {
      const { value, done } = await reader.read();
      if (done) {
        parser.push(decoder.decode());
        parser.end();
        break;
      }
      parser.push(decoder.decode(value, { stream: true }));
    }
  } catch {
    if (signal && signal.aborted) throw abortError(signal);
    return null; // the stream broke: poll instead
  } finally {
    reader.cancel().catch(() => undefined);
  }
  if (!outcome) return null;
  if (outcome.reply) return outcome.reply;
  if (outcome.error === 'the turn failed') throw new ApiError(0, 'failed', outcome.error);
  return null; // "poll GET /v1/rag/turns/{id}"
}

/** Waits, unless the signal aborts first. */
function sleep(ms, signal) {
  return new Promise((resolve, reject) => {
    if (signal && signal.aborted) return reject(abortError(signal));
    const t = setTimeout(resolve, ms);
    signal && signal.addEventListener('abort', () => (clearTimeout(t), reject(abortError(signal))), { once: true });
  });
}

/** The fallback: polls the turn until it is done or failed (or the signal aborts). */
export async function pollTurn(turnId, { key, signal }) {
  for (;;) {
    const t = await getJson(`/v1/rag/turns/${encodeURIComponent(turnId)}`, { key, signal });
    if (t.status === 'done' && t.result) return t.result;
    if (t.status === 'failed') throw new ApiError(0, 'failed', t.error || 'the turn failed');
    await sleep(1000, signal);
  }
}

/**
 * One turn: submit it, follow its stages on the event stream (polling if the stream fails),
 * and give up after timeoutMs with an ApiError('timeout').
 */
export async function runTurn({ key, turn, conversationId, timeoutMs, signal: outer, onAccepted, onStage }) {
  const ctrl = new AbortController();
  const timer = setTimeout(() => ctrl.abort(new ApiError(0, 'timeout', 'client timeout')), timeoutMs);
  const relay = () =>
    ctrl.abort(outer.reason instanceof ApiError ? outer.reason : new ApiError(0, 'aborted', 'aborted'));
  if (outer) {
    if (outer.aborted) relay();
    else outer.addEventListener('abort', relay, { once: true });
  }
  const signal = ctrl.signal;
  try {
    const accepted = await postJson(
      '/v1/rag/turns',
      conversationId ? { turn, conversation_id: conversationId } : { turn },
      { key, signal },
    );
    onAccepted && onAccepted(accepted);
    const streamed = await streamTurn(accepted.turn_id, { key, signal, onStage });
    return streamed || (await pollTurn(accepted.turn_id, { key, signal }));
  } catch (e) {
    if (signal.aborted) throw abortError(signal);
    throw e;
  } finally {
    clearTimeout(timer);
    outer && outer.removeEventListener('abort', relay);
  }
}
