import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { SECTION_KEYS, TurnReplySchema, type TurnReply } from '@app/contracts';
import { extractNumbers } from '@app/agent';
import { expandShorthand, fold, parseAge, parseWeights, spelledNumbers } from '@app/formulary';
import { sampleIndex } from '../../libs/formulary/src/test-corpus';
import { startStack, type Stack } from '../support/stack';
import { USER_KEY } from '../support/test-env';

interface Expect {
  decision: string;
  reason: string;
  sections?: string[];
  drugs?: string[];
  required?: string[];
  forbidden?: string[];
  /** Drug ids that must not be in the reply's drugs (a look-alike, a class the patient is allergic to). */
  forbidden_drugs?: string[];
  quick_replies?: boolean;
}
interface Conversation {
  id: string;
  description: string;
  tags: string[];
  /** The one class of failure the conversation is aimed at (held-out sets written from issue 16 on). */
  class?: string;
  turns: { user: string; expect: Expect }[];
}
interface TurnResult {
  conversation: string;
  class: string;
  ward: boolean;
  turn: number;
  user: string;
  expected: Expect;
  reply: TurnReply;
  ms: number;
  checks: Record<string, boolean>;
}

const ROOT = join(__dirname, '..', '..');
/**
 * Conversations evaluated at once (EVAL_CONCURRENCY, default 4): the stub's turns mostly wait on
 * queue hops, so a few in flight cut the eval's wall time; 1 runs them one after another.
 * Latency figures are per turn under that load.
 */
const CONCURRENCY = Math.max(1, Number(process.env.EVAL_CONCURRENCY ?? 4) || 1);

/** Maps items through fn with at most `limit` in flight; results keep the items' order. */
async function inPool<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const runner = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, runner));
  return results;
}
/** eval/results (tracked) from `npm run eval`, which sets EVAL_RESULTS_DIR; an ignored folder from `npm test`. */
const RESULTS = join(ROOT, process.env.EVAL_RESULTS_DIR ?? join('test', 'eval', 'out'));

/** A labelled conversation set, where its results go, and the thresholds CI holds it to. */
export interface EvalSet {
  /** Printed and written as the report's title. */
  title: string;
  /** Folder of conversation files, relative to the repo root. */
  dir: string;
  /** Thresholds file, relative to the repo root. */
  thresholds: string;
  /** eval/results/<stem>.json and .md */
  stem: string;
  /** The set must hold at least this many conversations (a half-deleted set fails). */
  minConversations: number;
}

function load(set: EvalSet): { conversations: Conversation[]; thresholds: Record<string, number> } {
  const conversations = readdirSync(join(ROOT, set.dir))
    .filter((f) => f.endsWith('.json'))
    .sort()
    .flatMap((f) => JSON.parse(readFileSync(join(ROOT, set.dir, f), 'utf8')) as Conversation[]);
  const thresholds = JSON.parse(readFileSync(join(ROOT, set.thresholds), 'utf8')) as Record<string, number>;
  return { conversations, thresholds };
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const quantile = (xs: number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))] ?? 0;

/**
 * Evaluates one set: every conversation through the real gateway (all services
 * in-process over real queues, Postgres and Redis). Prints a table, writes
 * eval/results/<stem>.json and .md, and fails below the set's thresholds (a metric
 * absent from the thresholds file is reported, not enforced).
 * `ANSWER_PROVIDER=bedrock-converse npm run eval` evaluates a real model the same way.
 */
export function describeEvalSet(set: EvalSet): void {
  describe(set.title, () => {
    let stack: Stack;
    const index = sampleIndex();
    const results: TurnResult[] = [];
    const { conversations, thresholds } = load(set);

    beforeAll(async () => {
      // hundreds of turns a minute from one key: the evaluation measures answers, not the rate limit
      stack = await startStack({ RATE_LIMIT_PER_MINUTE: '0' });
    }, 120_000);
    afterAll(() => stack.close());

    it(
      `answers the conversations of ${set.dir} above ${set.thresholds}`,
      async () => {
        expect(conversations.length).toBeGreaterThanOrEqual(set.minConversations);
        // conversations are independent (each its own conversation id), so several run at once over the
        // one stack; turns within a conversation stay in order, and results are reported in file order
        const perConversation = await inPool(conversations, CONCURRENCY, async (c) => {
          const out: TurnResult[] = [];
          let cid: string | undefined;
          const userTurns: string[] = [];
          for (const [i, t] of c.turns.entries()) {
            const started = Date.now();
            const res = await request(stack.http)
              .post('/v1/rag/query')
              .set('Authorization', `Bearer ${USER_KEY}`)
              .send(cid ? { turn: t.user, conversation_id: cid } : { turn: t.user });
            const ms = Date.now() - started;
            expect(res.status).toBe(200);
            const reply = TurnReplySchema.parse(res.body);
            cid = reply.conversation_id ?? undefined;
            userTurns.push(t.user);
            out.push({
              conversation: c.id,
              class: c.class ?? 'unclassified',
              ward: c.tags.includes('ward'),
              turn: i + 1,
              user: t.user,
              expected: t.expect,
              reply,
              ms,
              checks: checksFor(t.expect, reply, userTurns),
            });
          }
          return out;
        });
        results.push(...perConversation.flat());
        const report = summarise(results);
        mkdirSync(RESULTS, { recursive: true });
        writeFileSync(
          join(RESULTS, `${set.stem}.json`),
          JSON.stringify(
            { ...report, provider: process.env.ANSWER_PROVIDER ?? 'stub', turns: results.map(brief) },
            null,
            2,
          ),
        );
        writeFileSync(join(RESULTS, `${set.stem}.md`), markdown(set, report));
        process.stdout.write(`${table(set, report)}\n`);
        const enforced = Object.entries(thresholds).filter(([k]) => !k.startsWith('_'));
        expect(enforced.length).toBeGreaterThan(0);
        for (const [metric, floor] of enforced) {
          const value = (report.metrics as Record<string, number>)[metric];
          expect({ metric, value, ok: typeof value === 'number' && value >= floor }).toEqual({
            metric,
            value,
            ok: true,
          });
        }
      },
      30 * 60_000,
    );

    function checksFor(e: Expect, r: TurnReply, userTurns: string[]): Record<string, boolean> {
      const answer = fold(r.answer);
      const citedSectionsOk = r.citations.every(
        (c) =>
          !!index.part(c.doc_id) &&
          index.part(c.doc_id)!.section === c.section &&
          (!e.sections || e.sections.includes(c.section)),
      );
      // what the user typed, with weights and ages said in words or shorthand read as numbers ("9 ký rưỡi"
      // is 9,5 kg, "10kg5" 10,5 kg, "tám mươi hai tuổi" 82, "1t3th" 1 tuổi 3 tháng): the reply may echo them in figures
      const userValues = new Set(
        userTurns.flatMap((u) =>
          [
            spelledNumbers(u),
            ...parseWeights(expandShorthand(u)).map((kg) => `${kg} kg`),
            // "1t3th" is echoed "1 tuổi 3 tháng"
            parseAge(expandShorthand(u))?.text ?? '',
          ].flatMap((t) => extractNumbers(t).map((n) => n.value)),
        ),
      );
      const quoteValues = new Set(r.citations.flatMap((c) => extractNumbers(c.quote).map((n) => n.value)));
      const numbers = extractNumbers(r.answer);
      return {
        decision: r.decision === e.decision,
        reason: r.reason === e.reason,
        citations: citedSectionsOk,
        numbers: numbers.every((n) => quoteValues.has(n.value) || userValues.has(n.value)),
        // a required quote may stand in a notice (a contraindication that kept a drug off a list)
        required: (e.required ?? []).every((p) => fold([r.answer, ...r.notices].join(' ')).includes(fold(p))),
        forbidden: (e.forbidden ?? []).every((p) => !answer.includes(fold(p))),
        drugs: (e.drugs ?? []).every((d) => r.drugs.includes(d)),
        forbidden_drugs: (e.forbidden_drugs ?? []).every((d) => !r.drugs.includes(d)),
        quick_replies: !e.quick_replies || r.quick_replies.length > 0,
      };
    }
  });
}

function brief(r: TurnResult) {
  return {
    conversation: r.conversation,
    turn: r.turn,
    user: r.user,
    expected: `${r.expected.decision}/${r.expected.reason}`,
    got: `${r.reply.decision}/${r.reply.reason}`,
    ms: r.ms,
    llm_calls: r.reply.usage.llm_calls,
    failed_checks: Object.entries(r.checks)
      .filter(([, ok]) => !ok)
      .map(([k]) => k),
    citations: r.reply.citations.map((c) => c.doc_id),
  };
}

function summarise(results: TurnResult[]) {
  const n = results.length;
  const rate = (k: string) => results.filter((r) => r.checks[k]).length / n;
  const citations = results.flatMap((r) => r.reply.citations.map(() => r.checks.citations));
  const numberTurns = results.filter((r) => extractNumbers(r.reply.answer).length > 0);
  const expectedAbstain = results.filter((r) => r.expected.decision === 'abstain');
  const gotAbstain = results.filter((r) => r.reply.decision === 'abstain');
  const truePos = results.filter((r) => r.expected.decision === 'abstain' && r.reply.decision === 'abstain');
  const routeClarifies = results.filter((r) => r.expected.reason === 'ambiguous_route');
  const perReason: Record<string, { n: number; correct: number }> = {};
  const confusion: Record<string, Record<string, number>> = {};
  for (const r of results) {
    const e = `${r.expected.decision}/${r.expected.reason}`;
    const g = `${r.reply.decision}/${r.reply.reason}`;
    perReason[e] ??= { n: 0, correct: 0 };
    perReason[e].n++;
    if (e === g) perReason[e].correct++;
    confusion[e] ??= {};
    confusion[e][g] = (confusion[e][g] ?? 0) + 1;
  }
  // per class of failure the conversations aim at (and the ward-shorthand ones across classes)
  const perClass: Record<string, { turns: number; decision: number; reason: number; all_checks: number }> = {};
  for (const r of results)
    for (const k of [r.class, ...(r.ward ? ['ward (any class)'] : [])]) {
      perClass[k] ??= { turns: 0, decision: 0, reason: 0, all_checks: 0 };
      perClass[k].turns++;
      if (r.checks.decision) perClass[k].decision++;
      if (r.checks.reason) perClass[k].reason++;
      if (Object.values(r.checks).every(Boolean)) perClass[k].all_checks++;
    }
  const ms = results.map((r) => r.ms);
  const calls = results.map((r) => r.reply.usage.llm_calls);
  return {
    conversations: new Set(results.map((r) => r.conversation)).size,
    turns: n,
    metrics: {
      decision_accuracy: rate('decision'),
      reason_accuracy: rate('reason'),
      citation_validity: citations.length ? citations.filter(Boolean).length / citations.length : 1,
      numeric_grounding: numberTurns.length
        ? numberTurns.filter((r) => r.checks.numbers).length / numberTurns.length
        : 1,
      abstention_precision: gotAbstain.length ? truePos.length / gotAbstain.length : 1,
      abstention_recall: expectedAbstain.length ? truePos.length / expectedAbstain.length : 1,
      route_clarify_quick_replies: routeClarifies.length
        ? routeClarifies.filter((r) => r.reply.quick_replies.length > 0).length / routeClarifies.length
        : 1,
      required_phrases: rate('required'),
      forbidden_phrases: rate('forbidden'),
      expected_drugs: rate('drugs'),
      latency_p50_ms: quantile(ms, 0.5),
      latency_p95_ms: quantile(ms, 0.95),
      llm_calls_mean: calls.reduce((a, b) => a + b, 0) / Math.max(1, n),
      llm_calls_max: Math.max(0, ...calls),
    },
    per_reason: Object.fromEntries(
      Object.entries(perReason)
        .sort()
        .map(([k, v]) => [k, { ...v, accuracy: v.correct / v.n }]),
    ),
    confusion,
    per_class: Object.fromEntries(Object.entries(perClass).sort()),
    sections: SECTION_KEYS.length,
  };
}

type Report = ReturnType<typeof summarise>;

function table(set: EvalSet, r: Report): string {
  const m = r.metrics;
  const rows = [
    ['conversations / turns', `${r.conversations} / ${r.turns}`],
    ['decision accuracy', pct(m.decision_accuracy)],
    ['reason accuracy', pct(m.reason_accuracy)],
    ['citation validity', pct(m.citation_validity)],
    ['numeric grounding', pct(m.numeric_grounding)],
    ['abstention precision / recall', `${pct(m.abstention_precision)} / ${pct(m.abstention_recall)}`],
    ['quick replies on route clarifies', pct(m.route_clarify_quick_replies)],
    ['required / forbidden phrases', `${pct(m.required_phrases)} / ${pct(m.forbidden_phrases)}`],
    ['expected drugs listed', pct(m.expected_drugs)],
    ['latency p50 / p95', `${m.latency_p50_ms} ms / ${m.latency_p95_ms} ms`],
    ['LLM calls per turn (mean / max)', `${m.llm_calls_mean.toFixed(2)} / ${m.llm_calls_max}`],
  ];
  const w = Math.max(...rows.map(([k]) => k.length));
  const lines = rows.map(([k, v]) => `${k.padEnd(w)}  ${v}`);
  const reasons = Object.entries(r.per_reason).map(
    ([k, v]) => `  ${k.padEnd(48)} ${String(v.correct).padStart(3)}/${String(v.n).padEnd(3)} ${pct(v.accuracy)}`,
  );
  const misses = Object.entries(r.confusion).flatMap(([e, gs]) =>
    Object.entries(gs)
      .filter(([g]) => g !== e)
      .map(([g, c]) => `  ${e} → ${g}: ${c}`),
  );
  return [
    set.title,
    ...lines,
    'per expected reason:',
    ...reasons,
    'confusions:',
    ...(misses.length ? misses : ['  none']),
  ].join('\n');
}

function markdown(set: EvalSet, r: Report): string {
  const m = r.metrics;
  return [
    `# ${set.title} — latest`,
    '',
    `Provider: \`${process.env.ANSWER_PROVIDER ?? 'stub'}\`; ${r.conversations} conversations, ${r.turns} turns (${set.dir}). Command: \`npm run eval\`.`,
    '',
    '| metric | value |',
    '|---|---|',
    `| decision accuracy | ${pct(m.decision_accuracy)} |`,
    `| reason accuracy | ${pct(m.reason_accuracy)} |`,
    `| citation validity | ${pct(m.citation_validity)} |`,
    `| numeric grounding | ${pct(m.numeric_grounding)} |`,
    `| abstention precision / recall | ${pct(m.abstention_precision)} / ${pct(m.abstention_recall)} |`,
    `| quick replies on route clarifies | ${pct(m.route_clarify_quick_replies)} |`,
    `| required / forbidden phrases | ${pct(m.required_phrases)} / ${pct(m.forbidden_phrases)} |`,
    `| expected drugs listed | ${pct(m.expected_drugs)} |`,
    `| latency p50 / p95 | ${m.latency_p50_ms} ms / ${m.latency_p95_ms} ms |`,
    `| LLM calls per turn (mean / max) | ${m.llm_calls_mean.toFixed(2)} / ${m.llm_calls_max} |`,
    '',
    '## Per expected reason',
    '',
    '| expected | correct | accuracy |',
    '|---|---|---|',
    ...Object.entries(r.per_reason).map(([k, v]) => `| ${k} | ${v.correct}/${v.n} | ${pct(v.accuracy)} |`),
    '',
    ...perClassTable(r),
    ...firstRuns(set),
    '## Confusions (expected → got)',
    '',
    ...(Object.entries(r.confusion).flatMap(([e, gs]) =>
      Object.entries(gs)
        .filter(([g]) => g !== e)
        .map(([g, c]) => `- ${e} → ${g}: ${c}`),
    ) || []),
    '',
  ].join('\n');
}

/** Accuracy per class of failure (only for sets whose conversations name one). */
function perClassTable(r: Report): string[] {
  const rows = Object.entries(r.per_class).filter(([k]) => k !== 'unclassified');
  if (!rows.length) return [];
  return [
    '## Per class (latest run)',
    '',
    '| class | turns | decision | reason | every check |',
    '|---|---|---|---|---|',
    ...rows.map(
      ([k, v]) =>
        `| ${k} | ${v.turns} | ${pct(v.decision / v.turns)} | ${pct(v.reason / v.turns)} | ${pct(v.all_checks / v.turns)} |`,
    ),
    '',
  ];
}

/**
 * First-run accuracy per class, as recorded once when each file first ran (`eval/first-runs-<stem>.json`): the honest measure of a held-out file, which later runs (after fixes) cannot change.
 */
function firstRuns(set: EvalSet): string[] {
  const file = join(ROOT, 'eval', `first-runs-${set.stem}.json`);
  if (!existsSync(file)) return [];
  const runs = JSON.parse(readFileSync(file, 'utf8')) as {
    file: string;
    date: string;
    commit: string;
    /** Anything that qualifies the run (e.g. what its author saw). */
    note?: string;
    per_class: Record<string, { turns: number; decision: number; reason: number; all_checks: number }>;
  }[];
  return [
    '## First run per class (recorded once per file, before any fix)',
    '',
    ...runs.flatMap((run) => [
      `\`${run.file}\` — first run ${run.date}, commit ${run.commit}:`,
      '',
      ...(run.note ? [run.note, ''] : []),
      '| class | turns | decision | reason | every check |',
      '|---|---|---|---|---|',
      ...Object.entries(run.per_class).map(
        ([k, v]) =>
          `| ${k} | ${v.turns} | ${pct(v.decision / v.turns)} | ${pct(v.reason / v.turns)} | ${pct(v.all_checks / v.turns)} |`,
      ),
      '',
    ]),
  ];
}
