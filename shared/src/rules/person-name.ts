import { characters, requiredLength } from './rule.ts';

/** A person's name typed into a public form (a comment's author, the contact form's sender). */
export const PERSON_NAME_MIN_LENGTH = 2;
export const PERSON_NAME_MAX_LENGTH = 100;
export const PERSON_NAME_TOO_LONG = `Imię może mieć najwyżej ${characters(PERSON_NAME_MAX_LENGTH)}`;

/** The name's rules: `tooShort` is the form's own message for an empty or too short name. */
export const personNameRules = (tooShort: string) =>
  requiredLength(PERSON_NAME_MIN_LENGTH, PERSON_NAME_MAX_LENGTH, tooShort, PERSON_NAME_TOO_LONG);
