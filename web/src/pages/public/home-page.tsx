import { PUBLIC_PAGES } from '@blog/shared/addresses';
import { Skeleton, Stack, Text } from '@chakra-ui/react';
import { ArrowRight, ExternalLink, Mail } from 'lucide-react';
import { Link as RouterLink } from 'react-router';
import { usePostList } from '../../api/posts.ts';
import { useSiteSettings } from '../../api/site-settings.ts';
import { HydrationSlice } from '../../components/hydration-slice.tsx';
import { LoadError } from '../../components/load-error.tsx';
import { PostGrid } from '../../components/post-grid.tsx';
import { BLOG_NAME, HOME_POSTS_COUNT } from '../../lib/site.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/** The blog's name, its description and the ways in (styled by theme/public-static.css: it is on every `/`). */
function Hero() {
  const { settings } = useSiteSettings();
  return (
    <section className="home-hero" aria-labelledby="hero-title">
      <div className="site-container home-hero__container">
        <div className="home-hero__stack">
          {settings ? (
            <a
              className="site-link home-hero__outside"
              href={settings.titleLink}
              target="_blank"
              rel="noopener noreferrer"
            >
              Nie klikaj tu!
              <ExternalLink size={14} aria-hidden="true" />
            </a>
          ) : (
            <Skeleton height="8" width="36" borderRadius="full" />
          )}
          <h1 id="hero-title" className="home-hero__title">
            {BLOG_NAME}
          </h1>
          {settings ? (
            <p className="home-hero__lead">{settings.blogDescription}</p>
          ) : (
            <Stack gap="2" width="100%" maxW="2xl" align="center">
              <Skeleton height="5" width="100%" />
              <Skeleton height="5" width="70%" />
            </Stack>
          )}
          <div className="home-hero__actions">
            <RouterLink
              className="site-button site-button--lg site-button--solid palette-brand"
              type="button"
              to={PUBLIC_PAGES.posts}
            >
              Przeglądaj artykuły
              <ArrowRight aria-hidden="true" />
            </RouterLink>
            <RouterLink
              className="site-button site-button--lg site-button--outline"
              type="button"
              to={PUBLIC_PAGES.contact}
            >
              <Mail aria-hidden="true" />
              Kontakt
            </RouterLink>
          </div>
        </div>
      </div>
    </section>
  );
}

function LatestPosts() {
  const { data, error, reload } = usePostList({ page: 1, limit: HOME_POSTS_COUNT });
  const posts = data?.posts;

  return (
    <section className="site-container home-latest" aria-labelledby="latest-title">
      <div className="home-latest__stack">
        <h2 id="latest-title" className="home-latest__title">
          Najnowsze artykuły
        </h2>
        {error && !data ? (
          <LoadError title="Nie udało się pobrać artykułów" error={error} onRetry={reload} />
        ) : posts && posts.length === 0 ? (
          <Text color="fg.muted" textAlign="center" py="10">
            Brak artykułów do wyświetlenia
          </Text>
        ) : (
          <PostGrid posts={posts?.slice(0, HOME_POSTS_COUNT)} skeletons={HOME_POSTS_COUNT} excerptLines={2} />
        )}
        <div className="home-latest__more">
          <RouterLink
            className="site-button site-button--outline palette-brand"
            type="button"
            to={PUBLIC_PAGES.posts}
          >
            Zobacz wszystkie artykuły
            <ArrowRight aria-hidden="true" />
          </RouterLink>
        </div>
      </div>
    </section>
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
