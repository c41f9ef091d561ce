import { Alert, Button } from '@chakra-ui/react';
import { RefreshCw } from 'lucide-react';
import { errorMessage } from '../api/api-error.ts';

interface LoadErrorProps {
  title: string;
  error: unknown;
  onRetry?: () => void;
}

/** A failed read: what could not be loaded, the reason, and a way to try again. */
export function LoadError({ title, error, onRetry }: LoadErrorProps) {
  return (
    <Alert.Root status="error" borderRadius="lg" alignItems="center">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{title}</Alert.Title>
        <Alert.Description>{errorMessage(error)}</Alert.Description>
      </Alert.Content>
      {onRetry && (
        <Button size="sm" variant="outline" onClick={onRetry} flexShrink={0}>
          <RefreshCw aria-hidden="true" />
          Spróbuj ponownie
        </Button>
      )}
    </Alert.Root>
  );
}
