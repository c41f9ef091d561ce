/**
 * Deterministic Polish-looking text for the benchmark data set. Diacritics matter: they change
 * which trigrams the search index holds, so plain ASCII filler would make search look faster
 * (or slower) than it is on real posts.
 */

/** A small seeded PRNG (mulberry32): the same seed gives the same data set on every run. */
export function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type Random = () => number;

export const randomInt = (random: Random, min: number, max: number) =>
  min + Math.floor(random() * (max - min + 1));

export const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)];

const VOCABULARY = `
uwaga telefon powiadomienie skupienie zespół spotkanie kalendarz zadanie projekt termin budżet
klient sprzedaż strategia rynek konkurencja firma pracownik kierownik decyzja problem rozwiązanie
pomysł narzędzie aplikacja ekran wiadomość skrzynka odpowiedź pytanie rozmowa przerwa poranek
wieczór tydzień miesiąc rok dzień godzina minuta chwila nawyk rutyna cel wynik postęp błąd
porażka sukces nagroda motywacja energia zmęczenie stres spokój cisza hałas biuro dom kawa
herbata książka notatka lista plan raport prezentacja umowa faktura zamówienie dostawa magazyn
jakość koszt zysk strata inwestycja ryzyko szansa zmiana przyszłość przeszłość teraźniejszość
człowiek ludzie współpracownik przyjaciel rodzina dziecko szef właściciel użytkownik czytelnik
dane informacja wiedza doświadczenie umiejętność nauka szkolenie kurs mistrz uczeń przykład
algorytm sztuczna inteligencja chmura serwer sieć bezpieczeństwo hasło konto przeglądarka
smartfon zegarek słuchawki klawiatura myszka monitor laptop bateria ładowarka aktualizacja
produktywność efektywność wydajność koncentracja rozproszenie chaos porządek bałagan system
proces procedura reguła zasada wyjątek granica przestrzeń czas miejsce droga podróż miasto
szybko wolno często rzadko zawsze nigdy czasem zwykle właściwie naprawdę niestety oczywiście
jednak również dlatego ponieważ chociaż jeżeli kiedy gdzie dlaczego jak ile wiele mało bardzo
dobry zły nowy stary ważny pilny trudny łatwy prosty skomplikowany duży mały długi krótki
szczęśliwy zmęczony spokojny nerwowy cyfrowy analogowy zdalny hybrydowy codzienny tygodniowy
pracować myśleć czytać pisać słuchać mówić odpowiadać sprawdzać planować decydować zmieniać
zaczynać kończyć odkładać przerywać wracać szukać znajdować tracić zyskiwać uczyć rozumieć
pamiętać zapominać próbować udawać działać odpoczywać spać jeść pić biegać chodzić jechać
żółty źródło żaba żołądek źrebię ćwiczenie ścieżka łąka gęś jeż mąż wąż rączka ręka głowa
serce płuca oddech światło ciemność słońce deszcz śnieg wiatr jesień zima wiosna lato
pieniądze złotówka grosz bank kredyt oszczędność podatek księgowość urząd formularz wniosek
zaufanie odwaga lęk ciekawość radość smutek złość wdzięczność cierpliwość pośpiech
`
  .trim()
  .split(/\s+/);

const FILLERS = ['i', 'a', 'w', 'z', 'na', 'do', 'o', 'że', 'się', 'nie', 'to', 'jest', 'był', 'przy', 'po'];

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Words, some of them short function words, so sentences read roughly like prose. */
function words(random: Random, count: number): string[] {
  const result: string[] = [];
  for (let i = 0; i < count; i += 1)
    result.push(random() < 0.3 ? pick(random, FILLERS) : pick(random, VOCABULARY));
  return result;
}

export function sentence(random: Random, minWords = 6, maxWords = 16): string {
  return `${capitalise(words(random, randomInt(random, minWords, maxWords)).join(' '))}.`;
}

export function title(random: Random): string {
  return capitalise(words(random, randomInt(random, 4, 8)).join(' '));
}

/** ASCII slug of a Polish title; `suffix` keeps it unique. */
export function slugify(text: string, suffix: string | number): string {
  const ascii = text
    .toLowerCase()
    .replace(/ł/g, 'l')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `${ascii}-${suffix}`;
}

export function excerpt(random: Random): string {
  return [sentence(random, 10, 18), sentence(random, 8, 14)].join(' ');
}

/**
 * Sanitized-looking post HTML of about `wordCount` words: paragraphs, some headings, bold and
 * lists, as the editor produces. `plantedWord`, when given, appears once in the body.
 */
export function postHtml(random: Random, wordCount: number, plantedWord?: string): string {
  const blocks: string[] = [];
  let written = 0;
  let plantAt = plantedWord ? randomInt(random, 0, Math.max(0, wordCount - 20)) : -1;
  while (written < wordCount) {
    const roll = random();
    if (roll < 0.08 && blocks.length > 0) {
      blocks.push(`<h2>${title(random)}</h2>`);
      continue;
    }
    if (roll < 0.13) {
      const items = Array.from(
        { length: randomInt(random, 2, 4) },
        () => `<li>${sentence(random, 4, 9)}</li>`,
      );
      blocks.push(`<ul>${items.join('')}</ul>`);
      written += items.length * 6;
      continue;
    }
    const sentences = Array.from({ length: randomInt(random, 3, 6) }, () => sentence(random));
    let paragraph = sentences.join(' ');
    const paragraphWords = paragraph.split(' ').length;
    if (plantAt >= 0 && plantAt < written + paragraphWords) {
      paragraph = `${paragraph} Tu pojawia się ${plantedWord}, o której mało kto słyszał.`;
      plantAt = -1;
    }
    if (random() < 0.3) paragraph = paragraph.replace(/^(\S+ \S+)/, '<strong>$1</strong>');
    blocks.push(`<p>${paragraph}</p>`);
    written += paragraphWords;
  }
  return blocks.join('\n');
}

export const AUTHOR_NAMES = [
  'Anna Kowalska',
  'Piotr Wiśniewski',
  'Małgorzata Wójcik',
  'Krzysztof Kamiński',
  'Agnieszka Lewandowska',
  'Tomasz Zieliński',
  'Joanna Szymańska',
  'Łukasz Woźniak',
];

export const CATEGORY_NAMES = [
  'Technologia',
  'Produktywność',
  'Biznes',
  'Uważność',
  'Praca zdalna',
  'Finanse osobiste',
  'Zdrowie cyfrowe',
  'Zarządzanie zespołem',
  'Archiwum redakcji',
  'Szkice i notatki',
];

/** The last two categories are hidden, so their posts test the visibility rule. */
export const HIDDEN_CATEGORY_COUNT = 2;

export const TAG_NAMES = [
  'smartfon',
  'powiadomienia',
  'skupienie',
  'kalendarz',
  'spotkania',
  'e-mail',
  'nawyki',
  'sen',
  'stres',
  'zespół',
  'przywództwo',
  'budżet',
  'oszczędzanie',
  'automatyzacja',
  'sztuczna inteligencja',
  'bezpieczeństwo',
  'hasła',
  'prywatność',
  'media społecznościowe',
  'czytanie',
  'notatki',
  'planowanie',
  'priorytety',
  'odpoczynek',
  'praca hybrydowa',
  'komunikacja',
  'wypalenie',
  'motywacja',
  'narzędzia',
  'ćwiczenia',
];

export const COMMENTER_NAMES = ['Magda', 'Tomasz K.', 'Ola', 'Bartek', 'Zuzanna', 'Michał', 'Ewa', 'Jędrzej'];
