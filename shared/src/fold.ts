/**
 * Folding as the search compares text: lower case, and the letters with diacritics written as
 * the plain letters a reader types on a phone without Polish keys (ą→a, ć→c, ę→e, ł→l, ń→n, ó→o,
 * ś→s, ź/ż→z; also the common letters of other Latin alphabets). The database folds with the same
 * table (FOLD_FROM / FOLD_TO in translate()), so both sides agree letter for letter.
 */
const PAIRS: [string, string][] = [
  ['ąćęłńóśźż', 'acelnoszz'],
  ['ĄĆĘŁŃÓŚŹŻ', 'acelnoszz'],
  ['áàâäãå', 'aaaaaa'],
  ['çč', 'cc'],
  ['ď', 'd'],
  ['éèêëě', 'eeeee'],
  ['íìîï', 'iiii'],
  ['ľĺ', 'll'],
  ['ňñ', 'nn'],
  ['ôöõő', 'oooo'],
  ['řŕ', 'rr'],
  ['š', 's'],
  ['ť', 't'],
  ['úùûüůű', 'uuuuuu'],
  ['ýÿ', 'yy'],
  ['ž', 'z'],
];
// Capitals too: lower() leaves them as they are where the database's character type is C.
export const FOLD_FROM = PAIRS.map(([from]) => from).join('');
export const FOLD_TO = PAIRS.map(([, to]) => to).join('');

const FOLD = new Map([...FOLD_FROM].map((letter, index) => [letter, FOLD_TO[index]!]));

const NOT_ASCII = /[^ -~]/g;

export function foldText(text: string): string {
  return text.toLowerCase().replace(NOT_ASCII, (letter) => FOLD.get(letter) ?? letter);
}
