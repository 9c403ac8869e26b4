import { InvokeModelCommand, type BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import { ProviderUnavailable } from '@app/contracts';
import type { Embedder } from '../providers';
import { mapBedrockError } from './client';

function normalise(v: number[]): Float32Array {
  const out = Float32Array.from(v);
  let n = 0;
  for (const x of out) n += x * x;
  n = Math.sqrt(n) || 1;
  for (let i = 0; i < out.length; i++) out[i] /= n;
  return out;
}

async function invoke(client: BedrockRuntimeClient, modelId: string, body: unknown): Promise<unknown> {
  let raw: Uint8Array | undefined;
  try {
    raw = (
      await client.send(
        new InvokeModelCommand({
          modelId,
          contentType: 'application/json',
          accept: 'application/json',
          body: JSON.stringify(body),
        }),
      )
    ).body;
  } catch (err) {
    throw mapBedrockError(err);
  }
  try {
    return JSON.parse(new TextDecoder().decode(raw));
  } catch {
    throw new ProviderUnavailable('malformed_output', `embedding reply from ${modelId} is not JSON`);
  }
}

/** `bedrock-titan`: amazon.titan-embed-text-v2:0, one text per call. */
export class TitanEmbedder implements Embedder {
  readonly remote = true;
  readonly id: string;
  constructor(
    private readonly client: BedrockRuntimeClient,
    private readonly modelId = 'amazon.titan-embed-text-v2:0',
    readonly dim = 1024,
  ) {
    this.id = `bedrock:${modelId}:${dim}`;
  }

  async embed(texts: string[]): Promise<Float32Array[]> {
    const out: Float32Array[] = [];
    for (const inputText of texts) {
      const r = (await invoke(this.client, this.modelId, { inputText, dimensions: this.dim, normalize: true })) as {
        embedding?: number[];
      };
      if (!Array.isArray(r.embedding) || r.embedding.length !== this.dim)
        throw new ProviderUnavailable('malformed_output', 'titan: wrong embedding size');
      out.push(normalise(r.embedding));
    }
    return out;
  }
}

/** `bedrock-cohere`: cohere.embed-multilingual-v3, up to 96 texts per call. */
export class CohereEmbedder implements Embedder {
  readonly remote = true;
  readonly id: string;
  readonly dim = 1024;
  constructor(
    private readonly client: BedrockRuntimeClient,
    private readonly modelId = 'cohere.embed-multilingual-v3',
  ) {
    this.id = `bedrock:${modelId}`;
  }

  async embed(texts: string[]): Promise<Float32Array[]> {
    const out: Float32Array[] = [];
    for (let i = 0; i < texts.length; i += 96) {
      const batch = texts.slice(i, i + 96);
      const r = (await invoke(this.client, this.modelId, {
        texts: batch,
        input_type: 'search_document',
        truncate: 'END',
      })) as { embeddings?: number[][] };
      if (!Array.isArray(r.embeddings) || r.embeddings.length !== batch.length)
        throw new ProviderUnavailable('malformed_output', 'cohere: wrong number of embeddings');
      out.push(...r.embeddings.map(normalise));
    }
    return out;
  }
}
