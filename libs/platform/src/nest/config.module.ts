import { Module, type DynamicModule } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config';

/**
 * The configuration as APP_CONFIG, for every module of the app (global). It is parsed once, by
 * the process' entry point (configOrExit) or by a test from its own overrides, never here: a
 * module that reads the environment itself could see another configuration than the one the
 * process validated and started with.
 */
@Module({})
export class ConfigModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: ConfigModule,
      global: true,
      providers: [{ provide: APP_CONFIG, useValue: config }],
      exports: [APP_CONFIG],
    };
  }
}
