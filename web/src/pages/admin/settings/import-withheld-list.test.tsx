import { ChakraProvider } from '@chakra-ui/react';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { appSystem } from '../../../theme/system.ts';
import { ImportWithheldList } from './import-withheld-list.tsx';

const renderList = (withheld?: Parameters<typeof ImportWithheldList>[0]['withheld']) =>
  render(
    <ChakraProvider value={appSystem()}>
      <ImportWithheldList withheld={withheld} />
    </ChakraProvider>,
  );

describe('ImportWithheldList', () => {
  it('names every imported post readers cannot see, with its reason', () => {
    renderList([
      {
        sourceId: '101',
        title: 'Tylko dla przyjaciół',
        reason: 'Wpis chroniony hasłem w WordPressie — zaimportowany jako szkic',
      },
      {
        sourceId: 'g1',
        title: 'Dla członków',
        reason: 'Wpis tylko dla członków w Ghoście — zaimportowany jako szkic',
      },
    ]);
    const section = screen.getByRole('region', { name: 'Niewidoczne dla czytelników (2)' });
    expect(section).toHaveTextContent(
      '„Tylko dla przyjaciół”: Wpis chroniony hasłem w WordPressie — zaimportowany jako szkic',
    );
    expect(section).toHaveTextContent(
      '„Dla członków”: Wpis tylko dla członków w Ghoście — zaimportowany jako szkic',
    );
  });

  it('shows nothing when every post is public, or for the report of an older import without the list', () => {
    const { container } = renderList([]);
    expect(container).toBeEmptyDOMElement();
    renderList(undefined);
    expect(screen.queryByText(/Niewidoczne dla czytelników/)).not.toBeInTheDocument();
  });
});
