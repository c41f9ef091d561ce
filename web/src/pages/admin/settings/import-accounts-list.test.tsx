import type { ImportAccount } from '@blog/shared';
import { ChakraProvider } from '@chakra-ui/react';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appSystem } from '../../../theme/system.ts';
import { ImportAccountsList } from './import-accounts-list.tsx';

const account = (overrides: Partial<ImportAccount>): ImportAccount => ({
  sourceId: '1',
  userId: 1,
  outcome: 'created',
  username: 'wpuser',
  displayName: 'WP User',
  email: 'wpuser@evil.example',
  sourceState: 'unknown',
  renamedFrom: null,
  renameReason: null,
  displayNameFrom: null,
  state: 'inactive',
  mappedTo: null,
  ...overrides,
});

const ACCOUNTS = [
  account({}),
  account({
    sourceId: '2',
    userId: 2,
    username: 'ghost-l',
    email: 'l@evil.example',
    sourceState: 'inactive',
  }),
  account({
    sourceId: '3',
    userId: 3,
    username: '\u0430dmin-2',
    renamedFrom: '\u0430dmin',
    renameReason: 'lookAlike',
    displayName: null,
    email: null,
  }),
  account({
    sourceId: '4',
    userId: 4,
    outcome: 'matched',
    username: 'ola',
    email: 'ola@example.com',
    state: 'active',
  }),
  account({
    sourceId: '5',
    userId: 5,
    username: 'dawny',
    state: 'removed',
    mappedTo: { id: 9, username: 'anna' },
  }),
];

const renderList = () =>
  render(
    <ChakraProvider value={appSystem()}>
      <ImportAccountsList jobId={7} accounts={ACCOUNTS} />
    </ChakraProvider>,
  );

const rowOf = (username: string) => screen.getByText(username).closest('tr')!;

afterEach(() => vi.unstubAllGlobals());

describe('ImportAccountsList', () => {
  it('lists every account with its username, display name, e-mail, state and what happened to it', () => {
    renderList();
    const table = screen.getByRole('table', { name: 'Konta autorów z importu' });
    expect(within(table).getAllByRole('row')).toHaveLength(1 + ACCOUNTS.length);
    expect(within(rowOf('wpuser')).getByText('WP User')).toBeTruthy();
    expect(within(rowOf('wpuser')).getByText('wpuser@evil.example')).toBeTruthy();
    expect(within(rowOf('wpuser')).getByText('Nieaktywne')).toBeTruthy();
    expect(within(rowOf('ghost-l')).getByText('W blogu źródłowym zablokowane lub nieaktywne.')).toBeTruthy();
    expect(
      within(rowOf('\u0430dmin-2')).getByText(
        'Nazwa „\u0430dmin” jest zbyt podobna do istniejącej, więc konto dostało inną.',
      ),
    ).toBeTruthy();
    expect(within(rowOf('ola')).getByText(/Istniejące konto z tym samym adresem e-mail/)).toBeTruthy();
    expect(within(rowOf('dawny')).getByText('Przypisane do konta „anna”, wpisy przeniesione.')).toBeTruthy();
    // Only new, still inactive accounts can be activated or mapped here.
    expect(within(rowOf('wpuser')).getByRole('button', { name: 'Aktywuj' })).toBeTruthy();
    expect(within(rowOf('ola')).queryByRole('button')).toBeNull();
    expect(within(rowOf('dawny')).queryByRole('button')).toBeNull();
  });

  it('asks before activating an account its old blog had locked, saying so, and sends nothing until then', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderList();
    fireEvent.click(within(rowOf('ghost-l')).getByRole('button', { name: 'Aktywuj' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(/było w blogu źródłowym zablokowane lub nieaktywne/)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Aktywuj mimo to' })).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });
});
