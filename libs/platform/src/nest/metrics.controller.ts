import { Controller, Get, Header, Module } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { registry, scrape } from '../metrics';

@ApiTags('operations')
@Controller()
export class MetricsController {
  @Get('metrics')
  @ApiOperation({ summary: 'Prometheus metrics of this process (text exposition format); no key needed' })
  @ApiProduces('text/plain')
  @ApiOkResponse({ content: { 'text/plain': { schema: { type: 'string' } } }, description: 'Prometheus text format' })
  @Header('Content-Type', registry.contentType)
  metrics(): Promise<string> {
    return scrape();
  }
}

/** GET /metrics (Prometheus text format) on this process' HTTP port. */
@Module({ controllers: [MetricsController] })
export class MetricsModule {}
