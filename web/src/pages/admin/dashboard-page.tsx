import { SectionPlaceholder } from '../../components/section-placeholder.tsx';

/** Admin screen „Pulpit”: placeholder until its issue lands (lazy-loaded, never in the public bundle). */
export function AdminDashboardPage() {
  return <SectionPlaceholder title="Pulpit" />;
}
