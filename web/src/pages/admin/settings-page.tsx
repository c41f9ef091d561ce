import { SectionPlaceholder } from '../../components/section-placeholder.tsx';

/** Admin screen „Ustawienia”: placeholder until its issue lands (lazy-loaded, never in the public bundle). */
export function AdminSettingsPage() {
  return <SectionPlaceholder title="Ustawienia" />;
}
