import { PUBLIC_PAGES } from '@blog/shared/addresses';
import { Container, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { Prose } from '../../components/prose.tsx';
import { formatDate } from '../../lib/dates.ts';
import { BLOG_NAME } from '../../lib/site.ts';
import { useToday } from '../../lib/today.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/** Static cookie policy; its last update shows the current date. */
export function CookiesPage() {
  useDocumentTitle('Polityka cookies');
  const today = useToday();
  return (
    <Container maxW="3xl" py={{ base: '10', md: '16' }}>
      <Stack gap="6">
        <Stack gap="2">
          <Heading as="h1" fontSize={{ base: '3xl', md: '4xl' }} letterSpacing="-0.03em">
            Polityka cookies
          </Heading>
          <Text color="fg.muted" fontSize="sm">
            Ostatnia aktualizacja: {formatDate(today)}
          </Text>
        </Stack>
        <Prose fontFamily="body" fontSize="md">
          <h2>Czym są pliki cookies?</h2>
          <p>
            Pliki cookies („ciasteczka”) to małe pliki tekstowe zapisywane przez przeglądarkę na Twoim
            urządzeniu. Pozwalają stronie zapamiętać pewne informacje między kolejnymi odsłonami, na przykład
            to, że jesteś zalogowany.
          </p>

          <h2>Jakich cookies używa {BLOG_NAME}?</h2>
          <p>Używamy wyłącznie pliku niezbędnego do działania serwisu:</p>
          <ul>
            <li>
              <strong>Cookie sesji</strong> – ustawiane po zalogowaniu do panelu administracyjnego oraz przy
              pierwszym wysłaniu formularza (komentarza lub wiadomości). Utrzymuje zalogowanie i chroni
              formularze przed podszywaniem się pod Ciebie przez inne strony (ataki CSRF). Jest niedostępne
              dla skryptów na stronie (HttpOnly) i wygasa wraz z sesją.
            </li>
          </ul>
          <p>
            Nie używamy cookies reklamowych ani śledzących, nie korzystamy z narzędzi analitycznych firm
            trzecich i nie przekazujemy nikomu informacji o Twoich odwiedzinach.
          </p>

          <h2>Pamięć przeglądarki</h2>
          <p>
            Na czas jednej karty przeglądarki zapamiętujemy jedynie krótkie powiadomienie do wyświetlenia po
            przeładowaniu strony (np. potwierdzenie wylogowania). Znika ono po zamknięciu karty.
          </p>

          <h2>Linki zewnętrzne</h2>
          <p>
            Strona zawiera odnośniki do innych serwisów (np. profili społecznościowych). Po przejściu na nie
            obowiązują zasady prywatności tych serwisów.
          </p>

          <h2>Jak zarządzać cookies?</h2>
          <p>
            Możesz w każdej chwili usunąć lub zablokować pliki cookies w ustawieniach swojej przeglądarki.
            Zablokowanie cookies niezbędnych nie wpływa na czytanie bloga, ale uniemożliwi zalogowanie do
            panelu administracyjnego.
          </p>

          <h2>Kontakt</h2>
          <p>
            Pytania dotyczące tej polityki możesz przesłać przez{' '}
            <Link asChild>
              <RouterLink to={PUBLIC_PAGES.contact}>formularz kontaktowy</RouterLink>
            </Link>
            .
          </p>
        </Prose>
      </Stack>
    </Container>
  );
}
