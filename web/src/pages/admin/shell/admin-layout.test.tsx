import { ChakraProvider } from '@chakra-ui/react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { mutate, SWRConfig, type Middleware } from 'swr';
import { beforeEach, describe, expect, it } from 'vitest';
import { SESSION_KEY } from '../../../api/session.ts';
import { swrDefaults } from '../../../api/swr-config.ts';
import { appSystem } from '../../../theme/system.ts';
import { AdminLayout } from './admin-layout.tsx';
import { SIGNED_IN_ADMIN } from '../../../../test/session-users.ts';

const admin = SIGNED_IN_ADMIN;

// Reads of the session answer the signed-in admin, then fail (the server away) once `readsFail` is
// set. No read leaves the test: an API that happens to listen on this machine must not answer it.
let readsFail = false;
const failingReads: Middleware = (useSWRNext) => (key, fetcher, config) =>
  useSWRNext(
    key,
    readsFail
      ? () => Promise.reject(new Error('Brak połączenia'))
      : ((() => Promise.resolve(admin)) as typeof fetcher),
    config,
  );

beforeEach(async () => {
  readsFail = false;
  await mutate(SESSION_KEY, admin, { revalidate: false });
});

describe('AdminLayout after the session is known', { timeout: 30_000 }, () => {
  it('a failed later read of the session keeps the shell and the field being typed into', async () => {
    render(
      <ChakraProvider value={appSystem()}>
        <SWRConfig value={{ ...swrDefaults, use: [failingReads] }}>
          <MemoryRouter initialEntries={['/admin']}>
            <Routes>
              <Route path="/admin" element={<AdminLayout />}>
                <Route index element={<input aria-label="Pole w panelu" />} />
              </Route>
            </Routes>
          </MemoryRouter>
        </SWRConfig>
      </ChakraProvider>,
    );
    const field = await screen.findByLabelText('Pole w panelu');
    fireEvent.change(field, { target: { value: 'wpisany tekst' } });

    readsFail = true;
    await act(async () => {
      await mutate(SESSION_KEY).catch(() => undefined);
    });

    expect(screen.queryByText('Nie udało się sprawdzić sesji')).toBeNull();
    expect(screen.getByLabelText('Pole w panelu')).toBe(field);
    expect(field).toHaveValue('wpisany tekst');
  });
});
