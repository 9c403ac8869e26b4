import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { Redis } from 'ioredis';
import { registry, TurnEvents } from '@app/platform';
import { FakeBedrock } from '../support/fake-bedrock';
import { wellBehavedModel } from '../support/fake-model';
import { startGatewayOnly } from '../support/gateway-only';
import { startStack, type Stack } from '../support/stack';
import { withTableFailing } from '../support/store-faults';
import { OPERATOR_KEY, OTHER_KEY, USER_KEY } from '../support/test-env';

async function waitFor(cond: () => Promise<boolean>, ms = 10_000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Parses a server-sent-events body into [event, data] pairs. */
function parseSse(body: string): { event: string; data: unknown }[] {
  return body
    .split('\n\n')
    .filter((b) => b.includes('event:'))
    .map((b) => ({
      event: /event: (.*)/.exec(b)![1],
      data: JSON.parse(/data: (.*)/.exec(b)![1]),
    }));
}

describe('operations: traces, progress, metrics, docs', () => {
  const fake = new FakeBedrock();
  let stack: Stack;
  let gateway2: INestApplication;
  const ask = (turn: string, conversation_id?: string) =>
    request(stack.http)
      .post('/v1/rag/query')
      .set('Authorization', `Bearer ${USER_KEY}`)
      .send(conversation_id ? { turn, conversation_id } : { turn })
      .expect(200);
  /** The whole SSE body of a turn's events, through the second gateway replica. */
  const streamEvents = (turnId: string) =>
    request(gateway2.getHttpServer())
      .get(`/v1/rag/turns/${turnId}/events`)
      .set('Authorization', `Bearer ${USER_KEY}`)
      .buffer(true)
      .parse((res, cb) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => cb(null, body));
      })
      .expect(200);

  beforeAll(async () => {
    process.env.AWS_ACCESS_KEY_ID = 'AKIDTEST';
    process.env.AWS_SECRET_ACCESS_KEY = 'test-secret';
    const endpoint = await fake.start();
    fake.handler = wellBehavedModel();
    stack = await startStack({
      ANSWER_PROVIDER: 'bedrock-converse',
      BEDROCK_ENDPOINT: endpoint,
      BEDROCK_READ_TIMEOUT_MS: '2000',
      MAX_WALL_CLOCK_MS: '3000',
    });
    gateway2 = await startGatewayOnly();
  });
  afterAll(async () => {
    await gateway2.close();
    await stack.close();
    await fake.stop();
  });

  it('trace API: an operator key reads the ordered events with route row, evidence, budget left; a plain key gets 403', async () => {
    const r = await ask('Chống chỉ định của ibuprofen?');
    const t = await request(stack.http)
      .get(`/v1/traces/${r.body.turn_id}`)
      .set('Authorization', `Bearer ${OPERATOR_KEY}`)
      .expect(200);
    expect(t.body.events.map((e: { seq: number }) => e.seq)).toEqual(
      t.body.events.map((_: unknown, i: number) => i + 1),
    );
    const route = t.body.events.find((e: { stage: string }) => e.stage === 'route');
    expect(route.detail).toMatchObject({ row: 16, path: 'single_drug' });
    const retrieval = t.body.events.find((e: { stage: string }) => e.stage === 'retrieval');
    expect(retrieval.detail.evidence.length).toBeGreaterThan(0);
    expect(retrieval.detail.budget_left_ms).toBeGreaterThan(0);
    expect(t.body.llm_calls).toBe(3);
    const plain = await request(stack.http)
      .get(`/v1/traces/${r.body.turn_id}`)
      .set('Authorization', `Bearer ${USER_KEY}`);
    expect(plain.status).toBe(403);
    expect(plain.body.error.code).toBe('forbidden');
  });

  it('turn status: its owner reads it, another key gets 404', async () => {
    const r = await ask('Chỉ định của omeprazol?');
    const mine = await request(stack.http)
      .get(`/v1/rag/turns/${r.body.turn_id}`)
      .set('Authorization', `Bearer ${USER_KEY}`)
      .expect(200);
    expect(mine.body).toMatchObject({ status: 'done', result: { turn_id: r.body.turn_id } });
    await request(stack.http)
      .get(`/v1/rag/turns/${r.body.turn_id}`)
      .set('Authorization', `Bearer ${OTHER_KEY}`)
      .expect(404);
  });

  it('SSE through another gateway replica: the stages in order, then done with the reply', async () => {
    const model = wellBehavedModel();
    fake.handler = async (req) => ({ ...model(req), delayMs: 150 });
    const accepted = await request(stack.http)
      .post('/v1/rag/turns')
      .set('Authorization', `Bearer ${USER_KEY}`)
      .send({ turn: 'Warfarin và aspirin có tương tác không?' })
      .expect(202);
    const sse = await streamEvents(accepted.body.turn_id);
    expect(sse.headers['content-type']).toMatch(/text\/event-stream/);
    const events = parseSse(sse.body as string);
    expect(events.map((e) => e.event)).toEqual(['understanding', 'retrieval', 'generation', 'verification', 'done']);
    expect(events[4].data).toMatchObject({ turn_id: accepted.body.turn_id, decision: 'answerable' });
    fake.handler = wellBehavedModel();
    // another key cannot stream it
    await request(gateway2.getHttpServer())
      .get(`/v1/rag/turns/${accepted.body.turn_id}/events`)
      .set('Authorization', `Bearer ${OTHER_KEY}`)
      .expect(404);
  });

  it('a synchronous query publishes no progress stream (nobody reads it), yet its events endpoint still ends with done', async () => {
    const r = await ask('Liều paracetamol cho người lớn đường uống?');
    const events = stack.app.get(TurnEvents);
    const redis = new Redis(process.env.REDIS_URL!);
    try {
      expect(await redis.exists(events.key(r.body.turn_id))).toBe(0);
      // …while a turn submitted for streaming has one
      const accepted = await request(stack.http)
        .post('/v1/rag/turns')
        .set('Authorization', `Bearer ${USER_KEY}`)
        .send({ turn: 'Xin chào' })
        .expect(202);
      await waitFor(async () => (await redis.exists(events.key(accepted.body.turn_id))) === 1);
    } finally {
      redis.disconnect();
    }
    const sse = await streamEvents(r.body.turn_id);
    const got = parseSse(sse.body as string);
    expect(got.map((e) => e.event)).toEqual(['done']);
    expect(got[0].data).toMatchObject({ turn_id: r.body.turn_id, decision: r.body.decision });
  });

  it('OpenAPI at /docs-json lists every route the gateway serves; /docs serves the UI', async () => {
    const spec = await request(stack.http).get('/docs-json').expect(200);
    const documented = new Set(
      Object.entries(spec.body.paths as Record<string, Record<string, unknown>>).flatMap(([p, ops]) =>
        Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`),
      ),
    );
    const router = (
      stack.app.getHttpAdapter().getInstance() as {
        router: { stack: { route?: { path: string; methods: Record<string, boolean> } }[] };
      }
    ).router;
    const served = router.stack
      .filter((l) => l.route && !String(l.route.path).startsWith('/docs') && !String(l.route.path).includes('*'))
      .flatMap((l) =>
        Object.keys(l.route!.methods).map(
          (m) => `${m.toUpperCase()} ${String(l.route!.path).replace(/:(\w+)/g, '{$1}')}`,
        ),
      );
    expect(served.length).toBeGreaterThanOrEqual(10);
    for (const r of served) expect(documented.has(r) ? r : `undocumented: ${r}`).toBe(r);
    const ui = await request(stack.http).get('/docs/').expect(200);
    expect(ui.text).toMatch(/swagger/i);
  });

  it('the queue dashboard is for operator keys only', async () => {
    const ok = await request(stack.http)
      .get('/admin/queues/api/queues')
      .set('Authorization', `Bearer ${OPERATOR_KEY}`)
      .expect(200);
    expect(ok.body.queues.map((q: { name: string }) => q.name).sort()).toEqual([
      'generation',
      'retrieval',
      'turns',
      'understanding',
      'verification',
    ]);
    expect(
      (await request(stack.http).get('/admin/queues/api/queues').set('Authorization', `Bearer ${USER_KEY}`)).status,
    ).toBe(403);
    expect((await request(stack.http).get('/admin/queues')).status).toBe(401);
  });

  it('every registered metric is moved by a tested path, and the scrape shows them', async () => {
    // budget exhausted: a slow provider against the scaled-down budget
    const model = wellBehavedModel();
    fake.handler = async (req) => ({ ...model(req), delayMs: 1_200 });
    expect((await ask('Chống chỉ định của ibuprofen?')).body.reason).toBe('budget_exhausted');
    // provider error: generation fails closed
    fake.handler = wellBehavedModel({
      answer_from_evidence: () => ({ status: 500, errorType: 'InternalServerException', json: {} }),
    });
    expect((await ask('Chỉ định của omeprazol?')).body.reason).toBe('generation_unavailable');
    fake.handler = wellBehavedModel();
    // breaker trip: five clarifies in a row
    let cid: string | undefined;
    for (let i = 0; i < 5; i++) cid = (await ask('Tôi muốn hỏi về thuốc', cid)).body.conversation_id;
    // memory fail-open and lost lines: the conversation store fails under a turn
    await withTableFailing(stack.ds, 'conversation_lines', () => ask('Liều amoxicillin cho người lớn?', cid));
    // a trace-write failure never fails the turn, and is counted
    await withTableFailing(stack.ds, 'trace_events', async () =>
      expect((await ask('Chỉ định của omeprazol?')).body.decision).toBe('answerable'),
    );

    const text = (await request(stack.http).get('/metrics').expect(200)).text;
    // stall recovery needs a worker process killed mid-job: test/reliability moves it (SIGKILL)
    const movedElsewhere = ['duocthu_queue_jobs', 'duocthu_jobs_stalled_total'];
    const ours = (await registry.getMetricsAsJSON()).filter((m) => m.name.startsWith('duocthu_'));
    expect(ours.length).toBeGreaterThanOrEqual(16);
    for (const m of ours) {
      const moved =
        (m.values as { value: number; metricName?: string }[]).some(
          (v) => (v.metricName?.endsWith('_count') ?? true) && v.value > 0,
        ) || movedElsewhere.includes(m.name);
      expect(moved ? m.name : `never moved: ${m.name}`).toBe(m.name);
      expect(text).toContain(`# TYPE ${m.name} `);
    }
    expect(text).toMatch(/duocthu_queue_jobs\{queue="generation",state="completed"\} [1-9]/);
    expect(text).toMatch(/duocthu_turns_total\{decision="abstain",reason="clarify_loop_exhausted"\} 1/);
    // this process' own jobs (per replica), HTTP requests by route pattern, and Node's defaults
    expect(text).toMatch(/duocthu_jobs_total\{queue="turns",op="handle_turn",outcome="ok"\} [1-9]/);
    expect(text).toMatch(/duocthu_job_duration_seconds_count\{queue="generation",op="generate"\} [1-9]/);
    expect(text).toMatch(/duocthu_http_requests_total\{method="POST",route="\/v1\/rag\/query",status="200"\} [1-9]/);
    expect(text).toMatch(
      /duocthu_http_requests_total\{method="GET",route="\/v1\/traces\/:turnId",status="403"\} [1-9]/,
    );
    for (const name of [
      'process_cpu_user_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_p99_seconds',
    ])
      expect(text).toContain(`# TYPE ${name} `);
  });
});
