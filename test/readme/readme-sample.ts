import type { TurnReply } from '@app/contracts';

/** The README's sample sits between these markers; `npm run readme:sample` rewrites it. */
export const START = '<!-- readme:sample (npm run readme:sample writes this block from a real run) -->';
export const END = '<!-- /readme:sample -->';
/** The quick start's question, the one the README's curl sends. */
export const SAMPLE_TURN = 'Trẻ 5 tuổi nặng 18 kg, liều paracetamol đường uống?';

const ANSWER_LINES = 3;
const QUOTE_CHARS = 110;

/** Cuts a text at a word boundary and marks the cut with `…`, the README's one abridging mark. */
function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  const head = text.slice(0, max);
  return `${head.slice(0, Math.max(head.lastIndexOf(' '), max / 2)).trimEnd()} …`;
}

/** A reply abridged for reading: the answer's first lines, each quote's beginning; nothing else changes. */
export function abridge(reply: TurnReply): TurnReply {
  const lines = reply.answer.split('\n');
  return {
    ...reply,
    answer: lines.length > ANSWER_LINES ? [...lines.slice(0, ANSWER_LINES), '…'].join('\n') : reply.answer,
    citations: reply.citations.map((c) => ({ ...c, quote: cut(c.quote, QUOTE_CHARS) })),
  };
}

const inline = (v: unknown): string =>
  Array.isArray(v)
    ? `[${v.map(inline).join(', ')}]`
    : v && typeof v === 'object'
      ? `{ ${Object.entries(v)
          .map(([k, x]) => `${JSON.stringify(k)}: ${inline(x)}`)
          .join(', ')} }`
      : JSON.stringify(v);

/** The JSON as the README prints it: one key a line, short values inline, a citation on two lines. */
export function renderSample(reply: TurnReply): string {
  const short = abridge(reply);
  const citations = short.citations.map(({ quote, verify_pdf, ...head }) => {
    return `    ${inline(head).slice(0, -2)},\n      ${inline({ quote, verify_pdf }).slice(2)}`;
  });
  const entries = Object.entries(short).map(([key, value]) =>
    key === 'citations' && citations.length
      ? `  "citations": [\n${citations.join(',\n')}\n  ]`
      : `  ${JSON.stringify(key)}: ${inline(value)}`,
  );
  return `\`\`\`json\n{\n${entries.join(',\n')}\n}\n\`\`\``;
}

/** The sample block of a README (the JSON between the markers), or null when the markers are missing. */
export function sampleOf(readme: string): string | null {
  const from = readme.indexOf(START);
  const to = readme.indexOf(END);
  if (from < 0 || to < from) return null;
  return readme.slice(from + START.length, to).trim();
}

export function withSample(readme: string, block: string): string {
  const from = readme.indexOf(START);
  const to = readme.indexOf(END);
  if (from < 0 || to < from) throw new Error(`README.md has no ${START} … ${END} block`);
  return `${readme.slice(0, from + START.length)}\n\n${block}\n\n${readme.slice(to)}`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * What must agree between the README and a fresh run: the keys in order, every value's type,
 * every list's length, the decision, reason, drugs and cited parts. Ids, timings and the
 * wording inside the abridged texts may differ.
 */
export function shapeOf(block: string): unknown {
  const json = JSON.parse(block.replace(/^```json\n/, '').replace(/\n```$/, '')) as Record<string, unknown>;
  const shape = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(shape)
      : v && typeof v === 'object'
        ? Object.entries(v).map(([k, x]) => [k, shape(x)])
        : typeof v === 'string' && UUID.test(v)
          ? 'uuid'
          : typeof v;
  const citations = json.citations as { doc_id: string }[];
  return {
    shape: shape(json),
    decision: json.decision,
    reason: json.reason,
    drugs: json.drugs,
    cited: citations.map((c) => c.doc_id),
    llm_calls: (json.usage as { llm_calls: number }).llm_calls,
  };
}
