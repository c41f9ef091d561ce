import { ChakraProvider } from '@chakra-ui/react';
import { render, screen } from '@testing-library/react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it } from 'vitest';
import { SESSION_KEY } from '../../api/session.ts';
import { appSystem } from '../../theme/system.ts';
import { AuthPage } from './auth-page.tsx';
import { SIGNED_IN_ADMIN } from '../../../test/session-users.ts';

const admin = SIGNED_IN_ADMIN;

/**
 * /auth for a signed-in admin, in a real BrowserRouter: jsdom's history refuses a cross-origin URL
 * exactly as a browser does (SecurityError), so a return path that leaves the site crashes here too.
 */
function renderSignedInAt(url: string) {
  window.history.replaceState(null, '', url);
  return render(
    <ChakraProvider value={appSystem()}>
      <SWRConfig
        value={{ provider: () => new Map(), fallback: { [SESSION_KEY]: admin }, revalidateOnMount: false }}
      >
        <BrowserRouter>
          <Routes>
            <Route path="/auth" element={<AuthPage />} />
            <Route path="/admin/*" element={<p>Panel</p>} />
            <Route path="/posts" element={<p>Artykuły</p>} />
          </Routes>
        </BrowserRouter>
      </SWRConfig>
    </ChakraProvider>,
  );
}

afterEach(() => {
  window.history.replaceState(null, '', '/');
});

describe('AuthPage after sign-in', () => {
  it('goes back to a same-site return path', async () => {
    renderSignedInAt('/auth?next=%2Fposts%3Fpage%3D2');
    expect(await screen.findByText('Artykuły')).toBeInTheDocument();
    expect(`${window.location.pathname}${window.location.search}`).toBe('/posts?page=2');
  });

  it.each([
    '/.//evil.example',
    '/a/..//evil.example',
    '/%2e//evil.example',
    '//evil.example',
    '/\\evil.example',
  ])('sends next=%j to the default landing instead of off-site or a crash', async (next) => {
    renderSignedInAt(`/auth?next=${encodeURIComponent(next)}`);
    expect(await screen.findByText('Panel')).toBeInTheDocument();
    expect(window.location.origin).toBe('http://localhost:3000');
    expect(window.location.pathname).toBe('/admin');
  });
});
