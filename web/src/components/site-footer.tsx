import { PUBLIC_PAGES } from '@blog/shared/addresses';
import { Box, Container, Flex, Heading, HStack, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Share2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useSiteSettings } from '../api/site-settings.ts';
import { BLOG_NAME, DEFAULT_BLOG_DESCRIPTION, SOCIAL_PROFILE_URL } from '../lib/site.ts';
import { useToday } from '../lib/today.ts';
import { BrandMark } from './brand-mark.tsx';
import { MAIN_NAV } from './nav-links.ts';

function FooterLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link asChild color="fg.muted" _hover={{ color: 'brand.fg' }}>
      <RouterLink to={to}>{children}</RouterLink>
    </Link>
  );
}

/** Three columns (brand, „Szybkie linki”, „Informacje prawne”) and the copyright line. */
export function SiteFooter() {
  const { settings } = useSiteSettings();
  const year = useToday().slice(0, 4);

  return (
    <Box as="footer" borderTopWidth="1px" borderColor="border.muted" bg="bg.subtle" mt="auto">
      <Container maxW="6xl" py={{ base: '10', md: '14' }}>
        <SimpleGrid columns={{ base: 1, md: 3 }} gap={{ base: '8', md: '12' }}>
          <Stack gap="3">
            <HStack gap="2">
              <BrandMark size={7} />
              <Text fontWeight="bold" fontSize="lg" letterSpacing="-0.02em">
                {BLOG_NAME}
              </Text>
            </HStack>
            <Text color="fg.muted" fontSize="sm" lineHeight="tall">
              {settings?.blogDescription ?? DEFAULT_BLOG_DESCRIPTION}
            </Text>
          </Stack>

          <Stack as="nav" aria-labelledby="footer-quick-links" gap="3">
            <Heading
              as="h2"
              id="footer-quick-links"
              fontSize="sm"
              textTransform="uppercase"
              letterSpacing="wider"
            >
              Szybkie linki
            </Heading>
            <Stack as="ul" listStyleType="none" gap="2" fontSize="sm">
              {MAIN_NAV.map((item) => (
                <li key={item.to}>
                  <FooterLink to={item.to}>{item.label}</FooterLink>
                </li>
              ))}
            </Stack>
          </Stack>

          <Stack as="nav" aria-labelledby="footer-legal" gap="3">
            <Heading as="h2" id="footer-legal" fontSize="sm" textTransform="uppercase" letterSpacing="wider">
              Informacje prawne
            </Heading>
            <Stack as="ul" listStyleType="none" gap="2" fontSize="sm">
              <li>
                <FooterLink to={PUBLIC_PAGES.cookies}>Polityka cookies</FooterLink>
              </li>
              <li>
                <FooterLink to={PUBLIC_PAGES.contact}>Kontakt z redakcją</FooterLink>
              </li>
            </Stack>
          </Stack>
        </SimpleGrid>

        <Flex
          mt="10"
          pt="6"
          borderTopWidth="1px"
          borderColor="border.muted"
          direction={{ base: 'column', sm: 'row' }}
          justify="space-between"
          gap="3"
          fontSize="sm"
          color="fg.muted"
        >
          <Text>
            © {year} {BLOG_NAME}. Wszelkie prawa zastrzeżone.
          </Text>
          <HStack gap="4" flexWrap="wrap">
            <FooterLink to={PUBLIC_PAGES.auth}>Projekt i wykonanie</FooterLink>
            <FooterLink to={PUBLIC_PAGES.cookies}>Cookies</FooterLink>
            <Link href={SOCIAL_PROFILE_URL} target="_blank" rel="noopener noreferrer" color="fg.muted">
              <Share2 size={14} aria-hidden="true" />
              Profil społecznościowy
            </Link>
          </HStack>
        </Flex>
      </Container>
    </Box>
  );
}
