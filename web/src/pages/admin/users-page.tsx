import { SectionPlaceholder } from '../../components/section-placeholder.tsx';

/** Admin screen „Zarządzanie użytkownikami”: placeholder until its issue lands (lazy-loaded, never in the public bundle). */
export function AdminUsersPage() {
  return <SectionPlaceholder title="Zarządzanie użytkownikami" />;
}
