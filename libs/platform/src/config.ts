import { z } from 'zod';

const int = (def: number, min: number, max: number) =>
  z.coerce.number().int(`must be an integer`).min(min).max(max).default(def);
const bool = (def: boolean) =>
  z
    .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
    .default(def ? 'true' : 'false')
    .transform((v) => v === 'true' || v === '1');

/**
 * Every environment variable the services read. One schema, validated before anything
 * listens; a bad value stops start-up with one line per variable.
 */
export const ConfigSchema = z.object({
  NODE_ENV: z.string().default('development'),
  /** The address every HTTP port binds to (0.0.0.0: all interfaces; 127.0.0.1: this host only). */
  HOST: z
    .string()
    .regex(/^[A-Za-z0-9.:-]{1,253}$/, 'must be an IP address or a host name')
    .default('0.0.0.0'),
  /** The gateway's (and the all-in-one's) HTTP port; 0 takes any free port (the log says which). */
  PORT: int(3000, 0, 65535),
  /**
   * A worker's or the orchestrator's HTTP port (/health, /ready, /metrics) when run alone.
   * Unset: the app's own default (3100-3104); 0: any free port (the log says which).
   */
  METRICS_PORT: z.coerce.number().int('must be an integer').min(0).max(65535).optional(),
  DATABASE_URL: z.string().url('must be a postgres:// URL').default('postgres://postgres@127.0.0.1:5432/duocthu'),
  REDIS_URL: z.string().url('must be a redis:// URL').default('redis://127.0.0.1:6379'),
  QUEUE_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,40}$/, 'must be 1-40 letters, digits, - or _')
    .default('duocthu'),
  /**
   * Names the deployment that owns QUEUE_PREFIX on this Redis. Unset: the id its database
   * was given when migrated. Set it on every process of a deployment or on none.
   */
  DEPLOYMENT_ID: z
    .union([z.literal(''), z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/, 'must be 1-64 letters, digits, ., - or _')])
    .default(''),
  ANSWER_PROVIDER: z.enum(['disabled', 'stub', 'bedrock-converse', 'bedrock-claude']).default('stub'),
  EMBEDDING_PROVIDER: z.enum(['disabled', 'hash', 'bedrock-titan', 'bedrock-cohere']).default('hash'),
  GATEWAY_API_KEYS: z.string().default(''),
  AWS_REGION: z.string().default('us-east-1'),
  BEDROCK_MODEL_ID: z.string().default('anthropic.claude-3-5-sonnet-20240620-v1:0'),
  BEDROCK_EMBEDDING_MODEL_ID: z.string().default(''),
  BEDROCK_ENDPOINT: z.union([z.literal(''), z.string().url('must be an http(s) URL')]).default(''),
  BEDROCK_READ_TIMEOUT_MS: int(20_000, 100, 120_000),
  BEDROCK_MAX_ATTEMPTS: int(2, 1, 5),
  MAX_WALL_CLOCK_MS: int(40_000, 100, 600_000),
  MAX_LLM_CALLS_PER_TURN: int(8, 1, 50),
  MAX_CONSECUTIVE_CLARIFY: int(4, 1, 50),
  GATEWAY_WAIT_MS: int(65_000, 100, 600_000),
  WORKER_CONCURRENCY: int(0, 0, 256),
  CORPUS_DIR: z.string().default('data/formulary'),
  /** Ingest the sample corpus at start-up when the database has no active corpus. */
  AUTO_INGEST: bool(true),
  RUN_MIGRATIONS: bool(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_TURN_TEXT: bool(false),
  SHUTDOWN_TIMEOUT_MS: int(30_000, 100, 600_000),
  /** Requests per minute per API key on /v1 (429 with Retry-After past it); 0 turns the limit off. */
  RATE_LIMIT_PER_MINUTE: int(600, 0, 1_000_000),
  /** Conversations, turns and traces older than this are purged daily; 0 keeps them forever. */
  CONVERSATION_RETENTION_DAYS: int(90, 0, 36_500),
});
export type AppConfig = z.infer<typeof ConfigSchema>;
export const CONFIG_KEYS = Object.keys(ConfigSchema.shape) as (keyof AppConfig)[];

export class ConfigError extends Error {}

/** Parses the environment; throws one line per bad variable, naming it. */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const input: Record<string, string> = {};
  for (const key of CONFIG_KEYS) {
    const v = env[key];
    if (v !== undefined && v !== '') input[key] = v;
  }
  const parsed = ConfigSchema.safeParse(input);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `invalid configuration: ${String(i.path[0])}: ${i.message}`);
    throw new ConfigError(lines.join('\n'));
  }
  return parsed.data;
}

export const APP_CONFIG = Symbol('APP_CONFIG');
