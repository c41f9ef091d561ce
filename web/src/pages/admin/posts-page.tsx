import { SectionPlaceholder } from '../../components/section-placeholder.tsx';

/** Admin screen „Wszystkie posty”: placeholder until its issue lands (lazy-loaded, never in the public bundle). */
export function AdminPostsPage() {
  return <SectionPlaceholder title="Wszystkie posty" />;
}
