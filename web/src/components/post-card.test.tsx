import type { PostSummary } from '@blog/shared';
import { ChakraProvider } from '@chakra-ui/react';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { appSystem } from '../theme/system.ts';
import { PostCard } from './post-card.tsx';

const post: PostSummary = {
  id: 1,
  title: 'Jak powiadomienia zjadają nam dzień',
  slug: 'jak-powiadomienia-zjadaja-nam-dzien',
  excerpt: null,
  imageUrl: null,
  createdAt: new Date(2025, 2, 5, 12).toISOString(),
  updatedAt: new Date(2025, 2, 5, 12).toISOString(),
  readingTimeMinutes: 4,
  author: null,
  categories: [{ id: 3, name: 'Technologia' }],
  tags: [],
};

function renderCard(overrides: Partial<PostSummary> = {}) {
  return render(
    <ChakraProvider value={appSystem()}>
      <MemoryRouter>
        <PostCard post={{ ...post, ...overrides }} />
      </MemoryRouter>
    </ChakraProvider>,
  );
}

describe('PostCard', () => {
  it('shows the „Brak Grafiki” placeholder when the post has no image', () => {
    renderCard();
    expect(screen.getByRole('img', { name: 'Brak Grafiki' })).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: post.title })).not.toBeInTheDocument();
  });

  it('links the title to the article and shows categories, author fallback, date and empty-excerpt text', () => {
    renderCard();
    expect(screen.getByRole('link', { name: post.title })).toHaveAttribute('href', `/post/${post.slug}`);
    expect(screen.getByText('Technologia')).toBeInTheDocument();
    expect(screen.getByText('Redakcja')).toBeInTheDocument();
    expect(screen.getByText('05 marca 2025')).toBeInTheDocument();
    expect(screen.getByText('Kliknij, aby przeczytać więcej...')).toBeInTheDocument();
  });

  it('shows the image, served from /api/images for uploads', () => {
    renderCard({ imageUrl: '/uploads/cover.webp', excerpt: 'Krótko o rozproszeniu.' });
    expect(screen.getByRole('img', { name: post.title })).toHaveAttribute('src', '/api/images/cover.webp');
    expect(screen.queryByText('Brak Grafiki')).not.toBeInTheDocument();
    expect(screen.getByText('Krótko o rozproszeniu.')).toBeInTheDocument();
  });

  it("shows a search result's matching fragment with the matched words marked, markup as text", () => {
    const { container } = renderCard({
      excerpt: 'Zajawka, której wynik nie pokazuje.',
      searchFragment: [
        { text: '… o ', mark: false },
        { text: 'pracy', mark: true },
        { text: ' i <b>znacznikach</b> <img src=x onerror=alert(1)>', mark: false },
      ],
    });
    const fragment = screen.getByTestId('search-fragment');
    expect(fragment).toHaveTextContent('… o pracy i <b>znacznikach</b> <img src=x onerror=alert(1)>');
    expect([...fragment.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['pracy']);
    expect(container.querySelector('b, img[src="x"]')).toBeNull();
    expect(screen.queryByText('Zajawka, której wynik nie pokazuje.')).not.toBeInTheDocument();
  });
});
