import {
  bedrockClient,
  BedrockProvider,
  ClaudeToolCaller,
  CohereEmbedder,
  ConverseToolCaller,
  TitanEmbedder,
} from './bedrock';
import { HashEmbedder } from './hash-embedder';
import type { Embedder } from './providers';

/**
 * The settings the provider factories read: a part of the app configuration, which passes
 * as it is (libs/llm depends on no app infrastructure). A provider the configuration gains
 * fails the typecheck where the configuration is passed in, until it is handled here.
 */
export interface LlmConfig {
  ANSWER_PROVIDER: 'disabled' | 'stub' | 'bedrock-converse' | 'bedrock-claude';
  EMBEDDING_PROVIDER: 'disabled' | 'hash' | 'bedrock-titan' | 'bedrock-cohere';
  AWS_REGION: string;
  BEDROCK_MODEL_ID: string;
  BEDROCK_EMBEDDING_MODEL_ID: string;
  BEDROCK_ENDPOINT: string;
  BEDROCK_READ_TIMEOUT_MS: number;
  BEDROCK_MAX_ATTEMPTS: number;
}

function settings(c: LlmConfig, modelId: string) {
  return {
    region: c.AWS_REGION,
    modelId,
    endpoint: c.BEDROCK_ENDPOINT || undefined,
    readTimeoutMs: c.BEDROCK_READ_TIMEOUT_MS,
    maxAttempts: c.BEDROCK_MAX_ATTEMPTS,
  };
}

/** The Bedrock provider for ANSWER_PROVIDER=bedrock-*, or null for stub/disabled. */
export function bedrockProviderFor(c: LlmConfig): BedrockProvider | null {
  if (c.ANSWER_PROVIDER !== 'bedrock-converse' && c.ANSWER_PROVIDER !== 'bedrock-claude') return null;
  const client = bedrockClient(settings(c, c.BEDROCK_MODEL_ID));
  return new BedrockProvider(
    c.ANSWER_PROVIDER === 'bedrock-converse'
      ? new ConverseToolCaller(client, c.BEDROCK_MODEL_ID)
      : new ClaudeToolCaller(client, c.BEDROCK_MODEL_ID),
  );
}

/** The embedder for EMBEDDING_PROVIDER (null when disabled). */
export function createEmbedder(c: LlmConfig): Embedder | null {
  switch (c.EMBEDDING_PROVIDER) {
    case 'disabled':
      return null;
    case 'hash':
      return new HashEmbedder();
    case 'bedrock-titan':
      return new TitanEmbedder(
        bedrockClient(settings(c, c.BEDROCK_EMBEDDING_MODEL_ID || 'amazon.titan-embed-text-v2:0')),
        c.BEDROCK_EMBEDDING_MODEL_ID || undefined,
      );
    case 'bedrock-cohere':
      return new CohereEmbedder(
        bedrockClient(settings(c, c.BEDROCK_EMBEDDING_MODEL_ID || 'cohere.embed-multilingual-v3')),
        c.BEDROCK_EMBEDDING_MODEL_ID || undefined,
      );
  }
}
