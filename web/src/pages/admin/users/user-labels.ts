import { ROLES, type Role } from '@blog/shared/policy';

/** The role field offers every role, most privileged first. */
export const ROLE_OPTIONS: readonly Role[] = ROLES;

/** The user table's names for roles („Wydawca” here, „Redaktor” in bylines). */
export const ROLE_LABELS: Record<Role, string> = {
  admin: 'Administrator',
  publisher: 'Wydawca',
  subscriber: 'Subskrybent',
};

/** Help under the role field. */
export const ROLE_HELP: Record<Role, string> = {
  admin: 'Pełny dostęp, także do użytkowników, subskrypcji, ustawień, SMTP i logów.',
  publisher: 'Może tworzyć i edytować własne posty.',
  subscriber: 'Może otrzymywać powiadomienia o nowych artykułach.',
};

export const ROLE_COLORS: Record<Role, string> = {
  admin: 'red',
  publisher: 'blue',
  subscriber: 'gray',
};
