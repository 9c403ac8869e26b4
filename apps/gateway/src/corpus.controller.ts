import { Controller, Get, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { CorpusRepository } from '@app/persistence';
import { ApiKeyGuard } from './auth.guard';
import { ApiErrors, V1 } from './api-errors';
import { ApiError } from './errors';

class CorpusInfoDto {
  @ApiProperty() version: number;
  @ApiProperty({ description: 'true while the shipped sample corpus is active: not for clinical use' }) sample: boolean;
  @ApiProperty() drugs: number;
  @ApiProperty() parts: number;
  @ApiProperty() created_at: string;
}

@ApiTags('corpus')
@ApiBearerAuth()
@Controller('v1')
@UseGuards(ApiKeyGuard)
export class CorpusController {
  constructor(private readonly corpus: CorpusRepository) {}

  /** Which corpus version answers; the chat page shows the sample-data banner from `sample`. */
  @Get('corpus')
  @ApiOperation({ summary: 'The active corpus version' })
  @ApiOkResponse({ type: CorpusInfoDto })
  @ApiErrors(...V1, 503)
  async info(): Promise<CorpusInfoDto> {
    const v = await this.corpus.active();
    if (!v) throw new ApiError(503, 'unavailable', 'no corpus has been ingested yet');
    return {
      version: v.id,
      sample: v.sample,
      drugs: v.drugCount,
      parts: v.partCount,
      created_at: v.createdAt.toISOString(),
    };
  }
}
