import { fold } from '@app/formulary';

/** ASCII slug of a title: diacritics folded, đ→d, lower case, every other run of characters → "_". */
export function slugify(text: string): string {
  return fold(text)
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}
