import { Body, Controller, Get, Headers, HttpCode, Param, Post, Req, UseGuards } from '@nestjs/common';
import type { TurnReply } from '@app/contracts';
import { TurnRepository } from '@app/persistence';
import { ApiKeyGuard, type AuthedRequest } from './auth.guard';
import { ApiError, badRequest, notFound } from './errors';
import { TurnSubmissionService } from './turn-submission.service';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

function requireJson(req: AuthedRequest): void {
  if (!req.is('application/json')) throw new ApiError(415, 'unsupported_media_type', 'send the body as application/json');
}

@Controller('v1/rag')
@UseGuards(ApiKeyGuard)
export class RagController {
  constructor(
    private readonly submission: TurnSubmissionService,
    private readonly turns: TurnRepository,
  ) {}

  /** One conversational turn; waits for the reply (≤ GATEWAY_WAIT_MS, then 504 with the turn id). */
  @Post('query')
  @HttpCode(200)
  async query(@Req() req: AuthedRequest, @Body() body: unknown, @Headers('idempotency-key') key: unknown): Promise<TurnReply> {
    requireJson(req);
    const s = await this.submission.submit(req.principal, body, key, false);
    return s.result;
  }

  /** The same turn, answered later: 202 with the turn id; poll it or stream its events. */
  @Post('turns')
  @HttpCode(202)
  async enqueue(@Req() req: AuthedRequest, @Body() body: unknown, @Headers('idempotency-key') key: unknown) {
    requireJson(req);
    const s = await this.submission.submit(req.principal, body, key, false);
    s.result.catch(() => undefined); // the outcome is read from the turn row
    return { turn_id: s.turnId, conversation_id: s.conversationId, status: 'queued' };
  }

  @Get('turns/:id')
  async turn(@Req() req: AuthedRequest, @Param('id') id: string) {
    if (!UUID.test(id)) throw badRequest('turn id must be a UUID');
    const t = await this.turns.getOwned(id, req.principal.name);
    if (!t) throw notFound('turn');
    return { turn_id: t.id, conversation_id: t.conversationId, status: t.status, result: t.result, error: t.status === 'failed' ? 'the turn failed' : null };
  }

  /** The stateless legacy path: one turn, no conversation, sufficiency check on. */
  @Post('answer')
  @HttpCode(200)
  async answer(@Req() req: AuthedRequest, @Body() body: unknown, @Headers('idempotency-key') key: unknown): Promise<TurnReply> {
    requireJson(req);
    const s = await this.submission.submit(req.principal, body, key, true);
    return s.result;
  }
}
