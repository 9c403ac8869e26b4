import { ConfigError } from '@app/platform';
import { loadConfig } from '@app/platform';
import { ApiKeys, maskKey } from './api-keys';
import { apiKeysFromConfig } from './gateway.module';

describe('API keys', () => {
  it('a generated quick-start key is an ordinary key: it reads no traces and no queue dashboard', () => {
    const key = ApiKeys.generate();
    expect(ApiKeys.quickStart(key).verify(key)).toEqual({ name: 'quickstart', operator: false });
  });

  it('without GATEWAY_API_KEYS a gateway has no key to invent: only the all-in-one hands it one', () => {
    const config = loadConfig({});
    expect(() => apiKeysFromConfig(config)).toThrow(ConfigError);
    expect(() => apiKeysFromConfig(config)).toThrow(/GATEWAY_API_KEYS: unset/);
    expect(apiKeysFromConfig(config, 'quick-start-key-1').verify('quick-start-key-1')?.operator).toBe(false);
    const configured = loadConfig({ GATEWAY_API_KEYS: 'ward7:ward7-key-0001,operator:oncall:oncall-key-0003' });
    expect(apiKeysFromConfig(configured, 'ignored-when-keys-are-set').size).toBe(2);
  });

  it('bad GATEWAY_API_KEYS are a configuration error naming the variable', () => {
    expect(() => new ApiKeys('nocolon')).toThrow(ConfigError);
    expect(() => new ApiKeys('a:short')).toThrow(/GATEWAY_API_KEYS: keys must be at least 8 characters/);
  });

  it('a log shows four characters of a key', () => {
    expect(maskKey('abcdefghijklmnop')).toBe('abcd…');
  });
});
