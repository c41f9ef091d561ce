import { SUBSCRIPTION_TEXTS } from '@blog/shared/messages';
import { Container, Spinner, Stack, Text } from '@chakra-ui/react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../api/api-error.ts';
import { useConfirmSubscription } from '../../api/subscriptions.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { FailureOutcome, SuccessOutcome } from './link-outcome.tsx';

const BAD_LINK = SUBSCRIPTION_TEXTS.confirmLinkInvalid;

function Failed({ message }: { message: string }) {
  return <FailureOutcome title="Nie udało się potwierdzić subskrypcji">{message}</FailureOutcome>;
}

function Confirming({ token }: { token: string }) {
  const { result, error } = useConfirmSubscription(token);
  if (error) return <Failed message={errorMessage(error) || BAD_LINK} />;
  if (!result) {
    return (
      <Stack align="center" gap="4" aria-busy="true">
        <Spinner size="lg" color="brand.solid" aria-hidden="true" />
        <Text>Potwierdzanie subskrypcji...</Text>
      </Stack>
    );
  }
  return (
    <SuccessOutcome title="Subskrypcja aktywowana!">
      Powiadomimy Cię e-mailem, gdy w kategorii {result.categoryName} pojawi się nowy artykuł. Każda wiadomość
      zawiera link do anulowania subskrypcji.
    </SuccessOutcome>
  );
}

/** Target of the double opt-in e-mail's link: confirming, then success or error (like /unsubscribe). */
export function SubscriptionConfirmPage() {
  useDocumentTitle('Potwierdzenie subskrypcji');
  const [params] = useSearchParams();
  const token = params.get('token');
  return (
    <Container maxW="2xl" py="24" textAlign="center">
      {token ? <Confirming token={token} /> : <Failed message={BAD_LINK} />}
    </Container>
  );
}
