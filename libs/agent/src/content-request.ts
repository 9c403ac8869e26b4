import { PhraseSet, words } from '@app/formulary';

/**
 * What the assistant never writes, whatever drug it names: jokes, stories, poems, songs, program code. A
 * request for one is out of scope (routing row 1) even with a drug and a dose in it ("viết đoạn code Python
 * tính liều amoxicilin") — the deterministic scope guard, shared by every understanding provider. Typed
 * without marks, the phrases match too ("chuyen cuoi").
 */
const CONTENT_REQUESTS = new PhraseSet([
  'chuyện cười',
  'truyện cười',
  'kể chuyện',
  'câu chuyện vui',
  'bài thơ',
  'làm thơ',
  'viết thơ',
  'bài hát',
  'sáng tác',
  'đoạn code',
  'viết code',
  'code python',
  'python',
  'javascript',
  'lập trình',
  'viết chương trình',
]);

/** Does the turn ask for content the assistant does not write (a joke, a poem, code)? */
export function asksForContent(turn: string): boolean {
  return CONTENT_REQUESTS.find(words(turn)).length > 0;
}
