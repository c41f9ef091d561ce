import { ChakraProvider } from '@chakra-ui/react';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { appSystem } from '../../../theme/system.ts';
import { ImportLossesList } from './import-losses-list.tsx';

const renderList = (losses?: Parameters<typeof ImportLossesList>[0]['losses']) =>
  render(
    <ChakraProvider value={appSystem()}>
      <ImportLossesList losses={losses} />
    </ChakraProvider>,
  );

describe('ImportLossesList', () => {
  it('names every post that lost something, with each element, shortcode and card and how many', () => {
    renderList([
      {
        sourceId: '12',
        title: 'Kontakt',
        lost: [
          { kind: 'element', name: 'iframe', count: 2 },
          { kind: 'shortcode', name: 'contact-form-7', count: 1 },
        ],
        words: { source: 40, kept: 40 },
      },
      {
        sourceId: 'g1',
        title: 'Zakładki',
        lost: [{ kind: 'card', name: 'bookmark', count: 3 }],
        words: { source: 100, kept: 95 },
      },
    ]);
    const section = screen.getByRole('region', { name: 'Wpisy przeniesione nie w całości (2)' });
    expect(section).toHaveTextContent('„Kontakt”: Nie przeniesiono: iframe ×2, [contact-form-7] ×1.');
    expect(section).toHaveTextContent(
      '„Zakładki”: Nie przeniesiono: karta bookmark ×3; brakuje 5 z 100 słów.',
    );
  });

  it('lists a post that lost only words', () => {
    renderList([{ sourceId: '7', title: 'Tabela', lost: [], words: { source: 10, kept: 8 } }]);
    expect(screen.getByRole('region', { name: 'Wpisy przeniesione nie w całości (1)' })).toHaveTextContent(
      '„Tabela”: brakuje 2 z 10 słów.',
    );
  });

  it('shows nothing when every post came in whole, or for the report of an older import without the list', () => {
    const { container } = renderList([]);
    expect(container).toBeEmptyDOMElement();
    renderList(undefined);
    expect(screen.queryByText(/przeniesione nie w całości/)).not.toBeInTheDocument();
  });
});
