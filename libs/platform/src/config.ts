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
  PORT: int(3000, 0, 65535),
  /** Workers and the orchestrator serve /health, /ready and /metrics here when run alone. */
  METRICS_PORT: int(0, 0, 65535),
  DATABASE_URL: z.string().url('must be a postgres:// URL').default('postgres://postgres@127.0.0.1:5432/duocthu'),
  REDIS_URL: z.string().url('must be a redis:// URL').default('redis://127.0.0.1:6379'),
  QUEUE_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,40}$/, 'must be 1-40 letters, digits, - or _')
    .default('duocthu'),
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
