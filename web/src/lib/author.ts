/** Byline role label: publishers are „Redaktor” here, unlike the user table's „Wydawca”. */
export function authorRoleLabel(role: string | null | undefined): string {
  switch (role) {
    case 'admin':
      return 'Administrator';
    case 'publisher':
      return 'Redaktor';
    default:
      return 'Użytkownik';
  }
}
