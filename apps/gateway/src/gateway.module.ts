import { Logger, Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { ThrottlerModule } from '@nestjs/throttler';
import type { Redis } from 'ioredis';
import { DatabaseModule, HealthModule } from '@app/persistence';
import { APP_CONFIG, ConfigModule, LoggingModule, PRODUCER_REDIS, QueueModule, type AppConfig } from '@app/platform';
import { ApiKeyThrottlerGuard, RedisThrottlerStorage } from './rate-limit';
import { API_KEYS, ApiKeys } from './api-keys';
import { ApiKeyGuard } from './auth.guard';
import { ConversationsController } from './conversations.controller';
import { CorpusController } from './corpus.controller';
import { HttpErrorFilter } from './http-exception.filter';
import { RagController } from './rag.controller';
import { TurnSubmissionService } from './turn-submission.service';

/** Without configured keys the quick start makes one and prints it once. */
export function apiKeysFromConfig(c: AppConfig): ApiKeys {
  if (c.GATEWAY_API_KEYS) return new ApiKeys(c.GATEWAY_API_KEYS);
  const key = ApiKeys.generate();
  new Logger('Gateway').log(`GATEWAY_API_KEYS is unset: generated API key for this run: ${key}`);
  process.env.DUOCTHU_GENERATED_API_KEY = key;
  return new ApiKeys(`operator:local:${key}`);
}

@Module({
  imports: [
    ConfigModule,
    LoggingModule,
    QueueModule,
    DatabaseModule,
    HealthModule,
    ThrottlerModule.forRootAsync({
      inject: [APP_CONFIG, PRODUCER_REDIS],
      useFactory: (c: AppConfig, redis: Redis) => ({
        throttlers: [{ name: 'default', ttl: 60_000, limit: c.RATE_LIMIT_PER_MINUTE || Number.MAX_SAFE_INTEGER }],
        skipIf: () => c.RATE_LIMIT_PER_MINUTE === 0,
        storage: new RedisThrottlerStorage(redis, c.QUEUE_PREFIX),
      }),
    }),
  ],
  controllers: [RagController, ConversationsController, CorpusController],
  providers: [
    TurnSubmissionService,
    ApiKeyGuard,
    { provide: API_KEYS, inject: [APP_CONFIG], useFactory: apiKeysFromConfig },
    { provide: APP_FILTER, useClass: HttpErrorFilter },
    { provide: APP_GUARD, useClass: ApiKeyThrottlerGuard },
  ],
})
export class GatewayModule {}
