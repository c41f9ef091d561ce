import type { ImportAccount } from '@blog/shared';
import { Badge, Box, Button, Dialog, HStack, NativeSelect, Stack, Table, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { errorMessage } from '../../../api/api-error.ts';
import {
  activateImportedAccount,
  mapImportedAccount,
  useStaffAccounts,
} from '../../../api/imported-accounts.ts';
import { AppDialog } from '../../../components/app-dialog.tsx';
import { showError, showSuccess } from '../../../lib/toast.ts';

const STATE: Record<ImportAccount['state'], { label: string; color: string }> = {
  inactive: { label: 'Nieaktywne', color: 'orange' },
  active: { label: 'Aktywne', color: 'green' },
  removed: { label: 'Usunięte', color: 'gray' },
};

/** What the admin should know about an account before doing anything with it, one line each. */
export function accountNotes(account: ImportAccount): string[] {
  const notes: string[] = [];
  if (account.outcome === 'matched')
    notes.push(
      'Istniejące konto z tym samym adresem e-mail: dostało wpisy autora, jego rola i stan bez zmian.',
    );
  if (account.sourceState === 'inactive') notes.push('W blogu źródłowym zablokowane lub nieaktywne.');
  if (account.renamedFrom)
    notes.push(
      account.renameReason === 'lookAlike'
        ? `Nazwa „${account.renamedFrom}” jest zbyt podobna do istniejącej, więc konto dostało inną.`
        : `Nazwa „${account.renamedFrom}” była zajęta, więc konto dostało inną.`,
    );
  if (account.displayNameFrom)
    notes.push(`Nazwa wyświetlana „${account.displayNameFrom}” jest zbyt podobna do istniejącej.`);
  if (account.mappedTo) notes.push(`Przypisane do konta „${account.mappedTo.username}”, wpisy przeniesione.`);
  return notes;
}

/** Activation; an account its old blog had locked or switched off asks first, saying so. */
function ActivateButton({ jobId, account }: { jobId: number; account: ImportAccount }) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  async function activate() {
    setBusy(true);
    try {
      await activateImportedAccount(jobId, account.userId);
      showSuccess('Konto aktywne', `Konto ${account.username} może się teraz zalogować.`);
      setAsking(false);
    } catch (error) {
      showError('Nie udało się aktywować konta', errorMessage(error));
    } finally {
      setBusy(false);
    }
  }
  const locked = account.sourceState === 'inactive';
  return (
    <>
      <Button
        size="xs"
        variant="outline"
        loading={busy && !asking}
        onClick={() => (locked ? setAsking(true) : void activate())}
      >
        Aktywuj
      </Button>
      <AppDialog
        open={asking}
        onClose={() => setAsking(false)}
        title="Aktywować zablokowane konto?"
        role="alertdialog"
        busy={busy}
      >
        <Dialog.Body>
          <Text>
            Konto <strong>{account.username}</strong> było w blogu źródłowym zablokowane lub nieaktywne. Po
            aktywacji jego właściciel może ustawić hasło linkiem wysłanym na adres {account.email ?? 'konta'}{' '}
            i zalogować się do panelu jako wydawca.
          </Text>
        </Dialog.Body>
        <Dialog.Footer>
          <Button variant="outline" onClick={() => setAsking(false)} disabled={busy}>
            Anuluj
          </Button>
          <Button colorPalette="orange" onClick={() => void activate()} loading={busy}>
            Aktywuj mimo to
          </Button>
        </Dialog.Footer>
      </AppDialog>
    </>
  );
}

/** Mapping to an existing account: its posts move there and the imported account goes. */
function MapButton({
  jobId,
  account,
  exclude,
}: {
  jobId: number;
  account: ImportAccount;
  exclude: number[];
}) {
  const [open, setOpen] = useState(false);
  const [targetId, setTargetId] = useState('');
  const [busy, setBusy] = useState(false);
  const { accounts } = useStaffAccounts(open);
  const choices = (accounts ?? []).filter((user) => !exclude.includes(user.id));
  async function map() {
    setBusy(true);
    try {
      const result = await mapImportedAccount(jobId, account.userId, Number(targetId));
      showSuccess('Konto przypisane', result.message);
      setOpen(false);
    } catch (error) {
      showError('Nie udało się przypisać konta', errorMessage(error));
    } finally {
      setBusy(false);
    }
  }
  return (
    <>
      <Button size="xs" variant="outline" onClick={() => setOpen(true)}>
        Przypisz do konta…
      </Button>
      <AppDialog
        open={open}
        onClose={() => setOpen(false)}
        title="Przypisz do istniejącego konta"
        busy={busy}
      >
        <Dialog.Body>
          <Stack gap="3">
            <Text>
              Wpisy konta <strong>{account.username}</strong> trafią do wybranego konta, a konto z importu
              zostanie usunięte.
            </Text>
            <NativeSelect.Root>
              <NativeSelect.Field
                aria-label="Konto docelowe"
                value={targetId}
                onChange={(event) => setTargetId(event.currentTarget.value)}
              >
                <option value="">Wybierz konto…</option>
                {choices.map((user) => (
                  <option key={user.id} value={user.id}>
                    {user.username}
                    {user.displayName ? ` (${user.displayName})` : ''}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Stack>
        </Dialog.Body>
        <Dialog.Footer>
          <Button variant="outline" onClick={() => setOpen(false)} disabled={busy}>
            Anuluj
          </Button>
          <Button colorPalette="brand" onClick={() => void map()} loading={busy} disabled={!targetId}>
            Przypisz
          </Button>
        </Dialog.Footer>
      </AppDialog>
    </>
  );
}

/**
 * The accounts of one import: every account it created (inactive until activated here or mapped to
 * an existing account) and every author matched to an existing account by e-mail.
 */
export function ImportAccountsList({ jobId, accounts }: { jobId: number; accounts: ImportAccount[] }) {
  if (accounts.length === 0) return null;
  const created = accounts.filter((account) => account.outcome === 'created').map((a) => a.userId);
  return (
    <Box>
      <Text fontWeight="semibold" mb="1">
        Konta autorów ({accounts.length})
      </Text>
      <Text color="fg.muted" fontSize="sm" mb="2">
        Nowe konta są nieaktywne: nikt się na nie nie zaloguje i nie dostanie linku do ustawienia hasła,
        dopóki ich nie aktywujesz albo nie przypiszesz do istniejącego konta.
      </Text>
      <Table.Root size="sm" variant="outline" aria-label="Konta autorów z importu">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Nazwa użytkownika</Table.ColumnHeader>
            <Table.ColumnHeader>Nazwa wyświetlana</Table.ColumnHeader>
            <Table.ColumnHeader>E-mail</Table.ColumnHeader>
            <Table.ColumnHeader>Stan</Table.ColumnHeader>
            <Table.ColumnHeader />
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {accounts.map((account) => (
            <Table.Row key={`${account.outcome}-${account.sourceId}`}>
              <Table.Cell>
                <Text>{account.username}</Text>
                {accountNotes(account).map((note) => (
                  <Text key={note} color="fg.muted" fontSize="xs">
                    {note}
                  </Text>
                ))}
              </Table.Cell>
              <Table.Cell>{account.displayName ?? '—'}</Table.Cell>
              <Table.Cell>{account.email ?? '—'}</Table.Cell>
              <Table.Cell>
                <Badge colorPalette={STATE[account.state].color} variant="subtle">
                  {STATE[account.state].label}
                </Badge>
              </Table.Cell>
              <Table.Cell>
                {account.outcome === 'created' && account.state === 'inactive' && (
                  <HStack gap="2" justify="flex-end">
                    <ActivateButton jobId={jobId} account={account} />
                    <MapButton jobId={jobId} account={account} exclude={created} />
                  </HStack>
                )}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}
