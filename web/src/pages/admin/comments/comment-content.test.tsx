import { ChakraProvider } from '@chakra-ui/react';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { appSystem } from '../../../theme/system.ts';
import { CommentContent, isLongComment } from './comment-content.tsx';

const renderContent = (content: string) =>
  render(
    <ChakraProvider value={appSystem()}>
      <CommentContent content={content} author="Ala" />
    </ChakraProvider>,
  );

describe('CommentContent', () => {
  it('offers no button for a short comment', () => {
    expect(isLongComment('Krótko.')).toBe(false);
    renderContent('Krótko.');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('expands and collapses a long comment', () => {
    const long = 'Bardzo długi komentarz. '.repeat(20);
    expect(isLongComment('a\nb\nc\nd')).toBe(true);
    renderContent(long);
    const button = screen.getByRole('button', { name: 'Pokaż całość: komentarz autora Ala' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(button);
    const collapse = screen.getByRole('button', { name: 'Zwiń: komentarz autora Ala' });
    expect(collapse.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText(long.trim(), { exact: false }).id).toBe(collapse.getAttribute('aria-controls'));
  });
});
