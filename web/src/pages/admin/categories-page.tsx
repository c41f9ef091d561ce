import { SectionPlaceholder } from '../../components/section-placeholder.tsx';

/** Admin screen „Zarządzanie kategoriami”: placeholder until its issue lands (lazy-loaded, never in the public bundle). */
export function AdminCategoriesPage() {
  return <SectionPlaceholder title="Zarządzanie kategoriami" />;
}
