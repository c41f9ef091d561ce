import { maxLengthOf, postListQueryForm } from '@blog/shared/rules';
import {
  Button,
  chakra,
  CloseButton,
  Container,
  Heading,
  Input,
  InputGroup,
  Stack,
  Text,
} from '@chakra-ui/react';
import { Search } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { postsPageQuery, usePostList } from '../../api/posts.ts';
import { LoadError } from '../../components/load-error.tsx';
import { PagedPostGrid, useUrlPage } from '../../components/paged-post-grid.tsx';
import { useTypedBeforeTheApp } from '../../lib/typed-before-the-app.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useSearchBoxText } from '../../lib/use-search-box-text.ts';

/** The search box takes what the API accepts (`q` of GET /posts). */
const SEARCH_MAX_LENGTH = maxLengthOf(postListQueryForm, 'q');
import '../../theme/more-recipes.ts';

const SEARCH_DEBOUNCE_MS = 300;

/**
 * All articles, searched and paged on the server. Page and search text live in the URL (?q=&page=), so a
 * result can be shared and the back button walks through pages.
 */
export function PostsPage() {
  useDocumentTitle('Wszystkie artykuły');
  const [params, setParams] = useSearchParams();
  const { page, limit, q: query } = postsPageQuery(params);

  const { text: searchText, setText: setSearchText, sent } = useSearchBoxText(query);
  const debounceTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // A pending search update belongs to the list as it is now: any navigation (back/forward, another page
  // of results, leaving the list) drops it, as does leaving the screen. The box's own updates of the
  // current typing are not such navigations, whenever they are drawn: a slow phone draws them while the
  // reader types on, and the letters typed since must still be searched. The box marks its entries
  // (history state) with the moment of the update; the typing began after the last other navigation.
  const typingSince = useRef(0);
  const { key: locationKey, pathname: listPath, state: locationState } = useLocation();
  const fromBox = (locationState as { searchBox?: number } | null)?.searchBox;
  useEffect(() => {
    if (fromBox !== undefined && fromBox >= typingSince.current) return;
    clearTimeout(debounceTimer.current);
    typingSince.current = Date.now();
  }, [locationKey, fromBox]);
  useEffect(() => () => clearTimeout(debounceTimer.current), []);

  function applySearch(text: string) {
    clearTimeout(debounceTimer.current);
    // The reader has left while the update waited: the list stays on screen until the next page's code
    // has arrived (a transition), and an update now would send them back to it.
    if (window.location.pathname !== listPath) return;
    const next = text.trim();
    // The address as it is now (this may run from a timer set renders ago).
    if (next !== (new URLSearchParams(window.location.search).get('q')?.trim() ?? '')) sent(next);
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === (current.get('q')?.trim() ?? '')) return current;
        if (next) updated.set('q', next);
        else updated.delete('q');
        // A new search starts at its first page.
        updated.delete('page');
        return updated;
      },
      // Typing is not navigation: it replaces the entry instead of filling the history.
      { replace: true, state: { searchBox: Date.now() } },
    );
  }

  function onSearchChange(text: string) {
    setSearchText(text);
    clearTimeout(debounceTimer.current);
    debounceTimer.current = setTimeout(() => applySearch(text), SEARCH_DEBOUNCE_MS);
  }

  function clearSearch() {
    setSearchText('');
    applySearch('');
  }

  // Text typed before the app took the page over (the box is usable from the first paint): searched now.
  const searchBox = useRef<HTMLInputElement>(null);
  useTypedBeforeTheApp(searchBox, searchText, (typed) => {
    setSearchText(typed);
    applySearch(typed);
  });

  const { data, error, isLoading, reload } = usePostList({ page, limit, q: query });
  // keepPreviousData keeps the last result on screen while the next one loads (isLoading = no data yet for
  // the current page and search).
  const isCurrent = data !== undefined && !isLoading;
  const totalPages = data?.totalPages ?? 0;

  const goToPage = useUrlPage({ page, totalPages, isCurrent });

  return (
    <Container maxW="6xl" py={{ base: '10', md: '14' }}>
      <Stack gap={{ base: '6', md: '8' }}>
        <Stack
          gap="5"
          direction={{ base: 'column', md: 'row' }}
          justify="space-between"
          align={{ md: 'end' }}
        >
          <Stack gap="2">
            <Heading as="h1" fontSize={{ base: '3xl', md: '4xl' }} letterSpacing="-0.03em">
              Wszystkie artykuły
            </Heading>
            {data && data.total > 0 && (
              <Text color="fg.muted" aria-live="polite">
                {query ? `Wyniki wyszukiwania: ${data.total}` : `Artykułów: ${data.total}`}
              </Text>
            )}
          </Stack>
          {/* A plain GET form: Enter before the app's code has arrived asks the server for the results. */}
          <chakra.form
            width={{ base: '100%', md: 'sm' }}
            role="search"
            method="get"
            action={listPath}
            onSubmit={(event) => {
              event.preventDefault();
              applySearch(searchText);
            }}
          >
            <InputGroup
              startElement={<Search size={18} aria-hidden="true" />}
              endElement={
                searchText ? (
                  <CloseButton
                    type="button"
                    size="xs"
                    aria-label="Wyczyść pole wyszukiwania"
                    onClick={clearSearch}
                    me="-2"
                  />
                ) : undefined
              }
            >
              <Input
                ref={searchBox}
                type="search"
                name="q"
                aria-label="Szukaj artykułów"
                placeholder="Szukaj artykułów..."
                maxLength={SEARCH_MAX_LENGTH}
                value={searchText}
                onChange={(event) => onSearchChange(event.target.value)}
                size="lg"
                borderRadius="lg"
                bg="bg"
              />
            </InputGroup>
          </chakra.form>
        </Stack>

        {error ? (
          <LoadError title="Nie udało się pobrać artykułów" error={error} onRetry={reload} />
        ) : data && data.posts.length === 0 && isCurrent ? (
          <Stack align="center" gap="4" py="16" textAlign="center">
            {query ? (
              <>
                <Text fontSize="lg" color="fg.muted">
                  Nie znaleziono artykułów odpowiadających wyszukiwaniu
                </Text>
                <Button variant="outline" colorPalette="brand" onClick={clearSearch}>
                  Wyczyść wyszukiwanie
                </Button>
              </>
            ) : (
              <Text fontSize="lg" color="fg.muted">
                Brak artykułów do wyświetlenia
              </Text>
            )}
          </Stack>
        ) : (
          <PagedPostGrid data={data} page={page} isCurrent={isCurrent} onPageChange={goToPage} />
        )}
      </Stack>
    </Container>
  );
}
