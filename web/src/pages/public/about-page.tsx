import { Button, Container, Heading, HStack, Skeleton, SkeletonText, Stack, Text } from '@chakra-ui/react';
import { ArrowRight, Briefcase } from 'lucide-react';
import { Link as RouterLink } from 'react-router';
import { useSiteSettings } from '../../api/site-settings.ts';
import { Prose } from '../../components/prose.tsx';
import { ServerHtml } from '../../components/server-html.tsx';
import { PROFESSIONAL_PROFILE_URL } from '../../lib/site.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

function DefaultAboutText() {
  return (
    // The same two paragraphs as the server's default (api/src/modules/settings/site-settings.defaults.ts).
    <Prose>
      <p>
        Ten blog powstał z ciekawości i lekkiej irytacji: o tym, jak technologia kradnie nam uwagę, jak
        produktywność częściej udaje, niż naprawdę istnieje, i jak w biznesie – mimo wszystkich procesów i
        narzędzi – wciąż rządzi chaos.
      </p>
      <p>
        Teksty piszę sam, a przy redakcji korzystam z pomocy sztucznej inteligencji (AI): przy poprawianiu
        języka, skracaniu i porządkowaniu myśli. Za treść i opinie odpowiadam jednak w całości ja.
      </p>
    </Prose>
  );
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
            <RouterLink to="/posts">
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
