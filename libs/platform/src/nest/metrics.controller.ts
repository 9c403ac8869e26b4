import { Controller, Get, Header, Module } from '@nestjs/common';
import { registry, scrape } from '../metrics';

@Controller()
export class MetricsController {
  @Get('metrics')
  @Header('Content-Type', registry.contentType)
  metrics(): Promise<string> {
    return scrape();
  }
}

/** GET /metrics (Prometheus text format) on this process' HTTP port. */
@Module({ controllers: [MetricsController] })
export class MetricsModule {}
