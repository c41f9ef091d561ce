import { Alert } from '@chakra-ui/react';

/**
 * PLACEHOLDER: stands in for a tab built in another branch (Subskrypcje, Powiadomienia); swapped
 * for the real component at integration.
 */
export function SettingsTabPlaceholder({ title }: { title: string }) {
  return (
    <Alert.Root status="info" borderRadius="lg">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{title}</Alert.Title>
        <Alert.Description>Ta karta jest w przygotowaniu.</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
