import { loadConfig, type AppConfig } from '@app/platform';
import { API_KEYS } from './test-env';

/** Variables as the environment would give them: parsed and validated by the one schema, a misspelt name does not compile. */
export type ConfigOverrides = Partial<Record<keyof AppConfig, string>>;

/**
 * The configuration an in-process app of a test starts with: the run's environment (the
 * database and Redis prefix global-setup made), the test keys and silent logs, then the
 * test's overrides. process.env is read, never written, so no test leaks settings into the next.
 */
export function testConfig(overrides: ConfigOverrides = {}): AppConfig {
  return loadConfig({ ...process.env, GATEWAY_API_KEYS: API_KEYS, LOG_LEVEL: 'silent', ...overrides });
}
