import { SectionPlaceholder } from '../../components/section-placeholder.tsx';

/** Unsubscribe link target (issue „subscriptions”): placeholder until that issue lands. */
export function UnsubscribePage() {
  return <SectionPlaceholder title="Anulowanie subskrypcji" />;
}
