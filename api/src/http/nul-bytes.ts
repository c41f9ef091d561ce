/** What a person sees when their data carries a NUL character (U+0000). */
export const NUL_REFUSED = 'Dane zawierają niedozwolony znak.';

/**
 * True when a string, or any key or string inside an object or array, holds NUL. PostgreSQL text
 * cannot hold it, and Sequelize would otherwise escape it into a literal `\0`.
 */
export const containsNul = (value: unknown, depth = 0): boolean => {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 20 || value === null || typeof value !== 'object') return false;
  return Object.entries(value).some(
    ([key, inner]) => key.includes('\u0000') || containsNul(inner, depth + 1),
  );
};
