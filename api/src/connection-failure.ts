/** `host:port` only: a connection URL may carry a password. */
export const connectionTarget = (url: string, defaultPort: number): string => {
  const parsed = new URL(url);
  return `${parsed.hostname}:${parsed.port || defaultPort}`;
};

const NETWORK_REASONS: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host not found',
  ETIMEDOUT: 'timed out',
  ECONNRESET: 'connection reset',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
};

const POSTGRES_REASONS: Record<string, string> = {
  '28P01': 'password authentication failed',
  '28000': 'access denied',
  '3D000': 'database does not exist',
  '53300': 'too many connections',
  '57P03': 'the server is starting up or shutting down',
};

/** The reason in a few words: known error codes by name, anything else by its first line. */
function reasonOf(error: unknown): string {
  if (typeof error === 'string') return error;
  const { code, message, parent } = (error ?? {}) as { code?: string; message?: string; parent?: unknown };
  const known = code ? (NETWORK_REASONS[code] ?? POSTGRES_REASONS[code]) : undefined;
  if (known) return known;
  // Sequelize wraps the driver's error; its code is on the parent.
  if (parent) return reasonOf(parent);
  if (message && /NOAUTH|WRONGPASS/.test(message)) return 'authentication failed';
  return (message ?? String(error)).split('\n')[0]!;
}

/** One line for whoever starts a process: `Cannot connect to PostgreSQL at 127.0.0.1:5432: connection refused`. */
export function connectionFailureMessage(
  service: 'PostgreSQL' | 'Redis',
  url: string,
  error: unknown,
): string {
  return `Cannot connect to ${service} at ${connectionTarget(url, service === 'PostgreSQL' ? 5432 : 6379)}: ${reasonOf(error)}`;
}
