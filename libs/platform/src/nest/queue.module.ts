import { Global, Inject, Injectable, Module, type OnApplicationShutdown } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../config';
import { RequestBudget } from '../budget';
import { TurnEvents } from '../turn-events';
import { BullHopClient, HOP_CLIENT, type HopClient } from '../hop-client';
import { DeploymentIdentityCheck } from '../deployment-identity';
import { PRODUCER_REDIS, producerRedis } from '../redis';

@Injectable()
class QueueShutdown implements OnApplicationShutdown {
  constructor(
    @Inject(HOP_CLIENT) private readonly hops: HopClient,
    @Inject(PRODUCER_REDIS) private readonly redis: Redis,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    await this.hops.close();
    this.redis.disconnect();
  }
}

/**
 * Redis for producers, the shared request budget and the hop client: one of each per process;
 * and the check that this deployment owns its QUEUE_PREFIX before anything is consumed or served.
 */
@Global()
@Module({
  providers: [
    {
      provide: PRODUCER_REDIS,
      inject: [APP_CONFIG],
      useFactory: (c: AppConfig) => {
        const r = producerRedis(c.REDIS_URL);
        r.on('error', () => undefined); // readiness and each call report it
        return r;
      },
    },
    {
      provide: RequestBudget,
      inject: [PRODUCER_REDIS, APP_CONFIG],
      useFactory: (r: Redis, c: AppConfig) => new RequestBudget(r, c.QUEUE_PREFIX),
    },
    {
      provide: HOP_CLIENT,
      inject: [APP_CONFIG],
      useFactory: (c: AppConfig) => new BullHopClient(c.REDIS_URL, c.QUEUE_PREFIX),
    },
    {
      provide: TurnEvents,
      inject: [PRODUCER_REDIS, APP_CONFIG],
      useFactory: (r: Redis, c: AppConfig) => new TurnEvents(r, c.QUEUE_PREFIX),
    },
    QueueShutdown,
    DeploymentIdentityCheck,
  ],
  exports: [PRODUCER_REDIS, RequestBudget, HOP_CLIENT, TurnEvents],
})
export class QueueModule {}
