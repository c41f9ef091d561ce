import { Toaster as ChakraToaster, Portal, Spinner, Stack, Toast } from '@chakra-ui/react';
import { toaster } from '../lib/toaster.ts';
import '../theme/more-recipes.ts';

/** The single toast region of the app (mounted once, by AppToaster, when the first toast is asked for). */
export function ToastRegion() {
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          // Darker green and full-strength descriptions keep text at WCAG AA contrast (4.5:1) on every type.
          <Toast.Root
            width={{ md: 'sm' }}
            maxWidth="420px"
            css={{ '&[data-type=success]': { bg: 'green.700' } }}
          >
            {toast.type === 'loading' ? <Spinner size="sm" color="brand.solid" /> : <Toast.Indicator />}
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {toast.description && <Toast.Description opacity={1}>{toast.description}</Toast.Description>}
            </Stack>
            {toast.action && <Toast.ActionTrigger>{toast.action.label}</Toast.ActionTrigger>}
            {toast.closable && <Toast.CloseTrigger aria-label="Zamknij powiadomienie" />}
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
