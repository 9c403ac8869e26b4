import { Controller, Get, Param, Req, UseGuards } from '@nestjs/common';
import { ConversationRepository, TraceRepository, TurnRepository } from '@app/persistence';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors, V1 } from './api-errors';
import { ApiKeyGuard, type AuthedRequest } from './auth.guard';
import { ConversationDto, TraceDto } from './dto';
import { ApiError, notFound, requireUuid } from './errors';

@ApiTags('conversations')
@ApiBearerAuth()
@Controller('v1')
@UseGuards(ApiKeyGuard)
export class ConversationsController {
  constructor(
    private readonly conversations: ConversationRepository,
    private readonly turns: TurnRepository,
    private readonly traces: TraceRepository,
  ) {}

  @Get('conversations/:id')
  @ApiOperation({ summary: 'A conversation’s lines (own conversations only)' })
  @ApiOkResponse({ type: ConversationDto })
  @ApiErrors(...V1, 400, 404)
  async conversation(@Req() req: AuthedRequest, @Param('id') id: string) {
    requireUuid(id, 'conversation id');
    const c = await this.conversations.findOwned(id, req.principal.name);
    if (!c) throw notFound('conversation');
    const lines = await this.conversations.lines(id);
    return {
      conversation_id: c.id,
      created_at: c.createdAt.toISOString(),
      clarify_streak: c.clarifyStreak,
      lines: lines.map((l) => ({ seq: l.seq, role: l.role, text: l.text, turn_id: l.turnId })),
    };
  }

  /** A turn's ordered trace events: operator keys only. */
  @Get('traces/:turnId')
  @ApiOperation({ summary: 'A turn’s ordered trace events (operator keys only)' })
  @ApiOkResponse({ type: TraceDto })
  @ApiErrors(...V1, 400, 403, 404)
  async trace(@Req() req: AuthedRequest, @Param('turnId') turnId: string) {
    if (!req.principal.operator) throw new ApiError(403, 'forbidden', 'traces need an operator key');
    requireUuid(turnId, 'turn id');
    const turn = await this.turns.get(turnId);
    if (!turn) throw notFound('turn');
    const events = await this.traces.forTurn(turnId);
    return {
      turn_id: turnId,
      status: turn.status,
      decision: turn.decision,
      reason: turn.reason,
      llm_calls: turn.llmCalls,
      elapsed_ms: turn.elapsedMs,
      events: events.map((e) => ({
        seq: e.seq,
        stage: e.stage,
        op: e.op,
        started_at: e.startedAt.toISOString(),
        ms: e.ms,
        outcome: e.outcome,
        detail: e.detail,
      })),
    };
  }
}
