import { join } from 'node:path';
import { buildCorpus, readCorpusDir, type Corpus } from './corpus';
import { CorpusIndex } from './corpus-index';

let cached: Corpus | null = null;

/** The shipped sample corpus, read once per test file (for specs only). */
export function sampleCorpus(): Corpus {
  cached ??= buildCorpus(readCorpusDir(join(__dirname, '..', '..', '..', 'data', 'formulary')));
  return cached;
}

export function sampleIndex(): CorpusIndex {
  return new CorpusIndex(sampleCorpus());
}
