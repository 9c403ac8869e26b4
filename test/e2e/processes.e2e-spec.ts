import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { emptyFrame } from '@app/contracts';
import { BullHopClient, EXIT, identityKey, RequestBudget } from '@app/platform';
import { API_KEYS, USER_KEY } from '../support/test-env';

const ROOT = join(__dirname, '..', '..');
type Line = Record<string, unknown>;

/** One app as its own process (dist/apps/<app>/main.js), as an operator runs it. */
class Proc {
  readonly proc: ChildProcess;
  stdout = '';
  stderr = '';
  readonly exited: Promise<number | null>;

  constructor(app: string, env: Record<string, string>) {
    this.proc = spawn(process.execPath, [join(ROOT, 'dist', 'apps', app, 'main.js')], {
      cwd: ROOT,
      env: { ...process.env, LOG_LEVEL: 'info', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.proc.stdout!.on('data', (c: Buffer) => (this.stdout += c.toString()));
    this.proc.stderr!.on('data', (c: Buffer) => (this.stderr += c.toString()));
    this.exited = new Promise((resolve) => this.proc.once('exit', (code) => resolve(code)));
  }

  /** Its JSON log lines. */
  lines(): Line[] {
    return this.stdout
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as Line);
  }

  /** Resolves with the start-up line (where it really listens), or rejects if the process exits first. */
  async started(timeoutMs = 60_000): Promise<Line> {
    const until = Date.now() + timeoutMs;
    let exited = false;
    void this.exited.then(() => (exited = true));
    for (;;) {
      const line = this.lines().find((l) => l.msg === 'started');
      if (line) return line;
      if (exited || Date.now() > until) throw new Error(`no start: ${this.stderr}${this.stdout.slice(-2000)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  async stop(): Promise<void> {
    if (this.proc.exitCode !== null || this.proc.signalCode !== null) return;
    this.proc.kill('SIGTERM');
    await this.exited;
  }
}

/** Reserves a free port (the OS picks it) and holds it until released. */
async function holdPort(): Promise<{ port: number; server: Server }> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '0.0.0.0', r));
  return { port: (server.address() as { port: number }).port, server };
}

async function freePort(): Promise<number> {
  const { port, server } = await holdPort();
  await new Promise((r) => server.close(r));
  return port;
}

const generatePayload = {
  query: 'q',
  frame: emptyFrame(),
  evidence: [
    {
      doc_id: 'paracetamol__chi_dinh__1',
      drug_id: 'paracetamol',
      drug_name: 'Paracetamol',
      section: 'chi_dinh' as const,
      n: 1,
      text: 'Giảm đau, hạ sốt.',
      population: [],
      route: null,
      interacts_with: [],
      quarantined_page: null,
    },
  ],
  list_mode: false,
  candidates: [],
  omissions: [],
  retry: false,
  previous: [],
};

describe('processes on one host, as an operator runs them', () => {
  const procs: Proc[] = [];
  const run = (app: string, env: Record<string, string> = {}) => {
    const p = new Proc(app, env);
    procs.push(p);
    return p;
  };
  let redis: Redis;

  beforeAll(() => {
    for (const app of ['generation-worker', 'gateway', 'all-in-one'])
      execFileSync('npx', ['nest', 'build', app], { cwd: ROOT, stdio: 'ignore' });
    redis = new Redis(process.env.REDIS_URL!);
  }, 180_000);

  afterAll(async () => {
    await Promise.all(procs.map((p) => p.stop()));
    redis.disconnect();
  });

  describe('worker replicas', () => {
    const replicas: Proc[] = [];
    const ports: number[] = [];

    beforeAll(async () => {
      ports.push(await freePort(), await freePort());
      replicas.push(run('generation-worker', { METRICS_PORT: String(ports[0]) }));
      replicas.push(run('generation-worker', { METRICS_PORT: String(ports[1]) }));
      await Promise.all(replicas.map((r) => r.started()));
    }, 120_000);

    it('two replicas of a worker run side by side on their explicit ports; a third on a taken port exits 75 with one line and never says it started', async () => {
      for (const port of ports) expect((await fetch(`http://127.0.0.1:${port}/ready`)).status).toBe(200);
      const third = run('generation-worker', { METRICS_PORT: String(ports[0]) });
      expect(await third.exited).toBe(EXIT.portInUse);
      expect(third.stderr.trim().split('\n')).toEqual([
        expect.stringMatching(new RegExp(`^refusing to start: port ${ports[0]} \\(METRICS_PORT\\) is already in use`)),
      ]);
      expect(third.stdout).not.toMatch(/started|EADDRINUSE|at .*\.js:\d+/);
    });

    it('METRICS_PORT=0 takes any free port, and the start-up line says which, with the real bind address', async () => {
      const any = run('generation-worker', { METRICS_PORT: '0', HOST: '127.0.0.1' });
      const started = await any.started();
      expect(started).toMatchObject({ host: '127.0.0.1', queues: ['generation'] });
      expect(started.port).toEqual(expect.any(Number));
      expect(started.port).not.toBe(0);
      expect(started.url).toBe(`http://127.0.0.1:${String(started.port)}`);
      expect((await fetch(`${String(started.url)}/health`)).status).toBe(200);
      await any.stop();
    }, 60_000);

    it('logs every job once, at completion, with turn_id, queue, op, replica, duration and outcome; each replica counts its own jobs on /metrics', async () => {
      const hops = new BullHopClient(process.env.REDIS_URL!, process.env.QUEUE_PREFIX!);
      const budget = new RequestBudget(redis, process.env.QUEUE_PREFIX!);
      const turnIds: string[] = [];
      try {
        const outcomes = await Promise.all(
          Array.from({ length: 8 }, async () => {
            const turnId = randomUUID();
            turnIds.push(turnId);
            const t = await budget.start(turnId, 30_000, 8);
            return hops.call('generation', 'generate', generatePayload, { turnId, deadline: t.deadline });
          }),
        );
        expect(outcomes.every((o) => o.ok)).toBe(true);
      } finally {
        await hops.close();
      }
      await new Promise((r) => setTimeout(r, 300)); // the last lines reach the pipes
      const done = replicas.map((r) =>
        r.lines().filter((l) => l.msg === 'job done' && turnIds.includes(String(l.turn_id))),
      );
      expect(
        done
          .flat()
          .map((l) => l.turn_id)
          .sort(),
      ).toEqual([...turnIds].sort()); // each job once, in all
      for (const [i, lines] of done.entries()) {
        for (const l of lines)
          expect(l).toMatchObject({
            queue: 'generation',
            op: 'generate',
            replica: `${String(l.hostname)}:${replicas[i].proc.pid}`,
            outcome: 'ok',
            duration_ms: expect.any(Number),
            job_id: expect.any(String),
          });
        const text = await (await fetch(`http://127.0.0.1:${ports[i]}/metrics`)).text();
        const counted = Number(
          /duocthu_jobs_total\{queue="generation",op="generate",outcome="ok"\} (\d+)/.exec(text)?.[1] ?? 0,
        );
        expect(counted).toBe(replicas[i].lines().filter((l) => l.msg === 'job done' && l.outcome === 'ok').length);
        expect(text).toContain('# TYPE process_cpu_user_seconds_total counter');
        // the queue-wide depth is the gateway's to export, not every replica's again
        expect(text).not.toContain('duocthu_queue_jobs{');
      }
    });

    it('logs its drain on SIGTERM: how many jobs were in flight, then drained', async () => {
      const r = replicas[1];
      await r.stop();
      expect(await r.exited).toBe(0);
      const msgs = r.lines().map((l) => l.msg);
      expect(msgs).toEqual(expect.arrayContaining(['draining', 'drained']));
      expect(r.lines().find((l) => l.msg === 'draining')).toMatchObject({ queue: 'generation', in_flight: 0 });
    });
  });

  it('a gateway run on its own refuses to start without GATEWAY_API_KEYS: one line, exit 78', async () => {
    const g = run('gateway', { GATEWAY_API_KEYS: '', PORT: '0' });
    expect(await g.exited).toBe(EXIT.config);
    expect(g.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/^invalid configuration: GATEWAY_API_KEYS: unset/),
    ]);
    expect(g.stdout).toBe('');
  });

  it("refuses to start on another deployment's QUEUE_PREFIX (one line, exit 78), and starts with that deployment's DEPLOYMENT_ID", async () => {
    const prefix = `${process.env.QUEUE_PREFIX}_foreign`;
    const foreign = { id: 'hospital-b', source: 'DEPLOYMENT_ID', database: null, claimed_at: new Date().toISOString() };
    await redis.set(identityKey(prefix), JSON.stringify(foreign));
    const w = run('generation-worker', { QUEUE_PREFIX: prefix, METRICS_PORT: '0' });
    expect(await w.exited).toBe(EXIT.config);
    expect(w.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(
        new RegExp(`^refusing to start: QUEUE_PREFIX "${prefix}" on this Redis belongs to deployment "hospital-b"`),
      ),
    ]);
    expect(w.lines().some((l) => l.msg === 'started')).toBe(false);
    const same = run('generation-worker', { QUEUE_PREFIX: prefix, METRICS_PORT: '0', DEPLOYMENT_ID: 'hospital-b' });
    await same.started();
    await same.stop();
  }, 60_000);

  it('the quick start (all-in-one) binds HOST:PORT as configured, logs the real address, and prints its generated key in full on a terminal only', async () => {
    const a = run('all-in-one', {
      GATEWAY_API_KEYS: '',
      HOST: '127.0.0.1',
      PORT: '0',
      QUEUE_PREFIX: `${process.env.QUEUE_PREFIX}_quickstart`,
    });
    const started = await a.started();
    expect(started).toMatchObject({ host: '127.0.0.1', app: 'all-in-one' });
    expect((await fetch(`http://127.0.0.1:${String(started.port)}/health`)).status).toBe(200);
    const keyLine = a.lines().find((l) => typeof l.key === 'string');
    const masked = String(keyLine?.key);
    expect(keyLine).toMatchObject({ key_name: 'quickstart' });
    expect(masked).toMatch(/^[\w-]{4}…$/);
    await new Promise((r) => setTimeout(r, 200));
    expect(a.stdout).toContain(`API key generated for this run: ${masked}`);
    // nowhere the whole key: its four characters followed by the rest
    expect(a.stdout + a.stderr).not.toMatch(new RegExp(`${masked.slice(0, 4).replace(/[-]/g, '\\-')}[\\w-]{20,}`));
    await a.stop();
  }, 90_000);

  it('one grep follows a turn: every line its jobs log carries its turn_id, queue, op and replica', async () => {
    const port = await freePort();
    const a = run('all-in-one', {
      GATEWAY_API_KEYS: API_KEYS,
      HOST: '127.0.0.1',
      PORT: String(port),
      QUEUE_PREFIX: `${process.env.QUEUE_PREFIX}_grep`,
    });
    await a.started();
    const res = await fetch(`http://127.0.0.1:${port}/v1/rag/query`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${USER_KEY}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ turn: 'Chống chỉ định của ibuprofen?' }),
    });
    const reply = (await res.json()) as { turn_id: string };
    expect(res.status).toBe(200);
    await new Promise((r) => setTimeout(r, 300));
    const mine = a.lines().filter((l) => l.turn_id === reply.turn_id);
    const jobs = mine.filter((l) => l.msg === 'job done');
    expect(new Set(jobs.map((l) => l.queue))).toEqual(
      new Set(['turns', 'understanding', 'retrieval', 'generation', 'verification']),
    );
    // the orchestrator's own line, written inside the turns job, got the job's fields from its context
    const turnDone = mine.find((l) => l.msg === 'turn done');
    expect(mine.filter((l) => l.msg === 'turn done')).toHaveLength(1);
    expect(turnDone).toMatchObject({
      queue: 'turns',
      op: 'handle_turn',
      job_id: expect.any(String),
      replica: expect.any(String),
    });
    // the HTTP metrics count the request by its route pattern
    const metrics = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
    expect(metrics).toMatch(/duocthu_http_requests_total\{method="POST",route="\/v1\/rag\/query",status="200"\} 1/);
    await a.stop();
  }, 90_000);
});
