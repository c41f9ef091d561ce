import { SectionPlaceholder } from '../../components/section-placeholder.tsx';

/** Admin screen „Logi systemowe”: placeholder until its issue lands (lazy-loaded, never in the public bundle). */
export function AdminLogsPage() {
  return <SectionPlaceholder title="Logi systemowe" />;
}
