import { SectionPlaceholder } from '../../components/section-placeholder.tsx';

/** Admin screen „Zarządzanie komentarzami”: placeholder until its issue lands (lazy-loaded, never in the public bundle). */
export function AdminCommentsPage() {
  return <SectionPlaceholder title="Zarządzanie komentarzami" />;
}
