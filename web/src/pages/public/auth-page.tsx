import { SectionPlaceholder } from '../../components/section-placeholder.tsx';

/** Sign-in and registration (issue „auth”): placeholder until that issue lands. */
export function AuthPage() {
  return <SectionPlaceholder title="Panel administracyjny" />;
}
