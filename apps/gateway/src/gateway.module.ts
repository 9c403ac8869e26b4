import { Logger, Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { ThrottlerModule } from '@nestjs/throttler';
import type { Redis } from 'ioredis';
import { DatabaseModule } from '@app/persistence';
import {
  APP_CONFIG,
  ConfigError,
  HealthModule,
  LoggingModule,
  PRODUCER_REDIS,
  QueueModule,
  type AppConfig,
} from '@app/platform';
import { ApiKeyThrottlerGuard, RedisThrottlerStorage } from './rate-limit';
import { API_KEYS, ApiKeys, maskKey, QUICK_START_KEY, QUICK_START_NAME } from './api-keys';
import { ApiKeyGuard } from './auth.guard';
import { ConversationsController } from './conversations.controller';
import { CorpusController } from './corpus.controller';
import { HttpErrorFilter } from './http-exception.filter';
import { RagController } from './rag.controller';
import { TurnSubmissionService } from './turn-submission.service';

/** The keys of GATEWAY_API_KEYS; without them, only the all-in-one's quick-start key (see QUICK_START_KEY). */
export function apiKeysFromConfig(c: AppConfig, quickStartKey: string | null = null): ApiKeys {
  if (c.GATEWAY_API_KEYS) return new ApiKeys(c.GATEWAY_API_KEYS);
  if (!quickStartKey) throw new ConfigError(GATEWAY_KEYS_REQUIRED);
  new Logger('Gateway').log({
    msg: 'GATEWAY_API_KEYS is unset: using the key generated for this quick start (not an operator key)',
    key_name: QUICK_START_NAME,
    key: maskKey(quickStartKey),
  });
  return ApiKeys.quickStart(quickStartKey);
}

export const GATEWAY_KEYS_REQUIRED =
  'invalid configuration: GATEWAY_API_KEYS: unset. A gateway run on its own may have replicas, and each would ' +
  'invent a different key: set GATEWAY_API_KEYS=name:key[,operator:name:key] (only the all-in-one quick start ' +
  'generates one)';

@Module({
  imports: [
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
    {
      provide: API_KEYS,
      inject: [APP_CONFIG, { token: QUICK_START_KEY, optional: true }],
      useFactory: (c: AppConfig, key?: string | null) => apiKeysFromConfig(c, key ?? null),
    },
    { provide: APP_FILTER, useClass: HttpErrorFilter },
    { provide: APP_GUARD, useClass: ApiKeyThrottlerGuard },
  ],
})
export class GatewayModule {}
