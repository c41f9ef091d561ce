import { PUBLIC_PAGES } from '@blog/shared/addresses';
import { Button, Heading, Stack, Tabs } from '@chakra-ui/react';
import type { MouseEvent } from 'react';
import { useSearchParams } from 'react-router';
import { followInApp } from '../../lib/follow-in-app.ts';
import { ForgotPasswordForm } from './forgot-password-form.tsx';
import { RegisterForm } from './register-form.tsx';
import { SignInForm } from './sign-in-form.tsx';
import '../../theme/more-recipes.ts';

type AuthView = 'signin' | 'register' | 'forgot';

/**
 * The view is in the address (`?formularz=`), and the tabs and „Nie pamiętasz hasła?” are links to it: a
 * click before the app's code has arrived loads that view from the server (/auth with a query is rendered
 * for its request alone), and the app switches views without loading anything.
 */
const VIEW_PARAM = 'formularz';
const VIEW_NAMES: Record<Exclude<AuthView, 'signin'>, string> = { register: 'rejestracja', forgot: 'haslo' };

function viewOf(params: URLSearchParams): AuthView {
  const name = params.get(VIEW_PARAM);
  if (name === VIEW_NAMES.register) return 'register';
  if (name === VIEW_NAMES.forgot) return 'forgot';
  return 'signin';
}

/** The view, and the address of another one (the other parameters, `next`, kept). */
function useAuthView() {
  const [params, setParams] = useSearchParams();
  const queryOf = (view: AuthView) => {
    const query = new URLSearchParams(params);
    if (view === 'signin') query.delete(VIEW_PARAM);
    else query.set(VIEW_PARAM, VIEW_NAMES[view]);
    return query;
  };
  const hrefOf = (view: AuthView) => {
    const search = queryOf(view).toString();
    return search ? `${PUBLIC_PAGES.auth}?${search}` : PUBLIC_PAGES.auth;
  };
  // Switching views is not navigation: it replaces the entry instead of filling the history.
  const show = (view: AuthView) => setParams(queryOf(view), { replace: true });
  return { view: viewOf(params), hrefOf, show };
}

/** The forms of /auth (one lazy chunk, so formik and yup stay out of the reader's first download). */
export function AuthPanel() {
  const { view, hrefOf, show } = useAuthView();
  const linkTo = (target: AuthView) => ({
    href: hrefOf(target),
    onClick: (event: MouseEvent<HTMLAnchorElement>) => followInApp(event, () => show(target)),
  });

  if (view === 'forgot') {
    return (
      <Stack gap="4">
        <Heading as="h2" size="md">
          Nie pamiętasz hasła?
        </Heading>
        <ForgotPasswordForm back={linkTo('signin')} />
      </Stack>
    );
  }

  return (
    <Tabs.Root
      value={view}
      onValueChange={(details) => show(details.value === 'register' ? 'register' : 'signin')}
      variant="line"
      fitted
    >
      <Tabs.List>
        <Tabs.Trigger value="signin" asChild>
          <a {...linkTo('signin')}>Logowanie</a>
        </Tabs.Trigger>
        <Tabs.Trigger value="register" asChild>
          <a {...linkTo('register')}>Rejestracja</a>
        </Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="signin" pt="6">
        <Stack gap="3">
          <SignInForm />
          <Button asChild variant="plain" size="sm" alignSelf="center">
            <a {...linkTo('forgot')}>Nie pamiętasz hasła?</a>
          </Button>
        </Stack>
      </Tabs.Content>
      <Tabs.Content value="register" pt="6">
        <RegisterForm />
      </Tabs.Content>
    </Tabs.Root>
  );
}
