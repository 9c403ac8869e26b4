import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { emptyFrame } from '@app/contracts';
import { BullHopClient, RequestBudget } from '@app/platform';
import { Redis } from 'ioredis';
import { FakeBedrock, toolReply } from '../support/fake-bedrock';

const ROOT = join(__dirname, '..', '..');

/** SIGTERM mid-job on a real worker process: it finishes the job, closes its connections and exits 0. */
describe('graceful shutdown of a worker process', () => {
  const fake = new FakeBedrock();
  let worker: ChildProcess;
  let hops: BullHopClient;
  let redis: Redis;

  beforeAll(async () => {
    execFileSync('npx', ['nest', 'build', 'generation-worker'], { cwd: ROOT, stdio: 'ignore' });
    const endpoint = await fake.start();
    fake.handler = async (req) => ({
      ...toolReply(req, {
        answer_sentences: [{ text: 'Trích dẫn.', doc_ids: ['paracetamol__chi_dinh__1'] }],
        evidence_sufficient: true,
        clarifying_question: null,
        quick_replies: [],
      }),
      delayMs: 1_500,
    });
    worker = spawn(process.execPath, [join(ROOT, 'dist/apps/generation-worker/main.js')], {
      cwd: ROOT,
      env: {
        ...process.env,
        ANSWER_PROVIDER: 'bedrock-converse',
        BEDROCK_ENDPOINT: endpoint,
        AWS_ACCESS_KEY_ID: 'AKIDTEST',
        AWS_SECRET_ACCESS_KEY: 'test-secret',
        METRICS_PORT: '0',
        LOG_LEVEL: 'warn',
        SHUTDOWN_TIMEOUT_MS: '10000',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    hops = new BullHopClient(process.env.REDIS_URL!, process.env.QUEUE_PREFIX!);
    redis = new Redis(process.env.REDIS_URL!);
  }, 120_000);

  afterAll(async () => {
    if (worker.exitCode === null) worker.kill('SIGKILL');
    await hops.close();
    redis.disconnect();
    await fake.stop();
  });

  it('finishes the job in flight, then exits 0', async () => {
    const turnId = randomUUID();
    const ticket = await new RequestBudget(redis, process.env.QUEUE_PREFIX!).start(turnId, 30_000, 8);
    const part = {
      doc_id: 'paracetamol__chi_dinh__1',
      drug_id: 'paracetamol',
      drug_name: 'Paracetamol',
      section: 'chi_dinh' as const,
      n: 1,
      text: 'Trích dẫn.',
      population: [],
      route: null,
      interacts_with: [],
      quarantined_page: null,
    };
    const result = hops.call(
      'generation',
      'generate',
      {
        query: 'q',
        frame: emptyFrame(),
        evidence: [part],
        list_mode: false,
        candidates: [],
        omissions: [],
        retry: false,
        previous: [],
      },
      { turnId, deadline: ticket.deadline },
    );
    // wait until the provider call is in flight, i.e. the job is active in the worker
    const until = Date.now() + 60_000;
    while (fake.requests.length === 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    expect(fake.requests.length).toBe(1);
    const exited = new Promise<number | null>((resolve) => worker.on('exit', (code) => resolve(code)));
    worker.kill('SIGTERM');
    const outcome = await result;
    expect(outcome.ok).toBe(true);
    expect(await exited).toBe(0);
  });
});
