import { SectionPlaceholder } from '../../components/section-placeholder.tsx';

/** Admin screen „Subskrypcje”: placeholder until its issue lands (lazy-loaded, never in the public bundle). */
export function AdminSubscriptionsPage() {
  return <SectionPlaceholder title="Subskrypcje" />;
}
