import { SectionPlaceholder } from '../../components/section-placeholder.tsx';

/** Admin screen „Nowy post”: placeholder until its issue lands (lazy-loaded, never in the public bundle). */
export function AdminPostNewPage() {
  return <SectionPlaceholder title="Nowy post" />;
}
