/**
 * The relevance set: Polish posts and the queries a reader types for them (without diacritics,
 * inflected, reordered, with a typo, several words), each with the post that must come first and
 * any others that must be among the first ten. Keys name the posts; `daysAgo` orders equal matches.
 */
export interface RelevancePost {
  key: string;
  title: string;
  excerpt: string;
  text: string;
  daysAgo: number;
}

export interface RelevanceQuery {
  query: string;
  first: string;
  /** Further posts that must be among the first ten. */
  alsoFound?: string[];
}

export const RELEVANCE_POSTS: RelevancePost[] = [
  {
    key: 'deep-work',
    title: 'Głęboka praca w biurze open space',
    excerpt: 'Jak skupić się, gdy wokół bez przerwy ktoś rozmawia.',
    text: 'Głęboka praca wymaga ciszy. W biurze trudno o skupienie, a uwaga ucieka do powiadomień i rozmów.',
    daysAgo: 30,
  },
  {
    key: 'tortoise',
    title: 'Żółw w ogrodzie',
    excerpt: 'Opieka nad żółwiem lądowym przez cały rok.',
    text: 'Żółwie lubią słońce, sałatę i ciepłe kamienie. Zimą śpią w chłodnej piwnicy.',
    daysAgo: 29,
  },
  {
    key: 'kayak',
    title: 'Spływ kajakowy po Wiśle',
    excerpt: 'Trzy dni na wodzie od Krakowa do Sandomierza.',
    text: 'Wisła o świcie jest spokojna. Nad Wisłą słychać ptaki, a namiot rozbijamy na piaszczystej łasze.',
    daysAgo: 28,
  },
  {
    key: 'book-review',
    title: 'Recenzja książki o nawykach',
    excerpt: 'Czy jedna lektura zmieni twoje poranki?',
    text: 'Autor opisuje, jak małe zmiany codziennych czynności składają się na trwałe nawyki.',
    daysAgo: 27,
  },
  {
    key: 'phones',
    title: 'Nowe telefony z Androidem',
    excerpt: 'Porównanie smartfonów do dwóch tysięcy złotych.',
    text: 'Dobry aparat, bateria na dwa dni i szybkie ładowanie: tego szukamy w średniej półce.',
    daysAgo: 26,
  },
  {
    key: 'remote',
    title: 'Zdalnie, z dziećmi w domu',
    excerpt: 'Praca przy kuchennym stole, gdy szkoła jest zamknięta.',
    text: 'Plan dnia, słuchawki i cierpliwość pomagają przetrwać tygodnie nauki i obowiązków.',
    daysAgo: 25,
  },
  {
    key: 'scams',
    title: 'Uwaga na oszustów internetowych',
    excerpt: 'Fałszywe sklepy, wiadomości o dopłatach i podejrzane linki.',
    text: 'Zanim zapłacisz, sprawdź adres strony. Oszuści podszywają się pod banki i firmy kurierskie.',
    daysAgo: 24,
  },
  {
    key: 'python',
    title: 'Programowanie w Pythonie dla początkujących',
    excerpt: 'Pierwsze kroki: zmienne, pętle i funkcje.',
    text: 'Python ma czytelną składnię. Zaczniemy od instalacji interpretera i prostego skryptu.',
    daysAgo: 23,
  },
  {
    key: 'coffee',
    title: 'Kawa parzona metodą przelewową',
    excerpt: 'Drip, chemex i młynek żarnowy w domowej kuchni.',
    text: 'Dobra kawa pomaga w pracy, ale najważniejsza jest świeżo zmielona ziarna i woda w temperaturze 94 stopni.',
    daysAgo: 5,
  },
  {
    key: 'tatra',
    title: 'Zimowe wędrówki po Tatrach',
    excerpt: 'Raki, czekan i prognoza lawinowa przed wyjściem.',
    text: 'W Tatrach zima przychodzi wcześnie. Schroniska pękają w szwach w ferie.',
    daysAgo: 22,
  },
  {
    key: 'balcony',
    title: 'Ogród warzywny na balkonie',
    excerpt: 'Pomidory, zioła i sałata w skrzynkach.',
    text: 'Na słonecznym balkonie zmieści się kilka donic. Podlewaj rano, zanim zrobi się upalnie.',
    daysAgo: 21,
  },
  {
    key: 'bread',
    title: 'Chleb na zakwasie krok po kroku',
    excerpt: 'Mąka żytnia, woda, sól i trochę cierpliwości.',
    text: 'Zakwas dokarmiamy codziennie przez tydzień. Chleb piecze się w garnku żeliwnym.',
    daysAgo: 20,
  },
  {
    key: 'bike',
    title: 'Rowerem dookoła Mazur',
    excerpt: 'Jeziora, lasy i szutrowe drogi na tydzień urlopu.',
    text: 'Trasa prowadzi przez Giżycko i Mikołajki. Nocujemy na polach namiotowych nad jeziorami.',
    daysAgo: 19,
  },
  {
    key: 'budget',
    title: 'Domowy budżet bez arkusza',
    excerpt: 'Koperty, limity i oszczędzanie na cele.',
    text: 'Zapisuj wydatki przez miesiąc. Pieniądze na jedzenie trzymaj w osobnej kopercie.',
    daysAgo: 18,
  },
  {
    key: 'sleep',
    title: 'Sen i regeneracja po treningu',
    excerpt: 'Dlaczego mięśnie rosną w nocy.',
    text: 'Siedem godzin snu to minimum. Telefon odkładamy godzinę przed snem, bo ekran rozbudza.',
    daysAgo: 17,
  },
  {
    key: 'photo',
    title: 'Fotografia krajobrazu o zachodzie słońca',
    excerpt: 'Statyw, filtry połówkowe i złota godzina.',
    text: 'Najlepsze zdjęcia powstają tuż po zachodzie, gdy niebo jeszcze świeci.',
    daysAgo: 16,
  },
  {
    key: 'dog',
    title: 'Szczeniak w mieszkaniu w bloku',
    excerpt: 'Pierwsze tygodnie z psem: spacery, gryzienie i samotność.',
    text: 'Pies uczy się czystości szybciej, gdy wychodzimy z nim po każdym posiłku.',
    daysAgo: 15,
  },
  {
    key: 'language',
    title: 'Nauka języka hiszpańskiego w pół roku',
    excerpt: 'Fiszki, podcasty i rozmowy z native speakerami.',
    text: 'Codzienne powtórki są ważniejsze niż długie sesje raz w tygodniu.',
    daysAgo: 14,
  },
  {
    key: 'gdansk',
    title: 'Weekend w Gdańsku',
    excerpt: 'Długi Targ, Westerplatte i pierogi nad Motławą.',
    text: 'Do Gdańska najlepiej przyjechać pociągiem. Stare Miasto zwiedzimy pieszo w jeden dzień.',
    daysAgo: 13,
  },
  {
    key: 'lodz',
    title: 'Łódź fabryczna i jej murale',
    excerpt: 'Spacer po Księżym Młynie i ulicy Piotrkowskiej.',
    text: 'Dawne zakłady włókiennicze zamieniły się w lofty, galerie i restauracje.',
    daysAgo: 12,
  },
];

export const RELEVANCE_QUERIES: RelevanceQuery[] = [
  // Without diacritics.
  { query: 'gleboka', first: 'deep-work' },
  { query: 'zolw', first: 'tortoise' },
  { query: 'Wisle', first: 'kayak' },
  { query: 'zolwiem', first: 'tortoise' },
  { query: 'wedrowki', first: 'tatra' },
  { query: 'lodz', first: 'lodz' },
  { query: 'gdansku', first: 'gdansk' },
  { query: 'poczatkujacych', first: 'python' },
  { query: 'szczeniak', first: 'dog' },
  // Inflected forms.
  { query: 'praca', first: 'deep-work', alsoFound: ['remote', 'coffee'] },
  { query: 'pracy', first: 'deep-work', alsoFound: ['remote', 'coffee'] },
  { query: 'pracą', first: 'deep-work', alsoFound: ['remote', 'coffee'] },
  { query: 'uwagą', first: 'scams', alsoFound: ['deep-work'] },
  { query: 'telefon', first: 'phones', alsoFound: ['sleep'] },
  { query: 'telefonów', first: 'phones', alsoFound: ['sleep'] },
  { query: 'książka', first: 'book-review' },
  { query: 'książkami', first: 'book-review' },
  { query: 'Wisła', first: 'kayak' },
  { query: 'oszustami', first: 'scams' },
  { query: 'programowania', first: 'python' },
  { query: 'kawy', first: 'coffee' },
  { query: 'balkonu', first: 'balcony' },
  { query: 'chleba', first: 'bread' },
  { query: 'zakwasem', first: 'bread' },
  { query: 'rowery', first: 'bike' },
  { query: 'budżetu', first: 'budget' },
  { query: 'snu', first: 'sleep' },
  { query: 'fotografii', first: 'photo' },
  { query: 'językiem', first: 'language' },
  { query: 'ogrody', first: 'balcony', alsoFound: ['tortoise'] },
  // Inflected forms whose stem changes (ą/ę, ó/o, k/c, g/dz, ł/l, a dropped e).
  { query: 'psa', first: 'dog' },
  { query: 'uwadze', first: 'scams', alsoFound: ['deep-work'] },
  { query: 'książce', first: 'book-review' },
  { query: 'Łodzi', first: 'lodz' },
  { query: 'jeziorze', first: 'bike' },
  { query: 'dziecko', first: 'remote' },
  { query: 'kamień', first: 'tortoise' },
  { query: 'sklep', first: 'scams' },
  // Words in another order, several words.
  { query: 'praca Głęboka', first: 'deep-work' },
  { query: 'Głęboka biurze', first: 'deep-work' },
  { query: 'spływ Wisła', first: 'kayak' },
  { query: 'nawyki recenzja', first: 'book-review' },
  { query: 'Androidem telefon', first: 'phones' },
  { query: 'kawa przelewowa', first: 'coffee' },
  { query: 'zimowa wedrowka Tatry', first: 'tatra' },
  { query: 'krajobraz zachod slonca', first: 'photo' },
  { query: 'opieka nad żółwiem', first: 'tortoise' },
  { query: 'murale Łodzi', first: 'lodz' },
  { query: '"open space"', first: 'deep-work' },
  // One typo in a longer word.
  { query: 'gleboak', first: 'deep-work' },
  { query: 'programowanei', first: 'python' },
  { query: 'kajakwy', first: 'kayak' },
  { query: 'fotgrafia', first: 'photo' },
  { query: 'szczeniek', first: 'dog' },
];
