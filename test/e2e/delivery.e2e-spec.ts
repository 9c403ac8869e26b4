import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Worker } from 'bullmq';
import { Redis } from 'ioredis';
import request from 'supertest';
import type { TurnJob, TurnReply } from '@app/contracts';
import { configureGateway, GatewayModule } from '@app/gateway';
import { TurnRepository } from '@app/persistence';
import { appRoot } from '@app/platform';
import { testConfig } from '../support/test-config';
import { USER_KEY } from '../support/test-env';

/**
 * A reply the client got is never turned into a failure: when the orchestrator that answered
 * could not store the turn (its database was down, or it was another deployment's orchestrator
 * writing to another database), the gateway that delivered the reply records it.
 */
describe('a delivered reply is recorded, and the sweeper never fails it', () => {
  const prefix = `${process.env.QUEUE_PREFIX}_delivery`;
  let gateway: INestApplication;
  let orchestrator: Worker;
  let connection: Redis;

  beforeAll(async () => {
    gateway = await NestFactory.create(appRoot(testConfig({ QUEUE_PREFIX: prefix }), GatewayModule), {
      bodyParser: false,
      logger: false,
    });
    await configureGateway(gateway);
    await gateway.init();
    // an orchestrator that answers but stores nothing here (the raw BullMQ side of the turns queue)
    connection = new Redis(process.env.REDIS_URL!, { maxRetriesPerRequest: null });
    orchestrator = new Worker(
      'turns',
      async (job) => {
        const t = (job.data as { payload: TurnJob }).payload;
        const reply: TurnReply = {
          decision: 'answerable',
          reason: 'smalltalk',
          answer: 'Xin chào',
          quick_replies: [],
          citations: [],
          notices: [],
          drugs: [],
          conversation_id: t.conversation_id,
          turn_id: t.turn_id,
          trace_id: t.turn_id,
          usage: { elapsed_ms: 1, llm_calls: 0 },
        };
        return { ok: true, value: reply };
      },
      { connection, prefix },
    );
    await orchestrator.waitUntilReady();
  });

  afterAll(async () => {
    await orchestrator.close();
    connection.disconnect();
    await gateway.close();
  });

  it('records the turn done with the reply the client got; the orphan sweep leaves it; the conversation takes its next turn', async () => {
    const ask = (body: object) =>
      request(gateway.getHttpServer()).post('/v1/rag/query').set('Authorization', `Bearer ${USER_KEY}`).send(body);
    const first = await ask({ turn: 'Xin chào' });
    expect(first.status).toBe(200);
    const turns = gateway.get(TurnRepository);
    const stored = await turns.get(first.body.turn_id);
    expect(stored).toMatchObject({ status: 'done', decision: 'answerable', reason: 'smalltalk' });
    expect(stored?.result).toMatchObject({ turn_id: first.body.turn_id, answer: 'Xin chào' });
    // the sweep with no grace at all: nothing a client got is open, so nothing is failed
    await turns.sweepOrphans(0);
    expect((await turns.get(first.body.turn_id))?.status).toBe('done');
    const polled = await request(gateway.getHttpServer())
      .get(`/v1/rag/turns/${first.body.turn_id}`)
      .set('Authorization', `Bearer ${USER_KEY}`)
      .expect(200);
    expect(polled.body).toMatchObject({ status: 'done', error: null, result: { answer: 'Xin chào' } });
    // not left in flight: the next turn of the conversation is taken, not refused with 409
    expect((await ask({ turn: 'Cảm ơn', conversation_id: first.body.conversation_id })).status).toBe(200);
  });
});
