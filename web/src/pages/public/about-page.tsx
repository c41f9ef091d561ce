import { PUBLIC_PAGES } from '@blog/shared/addresses';
import { Button, Container, Heading, HStack, Skeleton, SkeletonText, Stack, Text } from '@chakra-ui/react';
import { ArrowRight, Briefcase } from 'lucide-react';
import { Link as RouterLink } from 'react-router';
import { useSiteSettings } from '../../api/site-settings.ts';
import { ServerHtml } from '../../components/server-html.tsx';
import { SITE_SETTINGS_DEFAULTS } from '@blog/shared/rules';
import { PROFESSIONAL_PROFILE_URL } from '../../lib/site.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

function DefaultAboutText() {
  // The server's default, from the one shared source (a constant of ours, not people's text).
  return <ServerHtml html={SITE_SETTINGS_DEFAULTS.aboutPageContent} />;
}

export function AboutPage() {
  useDocumentTitle('O Blogu');
  const { settings } = useSiteSettings();
  const content = settings?.aboutPageContent?.trim();

  return (
    <Container maxW="3xl" py={{ base: '10', md: '16' }}>
      <Stack gap="8">
        <Heading as="h1" fontSize={{ base: '3xl', md: '5xl' }} letterSpacing="-0.03em" fontWeight="extrabold">
          O Blogu
        </Heading>
        {!settings ? (
          <Stack gap="4" aria-busy="true">
            <Skeleton height="5" width="80%" />
            <SkeletonText noOfLines={6} gap="3" />
          </Stack>
        ) : content ? (
          <ServerHtml html={content} />
        ) : (
          <DefaultAboutText />
        )}
        <Text color="fg.muted">Chcesz poczytać więcej albo poznać autora?</Text>
        <HStack gap="3" flexWrap="wrap">
          <Button asChild colorPalette="brand">
            <RouterLink to={PUBLIC_PAGES.posts}>
              Przeczytaj artykuły
              <ArrowRight aria-hidden="true" />
            </RouterLink>
          </Button>
          <Button asChild variant="outline">
            <a href={PROFESSIONAL_PROFILE_URL} target="_blank" rel="noopener noreferrer">
              <Briefcase aria-hidden="true" />
              Profil zawodowy
            </a>
          </Button>
        </HStack>
      </Stack>
    </Container>
  );
}
