import { ARCHIVE_TEXTS } from '@blog/shared/messages';
import { categoryIdOf, tagNameOf } from '@blog/shared/rules';
import { Container, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useCategories } from '../../api/categories.ts';
import { type ArchiveFilter, archivePageQuery, useArchiveList } from '../../api/posts.ts';
import { LoadError } from '../../components/load-error.tsx';
import { PagedPostGrid, useUrlPage } from '../../components/paged-post-grid.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { ContentNotFound } from './content-not-found.tsx';

interface ArchiveListProps {
  filter: ArchiveFilter;
  /** „Kategoria” or „Tag”, above the name. */
  kind: string;
  /** The name, once known (a skeleton of the heading until then). */
  name: ReactNode;
  description?: string;
}

/** A category's or tag's posts: the heading, then the same cards and pagination as the list of all articles. */
function ArchiveList({ filter, kind, name, description }: ArchiveListProps) {
  const [params] = useSearchParams();
  const { page, limit } = archivePageQuery(params);
  const { data, error, isLoading, reload } = useArchiveList(filter, page, limit);
  const isCurrent = data !== undefined && !isLoading;
  const totalPages = data?.totalPages ?? 0;

  const goToPage = useUrlPage({ page, totalPages, isCurrent });

  return (
    <Container maxW="6xl" py={{ base: '10', md: '14' }}>
      <Stack gap={{ base: '6', md: '8' }}>
        <Stack gap="2">
          <Text color="brand.fg" fontWeight="semibold" textTransform="uppercase" fontSize="sm">
            {kind}
          </Text>
          <Heading as="h1" fontSize={{ base: '3xl', md: '4xl' }} letterSpacing="-0.03em">
            {name}
          </Heading>
          {description && <Text color="fg.muted">{description}</Text>}
          {data && data.total > 0 && (
            <Text color="fg.muted" aria-live="polite">
              {`Artykułów: ${data.total}`}
            </Text>
          )}
        </Stack>

        {error ? (
          <LoadError title="Nie udało się pobrać artykułów" error={error} onRetry={reload} />
        ) : data && data.posts.length === 0 && isCurrent ? (
          <Text fontSize="lg" color="fg.muted" textAlign="center" py="16">
            Brak artykułów do wyświetlenia
          </Text>
        ) : (
          <PagedPostGrid data={data} page={page} isCurrent={isCurrent} onPageChange={goToPage} />
        )}
      </Stack>
    </Container>
  );
}

/** `/kategoria/:slug`: the posts of one visible category; a hidden or unknown one is not found. */
export function CategoryPage() {
  const { slug = '' } = useParams<{ slug: string }>();
  const id = categoryIdOf(slug);
  const { categories, error } = useCategories();
  // Staff get hidden categories from the same call; readers' pages show visible ones only.
  const category = categories?.find((candidate) => candidate.id === id && candidate.enabled);
  const notFound = id === null || (categories !== undefined && !category);
  useDocumentTitle(category ? ARCHIVE_TEXTS.categoryTitle(category.name) : notFound ? null : 'Kategoria');
  if (notFound || id === null)
    return (
      <ContentNotFound
        title="Kategoria nie została znaleziona"
        text="Mogła zostać ukryta albo adres zawiera literówkę."
      />
    );
  if (error && !categories)
    return (
      <Container maxW="6xl" py={{ base: '10', md: '14' }}>
        <LoadError title="Nie udało się pobrać kategorii" error={error} />
      </Container>
    );
  return (
    <ArchiveList
      key={id}
      filter={{ category: id }}
      kind="Kategoria"
      name={category?.name ?? '…'}
      description={category ? ARCHIVE_TEXTS.categoryDescription(category.name) : undefined}
    />
  );
}

/** `/tag/:name`: the posts carrying one tag; a tag no visible post carries is not found. */
export function TagPage() {
  const { name: param = '' } = useParams<{ name: string }>();
  const name = tagNameOf(param);
  const filter = name === null ? null : { tag: name };
  const [params] = useSearchParams();
  const { page, limit } = archivePageQuery(params);
  const { data } = useArchiveList(filter, page, limit);
  const known = data !== undefined && data.total > 0;
  // The tag as its posts spell it (the address may differ in case).
  const spelled =
    data?.posts.flatMap((post) => post.tags).find((tag) => tag.toLowerCase() === name?.toLowerCase()) ??
    name ??
    '';
  const notFound = name === null || (data !== undefined && data.total === 0);
  useDocumentTitle(known ? ARCHIVE_TEXTS.tagTitle(spelled) : notFound ? null : 'Tag');
  if (notFound || !filter)
    return (
      <ContentNotFound
        title="Tag nie został znaleziony"
        text="Żaden artykuł nie ma tego tagu albo adres zawiera literówkę."
      />
    );
  return (
    <ArchiveList
      key={filter.tag.toLowerCase()}
      filter={filter}
      kind="Tag"
      name={`#${spelled}`}
      description={ARCHIVE_TEXTS.tagDescription(spelled)}
    />
  );
}
