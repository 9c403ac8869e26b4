import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { ConfigError } from '@app/platform';

export interface ApiPrincipal {
  name: string;
  operator: boolean;
}

interface StoredKey extends ApiPrincipal {
  hash: Buffer;
}

const sha256 = (s: string) => createHash('sha256').update(s, 'utf8').digest();

/**
 * Static API keys from GATEWAY_API_KEYS: `name:key` entries, comma-separated; an entry
 * `operator:name:key` may also read traces. Only hashes are kept; a presented key is
 * compared against every stored hash in constant time.
 */
export class ApiKeys {
  private readonly keys: StoredKey[];

  constructor(spec: string) {
    this.keys = ApiKeys.parse(spec);
  }

  static parse(spec: string): StoredKey[] {
    const out: StoredKey[] = [];
    for (const raw of spec
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)) {
      const operator = raw.startsWith('operator:');
      const rest = operator ? raw.slice('operator:'.length) : raw;
      const i = rest.indexOf(':');
      if (i <= 0 || i === rest.length - 1)
        throw new ConfigError(
          'invalid configuration: GATEWAY_API_KEYS: each entry must be name:key (or operator:name:key)',
        );
      const key = rest.slice(i + 1);
      if (key.length < 8)
        throw new ConfigError('invalid configuration: GATEWAY_API_KEYS: keys must be at least 8 characters');
      out.push({ name: rest.slice(0, i), operator, hash: sha256(key) });
    }
    return out;
  }

  /** A fresh key for the quick start when none is configured. */
  static generate(): string {
    return randomBytes(24).toString('base64url');
  }

  /** The quick start's generated key: an ordinary key (never an operator's: no traces, no dashboard). */
  static quickStart(key: string): ApiKeys {
    return new ApiKeys(`${QUICK_START_NAME}:${key}`);
  }

  get size(): number {
    return this.keys.length;
  }

  verify(presented: string | undefined): ApiPrincipal | null {
    if (!presented) return null;
    const h = sha256(presented);
    let found: StoredKey | null = null;
    for (const k of this.keys) if (timingSafeEqual(k.hash, h) && !found) found = k;
    return found ? { name: found.name, operator: found.operator } : null;
  }
}

export const API_KEYS = Symbol('API_KEYS');

/**
 * The key an `Authorization: Bearer <key>` header presents (at most 512 characters), or
 * undefined: the one reading of the header for the key guard, the queue dashboard and the
 * per-key rate limit.
 */
export function bearerKey(header: unknown): string | undefined {
  return typeof header === 'string' ? /^Bearer\s+(\S{1,512})\s*$/i.exec(header)?.[1] : undefined;
}

/** The principal of the quick start's generated key. */
export const QUICK_START_NAME = 'quickstart';

/**
 * The key the all-in-one quick start generated when GATEWAY_API_KEYS is unset. Only the
 * all-in-one provides it: a gateway run on its own may have replicas, and each would invent
 * a different key, so it refuses to start without GATEWAY_API_KEYS instead.
 */
export const QUICK_START_KEY = Symbol('QUICK_START_KEY');

/** What a log may show of a key: enough to tell two apart, never enough to use one. */
export function maskKey(key: string): string {
  return `${key.slice(0, 4)}…`;
}
