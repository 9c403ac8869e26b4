import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ABSTAIN_REASONS,
  ANSWERABLE_REASONS,
  CLARIFY_REASONS,
  ERROR_CODES,
  MAX_TURN_CHARS,
  SECTION_KEYS,
} from '@app/contracts';

/** OpenAPI shapes of the REST API (validation itself is the zod schemas in libs/contracts). */
export class QueryRequestDto {
  @ApiProperty({
    minLength: 1,
    maxLength: MAX_TURN_CHARS,
    example: 'Trẻ 5 tuổi nặng 18 kg, liều paracetamol đường uống?',
    description: `The user turn (trimmed; 1..${MAX_TURN_CHARS} characters)`,
  })
  turn: string;

  @ApiPropertyOptional({ format: 'uuid', description: 'Omit to start a conversation' })
  conversation_id?: string;
}

export class AnswerRequestDto {
  @ApiProperty({ minLength: 1, maxLength: MAX_TURN_CHARS, example: 'Chống chỉ định của ibuprofen?' })
  turn: string;
}

export class CitationDto {
  @ApiProperty({ example: 'paracetamol__lieu_luong_cach_dung__2' }) doc_id: string;
  @ApiProperty({ example: 'paracetamol' }) drug_id: string;
  @ApiProperty({ enum: SECTION_KEYS }) section: string;
  @ApiProperty({ description: 'Verbatim evidence' }) quote: string;
  @ApiProperty({ description: 'The part is an unverified table: check the PDF page named in notices' })
  verify_pdf: boolean;
}

export class UsageDto {
  @ApiProperty() elapsed_ms: number;
  @ApiProperty({ description: 'LLM calls counted by the request budget (capped by MAX_LLM_CALLS_PER_TURN)' })
  llm_calls: number;
}

export class TurnReplyDto {
  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: 'Null on the stateless path' })
  conversation_id: string | null;
  @ApiProperty({ format: 'uuid' }) turn_id: string;
  @ApiProperty({ format: 'uuid' }) trace_id: string;
  @ApiProperty({ enum: ['answerable', 'clarify', 'abstain'] }) decision: string;
  @ApiProperty({ enum: [...ANSWERABLE_REASONS, ...CLARIFY_REASONS, ...ABSTAIN_REASONS] }) reason: string;
  @ApiProperty({ description: 'Text for the user (Vietnamese)' }) answer: string;
  @ApiProperty({ type: [String], example: ['Uống', 'Đặt trực tràng'] }) quick_replies: string[];
  @ApiProperty({ type: [CitationDto] }) citations: CitationDto[];
  @ApiProperty({ type: [String] }) notices: string[];
  @ApiProperty({ type: [String] }) drugs: string[];
  @ApiProperty({ type: UsageDto }) usage: UsageDto;
}

export class TurnAcceptedDto {
  @ApiProperty({ format: 'uuid' }) turn_id: string;
  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: 'Null on the stateless path' })
  conversation_id: string | null;
  @ApiProperty({ enum: ['queued'] }) status: string;
}

export class TurnStatusDto {
  @ApiProperty({ format: 'uuid' }) turn_id: string;
  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: 'Null on the stateless path' })
  conversation_id: string | null;
  @ApiProperty({ enum: ['queued', 'running', 'done', 'failed'] }) status: string;
  @ApiProperty({ type: TurnReplyDto, nullable: true, description: 'The reply, once done' })
  result: TurnReplyDto | null;
  @ApiProperty({ type: String, nullable: true, description: 'Why the turn failed, when it did' }) error: string | null;
}

export class LineDto {
  @ApiProperty() seq: number;
  @ApiProperty({ enum: ['user', 'assistant'] }) role: string;
  @ApiProperty() text: string;
  @ApiProperty({ format: 'uuid' }) turn_id: string;
}

export class ConversationDto {
  @ApiProperty({ format: 'uuid' }) conversation_id: string;
  @ApiProperty() created_at: string;
  @ApiProperty() clarify_streak: number;
  @ApiProperty({ type: [LineDto] }) lines: LineDto[];
}

export class TraceEventDto {
  @ApiProperty() seq: number;
  @ApiProperty({ example: 'retrieval' }) stage: string;
  @ApiProperty({ example: 'retrieve_framed' }) op: string;
  @ApiProperty() started_at: string;
  @ApiProperty() ms: number;
  @ApiProperty({ example: 'ok' }) outcome: string;
  @ApiProperty({ type: 'object', additionalProperties: true }) detail: Record<string, unknown>;
}

export class TraceDto {
  @ApiProperty({ format: 'uuid' }) turn_id: string;
  @ApiProperty() status: string;
  @ApiProperty({ type: String, enum: ['answerable', 'clarify', 'abstain'], nullable: true }) decision: string | null;
  @ApiProperty({ type: String, nullable: true }) reason: string | null;
  @ApiProperty({ type: Number, nullable: true }) llm_calls: number | null;
  @ApiProperty({ type: Number, nullable: true }) elapsed_ms: number | null;
  @ApiProperty({ type: [TraceEventDto] }) events: TraceEventDto[];
}

class ErrorDetailDto {
  @ApiProperty({ enum: ERROR_CODES }) code: string;
  @ApiProperty() message: string;
  @ApiPropertyOptional({ format: 'uuid', description: 'On 504: poll this turn' }) turn_id?: string;
}

export class ErrorDto {
  @ApiProperty({ type: ErrorDetailDto }) error: ErrorDetailDto;
}
