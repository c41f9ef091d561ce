import { SectionPlaceholder } from '../../components/section-placeholder.tsx';

/** Admin screen „Edycja posta”: placeholder until its issue lands (lazy-loaded, never in the public bundle). */
export function AdminPostEditPage() {
  return <SectionPlaceholder title="Edycja posta" />;
}
