import { Inject, Injectable, Module } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { APP_CONFIG, loadConfig, type AppConfig } from '../config';
import { appRoot } from './bootstrap';

@Injectable()
class Reader {
  constructor(@Inject(APP_CONFIG) readonly config: AppConfig) {}
}

// a feature module as the apps write them: it injects APP_CONFIG and imports nothing for it
@Module({ providers: [Reader], exports: [Reader] })
class Feature {}

describe('ConfigModule', () => {
  it('gives every module the configuration the app was started with, parsed once, not re-read from the environment', async () => {
    const given = loadConfig({ QUEUE_PREFIX: 'given_by_the_caller', MAX_LLM_CALLS_PER_TURN: '3' });
    const moduleRef = await Test.createTestingModule({ imports: [appRoot(given, Feature)] }).compile();
    expect(moduleRef.get(Reader).config).toBe(given);
    expect(moduleRef.get(APP_CONFIG)).toBe(given);
    await moduleRef.close();
  });
});
