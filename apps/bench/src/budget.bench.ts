import { resolve } from 'node:path';
import { Agent } from 'node:http';
import { buildCorpus, CorpusIndex, readCorpusDir } from '@app/formulary';
import { StubUnderstander } from '@app/llm';
import { startQueueApp } from './apps';
import { API_KEY, baseEnv, httpRequest, log, now, round, setEnv, type RunIds } from './common';
import { FakeBedrock, toolReply, type FakeRequest, type FakeResponse } from './fake-bedrock';

const MAX_WALL_CLOCK_MS = 3_000;
const READ_TIMEOUT_MS = 1_000;
const REPS = 3;
const TURN = 'Chống chỉ định của ibuprofen?';
/** A call that answers just inside the read timeout. */
const SLOW_MS = 900;

export interface BudgetTurn {
  ms: number;
  elapsed_ms: number;
  calls: number;
  llm_calls: number;
  outcome: string;
}

export interface BudgetScenario {
  scenario: string;
  description: string;
  max_wall_clock_ms: number;
  read_timeout_ms: number;
  call_cap: number;
  bound_ms: number;
  turns: BudgetTurn[];
  worst_ms: number;
  worst_ratio_to_bound: number;
  max_calls: number;
  within_bound: boolean;
  within_cap: boolean;
}

export interface BudgetResult {
  settings: Record<string, number>;
  scenarios: BudgetScenario[];
}

function promptOf(req: FakeRequest): string {
  const messages = req.body.messages as { content: { text?: string }[] }[];
  return messages.flatMap((m) => m.content.map((c) => c.text ?? '')).join('\n');
}

function docsOf(prompt: string): { id: string; text: string }[] {
  return [...prompt.matchAll(/<doc id="([^"]+)"[^>]*>\n([\s\S]*?)\n<\/doc>/g)].map((m) => ({ id: m[1], text: m[2] }));
}

/** A well-behaved model (after test/support/fake-model.ts): the deterministic parser, quoting answers, entailment. */
function model(index: CorpusIndex, opts: { omission: boolean }): (req: FakeRequest) => FakeResponse {
  const parser = new StubUnderstander(index.resolver, index.indicationHeads(), index);
  return (req) => {
    const prompt = promptOf(req);
    switch (req.tool) {
      case 'understand_turn': {
        const turn = /<user_turn>\n([\s\S]*?)\n<\/user_turn>/.exec(prompt)?.[1] ?? '';
        const frame = parser.parse(turn);
        return toolReply(req, { ...frame, drugs: frame.drugs.map((id) => index.drug(id)!.name) });
      }
      case 'answer_from_evidence': {
        const docs = docsOf(prompt).slice(0, 4);
        return toolReply(req, {
          answer_sentences: docs.map((d) => ({ text: d.text, doc_ids: [d.id] })),
          evidence_sufficient: docs.length > 0,
          clarifying_question: null,
          quick_replies: [],
        });
      }
      case 'check_entailment': {
        const docs = docsOf(prompt);
        const omissions =
          opts.omission && docs.length ? [{ grounded: true, detail: 'thiếu một cảnh báo', doc_id: docs[0].id }] : [];
        return toolReply(req, { entailed: true, unsupported_claims: [], omissions });
      }
      case 'check_sufficiency':
        return toolReply(req, { sufficient: true });
      default:
        return { status: 400, errorType: 'ValidationException', json: { message: 'unknown tool' } };
    }
  };
}

interface ScenarioSpec {
  scenario: string;
  description: string;
  cap: number;
  handler: (index: CorpusIndex) => (req: FakeRequest) => FakeResponse;
}

const SCENARIOS: ScenarioSpec[] = [
  {
    scenario: 'hang',
    description: 'every Bedrock call hangs',
    cap: 8,
    handler: () => () => ({ hang: true }),
  },
  {
    scenario: 'slow-then-hang',
    description: `calls answer in ${SLOW_MS} ms; entailment asks for a repair; the repair call hangs across the deadline`,
    cap: 8,
    handler: (index) => {
      const m = model(index, { omission: true });
      let generations = 0;
      return (req) => {
        if (req.tool === 'understand_turn') generations = 0;
        if (req.tool === 'answer_from_evidence' && ++generations >= 2) return { hang: true };
        return { ...m(req), delayMs: SLOW_MS };
      };
    },
  },
  {
    scenario: 'call-cap',
    description: 'a fast model that always asks for a repair, with a cap of 3 calls',
    cap: 3,
    handler: (index) => model(index, { omission: true }),
  },
];

/**
 * Budget precision: the whole service (real queues, the Bedrock Converse adapter against
 * a local fake) with a scaled-down budget; the time from sending a turn to its reply
 * against MAX_WALL_CLOCK_MS + one read timeout, and the calls made against the cap.
 */
export async function budgetBench(ids: RunIds): Promise<BudgetResult> {
  const index = new CorpusIndex(buildCorpus(readCorpusDir(resolve('data/formulary'))));
  const fake = new FakeBedrock();
  const endpoint = await fake.start();
  const restoreAws = setEnv({ AWS_ACCESS_KEY_ID: 'AKIDBENCH', AWS_SECRET_ACCESS_KEY: 'bench-secret' });
  const scenarios: BudgetScenario[] = [];
  try {
    for (const cap of [...new Set(SCENARIOS.map((s) => s.cap))]) {
      const env = {
        ...baseEnv(ids, `${ids.prefix}_bud${cap}`),
        ANSWER_PROVIDER: 'bedrock-converse',
        BEDROCK_ENDPOINT: endpoint,
        AWS_REGION: 'us-east-1',
        BEDROCK_READ_TIMEOUT_MS: String(READ_TIMEOUT_MS),
        BEDROCK_MAX_ATTEMPTS: '1',
        MAX_WALL_CLOCK_MS: String(MAX_WALL_CLOCK_MS),
        MAX_LLM_CALLS_PER_TURN: String(cap),
        RATE_LIMIT_PER_MINUTE: '0',
        RUN_MIGRATIONS: 'false',
      };
      const { app, port } = await startQueueApp(env, true);
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      try {
        for (const spec of SCENARIOS.filter((s) => s.cap === cap)) {
          const turns: BudgetTurn[] = [];
          for (let r = 0; r < REPS; r++) {
            fake.handler = spec.handler(index);
            fake.requests.splice(0);
            const t0 = now();
            const res = await httpRequest({
              port,
              agent,
              method: 'POST',
              path: '/v1/rag/query',
              headers: { authorization: `Bearer ${API_KEY}` },
              body: JSON.stringify({ turn: TURN }),
              timeoutMs: 30_000,
            });
            const ms = now() - t0;
            const body = JSON.parse(res.body) as {
              decision?: string;
              reason?: string;
              usage?: { elapsed_ms: number; llm_calls: number };
              error?: { code: string };
            };
            turns.push({
              ms: round(ms, 0),
              elapsed_ms: body.usage?.elapsed_ms ?? NaN,
              calls: fake.requests.length,
              llm_calls: body.usage?.llm_calls ?? NaN,
              outcome:
                res.status === 200 ? `${body.decision}/${body.reason}` : `HTTP ${res.status} ${body.error?.code ?? ''}`,
            });
          }
          const bound = MAX_WALL_CLOCK_MS + READ_TIMEOUT_MS;
          const worst = Math.max(...turns.map((t) => t.ms));
          const maxCalls = Math.max(...turns.map((t) => Math.max(t.calls, t.llm_calls)));
          scenarios.push({
            scenario: spec.scenario,
            description: spec.description,
            max_wall_clock_ms: MAX_WALL_CLOCK_MS,
            read_timeout_ms: READ_TIMEOUT_MS,
            call_cap: cap,
            bound_ms: bound,
            turns,
            worst_ms: worst,
            worst_ratio_to_bound: round(worst / bound, 3),
            max_calls: maxCalls,
            within_bound: worst <= bound,
            within_cap: maxCalls <= cap,
          });
          log(
            `budget ${spec.scenario}: worst ${worst} ms of ${bound} ms, calls ≤ ${maxCalls} (cap ${cap}); ${turns.map((t) => t.outcome).join(', ')}`,
          );
        }
      } finally {
        agent.destroy();
        await app.close();
      }
    }
  } finally {
    restoreAws();
    await fake.stop();
  }
  return {
    settings: { MAX_WALL_CLOCK_MS, BEDROCK_READ_TIMEOUT_MS: READ_TIMEOUT_MS, BEDROCK_MAX_ATTEMPTS: 1, reps: REPS },
    scenarios,
  };
}
