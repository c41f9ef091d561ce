/** A start-up failure whose message is one line an operator can act on (no stack trace shown). */
export class StartupError extends Error {
  override name = 'StartupError';
}
