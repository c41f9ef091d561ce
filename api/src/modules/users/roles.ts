/** Staff and reader roles; the order is from most to least privileged. */
export const ROLES = ['admin', 'publisher', 'subscriber'] as const;

export type Role = (typeof ROLES)[number];

export const DEFAULT_ROLE: Role = 'subscriber';

export const isRole = (value: unknown): value is Role =>
  typeof value === 'string' && (ROLES as readonly string[]).includes(value);
