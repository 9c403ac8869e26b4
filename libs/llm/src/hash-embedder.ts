import { fold } from '@app/formulary';
import type { Embedder } from './providers';

/** FNV-1a, 32 bit. */
function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/**
 * The offline default embedder: character n-grams (3 and 4) of the diacritics-folded
 * text, feature-hashed into `dim` buckets with a sign bit, L2-normalised. Deterministic.
 */
export class HashEmbedder implements Embedder {
  readonly id: string;
  readonly remote = false;

  constructor(readonly dim = 384) {
    this.id = `hash-v1-${dim}`;
  }

  embedOne(text: string): Float32Array {
    const v = new Float32Array(this.dim);
    const words = fold(text).match(/[a-z0-9]+/g) ?? [];
    for (const w of words) {
      const padded = ` ${w} `;
      for (const n of [3, 4]) {
        for (let i = 0; i + n <= padded.length; i++) {
          const h = fnv1a(padded.slice(i, i + n));
          v[h % this.dim] += h & 0x80000000 ? -1 : 1;
        }
      }
    }
    let norm = 0;
    for (let i = 0; i < v.length; i++) norm += v[i] * v[i];
    norm = Math.sqrt(norm) || 1;
    for (let i = 0; i < v.length; i++) v[i] /= norm;
    return v;
  }

  async embed(texts: string[]): Promise<Float32Array[]> {
    return texts.map((t) => this.embedOne(t));
  }
}
