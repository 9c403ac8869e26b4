import { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import { NodeHttpHandler } from '@smithy/node-http-handler';
import { ProviderUnavailable } from '@app/contracts';

export interface BedrockSettings {
  region: string;
  modelId: string;
  /** Override for tests and proxies, e.g. http://127.0.0.1:4010 */
  endpoint?: string;
  /** Socket read timeout per attempt. */
  readTimeoutMs: number;
  maxAttempts: number;
}

/**
 * One Bedrock runtime client: HTTP/1.1 with a read timeout per attempt, at most
 * `maxAttempts` attempts (the SDK retries throttling, 5xx and timeouts).
 */
export function bedrockClient(s: BedrockSettings): BedrockRuntimeClient {
  return new BedrockRuntimeClient({
    region: s.region,
    endpoint: s.endpoint || undefined,
    maxAttempts: s.maxAttempts,
    // throwOnRequestTimeout: without it this handler only warns and the call hangs on
    requestHandler: new NodeHttpHandler({
      connectionTimeout: Math.min(5_000, s.readTimeoutMs),
      requestTimeout: s.readTimeoutMs,
      throwOnRequestTimeout: true,
    }),
  });
}

/** Maps an SDK error to a typed provider failure; the message never carries the prompt or the evidence. */
export function mapBedrockError(err: unknown): ProviderUnavailable {
  if (err instanceof ProviderUnavailable) return err;
  const e = err as { name?: string; code?: string; $metadata?: { httpStatusCode?: number }; $retryable?: unknown };
  const status = e?.$metadata?.httpStatusCode;
  const name = e?.name ?? 'Error';
  if (name === 'ThrottlingException' || name === 'TooManyRequestsException' || status === 429)
    return new ProviderUnavailable('throttled', `bedrock throttled (${name})`);
  if (name === 'TimeoutError' || name === 'RequestTimeout' || e?.code === 'ETIMEDOUT' || name === 'AbortError')
    return new ProviderUnavailable('timeout', `bedrock timed out (${name})`);
  if (
    (status !== undefined && status >= 500) ||
    [
      'InternalServerException',
      'ServiceUnavailableException',
      'ModelNotReadyException',
      'ModelTimeoutException',
    ].includes(name)
  )
    return new ProviderUnavailable('server_error', `bedrock server error ${status ?? ''} (${name})`.replace('  ', ' '));
  if (e?.code === 'ECONNREFUSED' || e?.code === 'ECONNRESET' || e?.code === 'ENOTFOUND' || name === 'NetworkingError')
    return new ProviderUnavailable('network', `bedrock unreachable (${e.code ?? name})`);
  return new ProviderUnavailable('client_error', `bedrock request failed ${status ?? ''} (${name})`.replace('  ', ' '));
}
