import { Button, Heading, Stack, Tabs } from '@chakra-ui/react';
import { useState } from 'react';
import { ForgotPasswordForm } from './forgot-password-form.tsx';
import { RegisterForm } from './register-form.tsx';
import { SignInForm } from './sign-in-form.tsx';
import '../../theme/more-recipes.ts';

type AuthView = 'signin' | 'register' | 'forgot';

/** The forms of /auth (one lazy chunk, so formik and yup stay out of the reader's first download). */
export function AuthPanel() {
  const [view, setView] = useState<AuthView>('signin');

  if (view === 'forgot') {
    return (
      <Stack gap="4">
        <Heading as="h2" size="md">
          Nie pamiętasz hasła?
        </Heading>
        <ForgotPasswordForm onBack={() => setView('signin')} />
      </Stack>
    );
  }

  return (
    <Tabs.Root
      value={view}
      onValueChange={(details) => setView(details.value === 'register' ? 'register' : 'signin')}
      variant="line"
      fitted
    >
      <Tabs.List>
        <Tabs.Trigger value="signin">Logowanie</Tabs.Trigger>
        <Tabs.Trigger value="register">Rejestracja</Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="signin" pt="6">
        <Stack gap="3">
          <SignInForm />
          <Button
            type="button"
            variant="plain"
            size="sm"
            alignSelf="center"
            onClick={() => setView('forgot')}
          >
            Nie pamiętasz hasła?
          </Button>
        </Stack>
      </Tabs.Content>
      <Tabs.Content value="register" pt="6">
        <RegisterForm />
      </Tabs.Content>
    </Tabs.Root>
  );
}
