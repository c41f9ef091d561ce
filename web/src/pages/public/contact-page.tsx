import {
  Box,
  Button,
  Card,
  Container,
  Heading,
  HStack,
  Link,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react';
import { Briefcase, Coffee, Copy, Lightbulb, Mail } from 'lucide-react';
import type { ReactNode } from 'react';
import { EmailCanvas } from '../../components/email-canvas.tsx';
import { contactAddress, PROFESSIONAL_PROFILE_URL, TIP_JAR_URL } from '../../lib/site.ts';
import { showConfirmation, showError } from '../../lib/toast.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { LazyContactForm, preloadContactForm } from './lazy-forms.tsx';

/** The form the server draws on this page loads with the page's code (routes.tsx). */
export const preloadParts = preloadContactForm;

function InfoCard({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Card.Root variant="outline" borderRadius="xl">
      <Card.Body gap="3" p="5">
        <HStack gap="3">
          <Box color="brand.fg" bg="brand.subtle" p="2" borderRadius="lg" aria-hidden="true">
            {icon}
          </Box>
          <Heading as="h2" fontSize="md">
            {title}
          </Heading>
        </HStack>
        {children}
      </Card.Body>
    </Card.Root>
  );
}

async function copyAddress() {
  try {
    await navigator.clipboard.writeText(contactAddress());
    showConfirmation('Skopiowano adres e-mail');
  } catch {
    showError('Nie udało się skopiować adresu', 'Przepisz adres z obrazka.');
  }
}

export function ContactPage() {
  useDocumentTitle('Kontakt');
  return (
    <Container maxW="6xl" py={{ base: '10', md: '14' }}>
      <Stack gap={{ base: '8', md: '10' }}>
        <Stack gap="3" maxW="2xl">
          <Heading as="h1" fontSize={{ base: '3xl', md: '4xl' }} letterSpacing="-0.03em">
            Kontakt
          </Heading>
          <Text fontSize="lg" color="fg.muted">
            Masz pytanie, pomysł na tekst albo chcesz po prostu pogadać o chaosie w technologii i biznesie?
            Napisz – odpowiadam na każdą wiadomość.
          </Text>
        </Stack>

        <SimpleGrid columns={{ base: 1, lg: 3 }} gap={{ base: '8', lg: '10' }}>
          <Stack gap="4">
            <InfoCard icon={<Mail size={20} />} title="E-mail">
              <EmailCanvas text={contactAddress()} label="E-mail redakcji w formie obrazka" />
              <Button size="xs" variant="outline" alignSelf="flex-start" onClick={() => void copyAddress()}>
                <Copy aria-hidden="true" />
                Kopiuj adres
              </Button>
            </InfoCard>
            <InfoCard icon={<Briefcase size={20} />} title="Sieć zawodowa">
              <Text fontSize="sm" color="fg.muted">
                Współpraca, wystąpienia, konsultacje – zapraszam do kontaktu w serwisie LinkedIn.
              </Text>
              <Link
                href={PROFESSIONAL_PROFILE_URL}
                target="_blank"
                rel="noopener noreferrer"
                color="brand.fg"
              >
                Profil na LinkedIn
              </Link>
            </InfoCard>
            <InfoCard icon={<Lightbulb size={20} />} title="Postaw kawę">
              <Text fontSize="sm" color="fg.muted">
                Tekst pomógł albo rozbawił? Możesz wesprzeć pisanie kolejnych.
              </Text>
              <Button
                asChild
                size="sm"
                colorPalette="orange"
                bg="orange.700"
                _hover={{ bg: 'orange.800' }}
                alignSelf="flex-start"
              >
                <a href={TIP_JAR_URL} target="_blank" rel="noopener noreferrer">
                  <Coffee aria-hidden="true" />
                  Eureka!
                </a>
              </Button>
            </InfoCard>
          </Stack>

          <Box gridColumn={{ lg: 'span 2' }}>
            <Card.Root variant="outline" borderRadius="xl">
              <Card.Body p={{ base: '5', md: '8' }} gap="5">
                <Heading as="h2" fontSize="xl">
                  Napisz wiadomość
                </Heading>
                <LazyContactForm />
              </Card.Body>
            </Card.Root>
          </Box>
        </SimpleGrid>
      </Stack>
    </Container>
  );
}
