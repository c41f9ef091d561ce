import { PUBLIC_PAGES } from '@blog/shared/addresses';
import { Box, Button, Container, Heading, HStack, Link, Skeleton, Stack, Text } from '@chakra-ui/react';
import { ArrowRight, ExternalLink, Mail } from 'lucide-react';
import { Link as RouterLink } from 'react-router';
import { usePostList } from '../../api/posts.ts';
import { useSiteSettings } from '../../api/site-settings.ts';
import { HydrationSlice } from '../../components/hydration-slice.tsx';
import { LoadError } from '../../components/load-error.tsx';
import { PostGrid } from '../../components/post-grid.tsx';
import { BLOG_NAME, HOME_POSTS_COUNT } from '../../lib/site.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

function Hero() {
  const { settings } = useSiteSettings();
  return (
    <Box
      as="section"
      aria-labelledby="hero-title"
      bgGradient="to-b"
      gradientFrom="brand.50"
      gradientTo="bg"
      borderBottomWidth="1px"
      borderColor="border.muted"
    >
      <Container maxW="4xl" py={{ base: '16', md: '24' }} textAlign="center">
        <Stack gap="6" align="center">
          {settings ? (
            <Link
              href={settings.titleLink}
              target="_blank"
              rel="noopener noreferrer"
              fontSize="sm"
              fontWeight="semibold"
              color="orange.700"
              bg="orange.50"
              borderWidth="1px"
              borderColor="orange.200"
              borderRadius="full"
              px="4"
              py="1.5"
              _hover={{ bg: 'orange.100', textDecoration: 'none' }}
            >
              Nie klikaj tu!
              <ExternalLink size={14} aria-hidden="true" />
            </Link>
          ) : (
            <Skeleton height="8" width="36" borderRadius="full" />
          )}
          <Heading
            as="h1"
            id="hero-title"
            fontSize={{ base: '4xl', md: '6xl' }}
            lineHeight="1.05"
            letterSpacing="-0.035em"
            fontWeight="extrabold"
          >
            {BLOG_NAME}
          </Heading>
          {settings ? (
            <Text fontSize={{ base: 'lg', md: 'xl' }} color="fg.muted" maxW="2xl" lineHeight="tall">
              {settings.blogDescription}
            </Text>
          ) : (
            <Stack gap="2" width="100%" maxW="2xl" align="center">
              <Skeleton height="5" width="100%" />
              <Skeleton height="5" width="70%" />
            </Stack>
          )}
          <HStack gap="3" flexWrap="wrap" justify="center" pt="2">
            <Button asChild size="lg" colorPalette="brand">
              <RouterLink to={PUBLIC_PAGES.posts}>
                Przeglądaj artykuły
                <ArrowRight aria-hidden="true" />
              </RouterLink>
            </Button>
            <Button asChild size="lg" variant="outline">
              <RouterLink to={PUBLIC_PAGES.contact}>
                <Mail aria-hidden="true" />
                Kontakt
              </RouterLink>
            </Button>
          </HStack>
        </Stack>
      </Container>
    </Box>
  );
}

function LatestPosts() {
  const { data, error, reload } = usePostList({ page: 1, limit: HOME_POSTS_COUNT });
  const posts = data?.posts;

  return (
    <Container as="section" aria-labelledby="latest-title" maxW="6xl" py={{ base: '12', md: '16' }}>
      <Stack gap="8">
        <Heading as="h2" id="latest-title" fontSize={{ base: '2xl', md: '3xl' }} letterSpacing="-0.02em">
          Najnowsze artykuły
        </Heading>
        {error && !data ? (
          <LoadError title="Nie udało się pobrać artykułów" error={error} onRetry={reload} />
        ) : posts && posts.length === 0 ? (
          <Text color="fg.muted" textAlign="center" py="10">
            Brak artykułów do wyświetlenia
          </Text>
        ) : (
          <PostGrid posts={posts?.slice(0, HOME_POSTS_COUNT)} skeletons={HOME_POSTS_COUNT} excerptLines={2} />
        )}
        <Box textAlign="center">
          <Button asChild variant="outline" colorPalette="brand" size="md">
            <RouterLink to={PUBLIC_PAGES.posts}>
              Zobacz wszystkie artykuły
              <ArrowRight aria-hidden="true" />
            </RouterLink>
          </Button>
        </Box>
      </Stack>
    </Container>
  );
}

export function HomePage() {
  useDocumentTitle(null);
  return (
    <>
      <HydrationSlice>
        <Hero />
      </HydrationSlice>
      <LatestPosts />
    </>
  );
}
