import { Body, Controller, Get, Headers, HttpCode, Inject, Param, Post, Req, Res, UseGuards } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBearerAuth,
  ApiBody,
  ApiHeader,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiTags,
} from '@nestjs/swagger';
import type { Response } from 'express';
import type { Redis } from 'ioredis';
import type { TurnReply } from '@app/contracts';
import { TurnRepository } from '@app/persistence';
import { APP_CONFIG, PRODUCER_REDIS, TurnEvents, type AppConfig, type TurnEvent } from '@app/platform';
import { ApiErrors, V1, WITH_BODY } from './api-errors';
import { AnswerRequestDto, QueryRequestDto, TurnAcceptedDto, TurnReplyDto, TurnStatusDto } from './dto';
import { ApiKeyGuard, type AuthedRequest } from './auth.guard';
import { ApiError, notFound, requireUuid } from './errors';
import { TurnSubmissionService } from './turn-submission.service';

function requireJson(req: AuthedRequest): void {
  if (!req.is('application/json'))
    throw new ApiError(415, 'unsupported_media_type', 'send the body as application/json');
}

const IDEMPOTENCY = {
  name: 'Idempotency-Key',
  required: false,
  description: 'Replays the first result for the same key',
};

@ApiTags('rag')
@ApiBearerAuth()
@Controller('v1/rag')
@UseGuards(ApiKeyGuard)
export class RagController {
  constructor(
    private readonly submission: TurnSubmissionService,
    private readonly turns: TurnRepository,
    private readonly events: TurnEvents,
    @Inject(PRODUCER_REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** One conversational turn; waits for the reply (≤ GATEWAY_WAIT_MS, then 504 with the turn id). */
  @Post('query')
  @HttpCode(200)
  @ApiOperation({ summary: 'Ask one turn and wait for the reply (at most GATEWAY_WAIT_MS)' })
  @ApiBody({ type: QueryRequestDto })
  @ApiHeader(IDEMPOTENCY)
  @ApiOkResponse({ type: TurnReplyDto })
  @ApiErrors(...WITH_BODY, 404, 409, 503, 504)
  async query(
    @Req() req: AuthedRequest,
    @Body() body: unknown,
    @Headers('idempotency-key') key: unknown,
  ): Promise<TurnReply> {
    requireJson(req);
    const s = await this.submission.submit(req.principal, body, key, false);
    return s.result;
  }

  /** The same turn, answered later: 202 with the turn id; poll it or stream its events. */
  @Post('turns')
  @HttpCode(202)
  @ApiOperation({ summary: 'Enqueue one turn; poll it or stream its progress' })
  @ApiBody({ type: QueryRequestDto })
  @ApiHeader(IDEMPOTENCY)
  @ApiAcceptedResponse({ type: TurnAcceptedDto })
  @ApiErrors(...WITH_BODY, 404, 409, 503)
  async enqueue(@Req() req: AuthedRequest, @Body() body: unknown, @Headers('idempotency-key') key: unknown) {
    requireJson(req);
    const s = await this.submission.submit(req.principal, body, key, false, true);
    s.result.catch(() => undefined); // the outcome is read from the turn row
    return { turn_id: s.turnId, conversation_id: s.conversationId, status: 'queued' };
  }

  @Get('turns/:id')
  @ApiOperation({ summary: 'A turn’s status and result' })
  @ApiOkResponse({ type: TurnStatusDto })
  @ApiErrors(...V1, 400, 404)
  async turn(@Req() req: AuthedRequest, @Param('id') id: string) {
    requireUuid(id, 'turn id');
    const t = await this.turns.getOwned(id, req.principal.name);
    if (!t) throw notFound('turn');
    return {
      turn_id: t.id,
      conversation_id: t.conversationId,
      status: t.status,
      result: t.result,
      error: t.status === 'failed' ? 'the turn failed' : null,
    };
  }

  /**
   * A turn's progress as server-sent events: understanding, retrieval, generation,
   * verification, then done (with the reply) or error. Any gateway replica can serve it.
   */
  @Get('turns/:id/events')
  @ApiOperation({ summary: 'Server-sent events: the turn’s stages, then done or error' })
  @ApiProduces('text/event-stream')
  @ApiOkResponse({
    description: 'event: understanding | retrieval | generation | verification | done (data: the reply) | error',
    content: { 'text/event-stream': { schema: { type: 'string' } } },
  })
  @ApiErrors(...V1, 400, 404)
  async stream(@Req() req: AuthedRequest, @Res() res: Response, @Param('id') id: string): Promise<void> {
    requireUuid(id, 'turn id');
    if (!(await this.turns.getOwned(id, req.principal.name))) throw notFound('turn');
    res.status(200).set({
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    });
    res.flushHeaders();
    const send = (e: Pick<TurnEvent, 'event' | 'data'> & { id?: string }) =>
      res.write(`${e.id ? `id: ${e.id}\n` : ''}event: ${e.event}\ndata: ${JSON.stringify(e.data)}\n\n`);
    let closed = false;
    req.on('close', () => (closed = true));
    const conn = this.redis.duplicate({ enableOfflineQueue: true, maxRetriesPerRequest: null, lazyConnect: false });
    conn.on('error', () => undefined);
    const until = Date.now() + this.config.GATEWAY_WAIT_MS + 5_000;
    let last = typeof req.headers['last-event-id'] === 'string' ? req.headers['last-event-id'] : '0';
    try {
      while (!closed && Date.now() < until) {
        const events = await this.events.read(conn, id, last, 1_000);
        for (const e of events) {
          last = e.id;
          send(e);
          if (e.event === 'done' || e.event === 'error') return;
        }
        if (events.length) continue;
        // nothing new: the stream may have expired while the turn is already over
        const t = await this.turns.get(id);
        if (t?.status === 'done' && t.result) return void send({ event: 'done', data: t.result });
        if (t?.status === 'failed') return void send({ event: 'error', data: { message: 'the turn failed' } });
      }
      if (!closed)
        send({ event: 'error', data: { message: 'no result within the wait; poll GET /v1/rag/turns/{id}' } });
    } catch {
      if (!closed) send({ event: 'error', data: { message: 'progress unavailable; poll GET /v1/rag/turns/{id}' } });
    } finally {
      conn.disconnect();
      res.end();
    }
  }

  /** The stateless legacy path: one turn, no conversation, sufficiency check on. */
  @Post('answer')
  @HttpCode(200)
  @ApiOperation({ summary: 'Stateless single turn (legacy path; runs the sufficiency check)' })
  @ApiBody({ type: AnswerRequestDto })
  @ApiOkResponse({ type: TurnReplyDto })
  @ApiErrors(...WITH_BODY, 503, 504)
  async answer(
    @Req() req: AuthedRequest,
    @Body() body: unknown,
    @Headers('idempotency-key') key: unknown,
  ): Promise<TurnReply> {
    requireJson(req);
    const s = await this.submission.submit(req.principal, body, key, true);
    return s.result;
  }
}
