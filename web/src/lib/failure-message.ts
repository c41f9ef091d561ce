/**
 * A toast description of the form „{what failed}: {why}” (e.g. 'Nie udało się połączyć z
 * serwerem: ...'). When the server's message already says the same thing in its own words (its SMTP errors
 * begin „Nie udało się połączyć z serwerem SMTP: ...”), it is shown alone rather than twice.
 */
export function failureMessage(prefix: string, reason: string): string {
  const normalise = (text: string) => text.trim().toLocaleLowerCase('pl');
  if (normalise(reason).startsWith(normalise(prefix))) return reason.trim();
  return `${prefix}: ${reason}`;
}
