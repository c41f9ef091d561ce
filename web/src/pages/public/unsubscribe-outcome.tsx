import { useSearchParams } from 'react-router';
import { useCategories } from '../../api/categories.ts';
import { useUnsubscribe } from '../../api/subscriptions.ts';
import { FailureOutcome, SuccessOutcome } from './link-outcome.tsx';
import { UnsubscribeLoading } from './unsubscribe-page.tsx';
import {
  INVALID_LINK_MESSAGE,
  parseUnsubscribeLink,
  type UnsubscribeLink,
  unsubscribeErrorMessage,
} from './unsubscribe-link.ts';

function FailedView({ message }: { message: string }) {
  return <FailureOutcome title="Nie udało się anulować subskrypcji">{message}</FailureOutcome>;
}

function UnsubscribeOutcome({ link }: { link: UnsubscribeLink }) {
  const { result, error } = useUnsubscribe(link);
  // Only for the „no message” fallback: the public list names visible categories.
  const { categories } = useCategories();

  if (error) {
    const name = categories?.find((category) => category.id === link.category)?.name;
    return <FailedView message={unsubscribeErrorMessage(error, link, name)} />;
  }
  if (!result) return <UnsubscribeLoading />;
  return (
    <SuccessOutcome title="Subskrypcja anulowana">
      Adres {link.email} nie będzie już otrzymywać powiadomień o nowych artykułach z kategorii{' '}
      {result.categoryName}.
    </SuccessOutcome>
  );
}

/** Reads the link's parameters with the shared rules, then unsubscribes (or says the link is broken). */
export function UnsubscribeFromLink() {
  const [params] = useSearchParams();
  const link = parseUnsubscribeLink(params);
  return link ? <UnsubscribeOutcome link={link} /> : <FailedView message={INVALID_LINK_MESSAGE} />;
}
