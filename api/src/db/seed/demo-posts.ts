import type { DemoImageSpec } from './demo-images.ts';

export const DEMO_CATEGORIES = ['Technologia', 'Produktywność', 'Biznes', 'Uważność'] as const;
export type DemoCategory = (typeof DEMO_CATEGORIES)[number];

export interface DemoComment {
  author: string;
  email: string;
  content: string;
  /** Hours after the post was published. */
  hoursAfter: number;
}

export interface DemoPost {
  title: string;
  slug: string;
  excerpt: string;
  content: string;
  categories: DemoCategory[];
  tags: string[];
  /** Days before the seed ran; spread out so the ordering by date is visible. */
  daysAgo: number;
  image?: Omit<DemoImageSpec, 'file'>;
  comments: DemoComment[];
}

export const DEMO_POSTS: DemoPost[] = [
  {
    title: 'Dlaczego telefon wygrywa z Twoją uwagą',
    slug: 'dlaczego-telefon-wygrywa-z-twoja-uwaga',
    excerpt:
      'Aplikacje projektuje się tak, żebyśmy wracali do nich bez namysłu. Zobacz, jakie mechanizmy za tym stoją i co możesz z tym zrobić.',
    categories: ['Technologia', 'Uważność'],
    tags: ['smartfon', 'powiadomienia', 'skupienie'],
    daysAgo: 2,
    image: { from: '#1e3a8a', to: '#7c3aed', motif: 'circles' },
    content: `<p>Przeciętny użytkownik smartfona odblokowuje go kilkadziesiąt razy dziennie. Rzadko dlatego, że naprawdę czegoś potrzebuje. Najczęściej z przyzwyczajenia, które ktoś starannie zaprojektował.</p>
<h2>Nagroda, która przychodzi nieregularnie</h2>
<p>Najsilniej działa nagroda, której nie da się przewidzieć. Czasem w skrzynce czeka ważna wiadomość, czasem nic. Właśnie ta niepewność sprawia, że <strong>sprawdzamy telefon odruchowo</strong>, tak jak gracz pociąga za dźwignię automatu.</p>
<h2>Trzy mechanizmy, które warto rozpoznać</h2>
<ul>
<li><strong>Nieskończone przewijanie</strong> – treść nigdy się nie kończy, więc brakuje naturalnego momentu, by przestać.</li>
<li><strong>Czerwone kropki</strong> – liczniki nieprzeczytanych elementów wywołują poczucie niedokończonej sprawy.</li>
<li><strong>Automatyczne odtwarzanie</strong> – kolejny film zaczyna się, zanim zdążysz zdecydować, czy go chcesz.</li>
</ul>
<p>Samo nazwanie tych mechanizmów niczego nie załatwia, ale pozwala zauważyć moment, w którym ręka sięga po telefon bez powodu.</p>
<p>Zacznij od prostego eksperymentu: przez jeden dzień zapisuj, ile razy odblokowałeś telefon i po co. Wynik bywa otrzeźwiający.</p>`,
    comments: [
      {
        author: 'Magda',
        email: 'magda@example.com',
        content:
          'Zrobiłam ten eksperyment z zapisywaniem. 63 odblokowania przed południem. Chyba czas coś zmienić.',
        hoursAfter: 5,
      },
      {
        author: 'Tomasz K.',
        email: 'tomasz@example.com',
        content:
          'Wyłączenie czerwonych kropek na ekranie głównym pomogło mi bardziej niż jakakolwiek aplikacja do blokowania.',
        hoursAfter: 20,
      },
    ],
  },
  {
    title: 'Lista zadań, która naprawdę działa',
    slug: 'lista-zadan-ktora-naprawde-dziala',
    excerpt:
      'Większość list zadań rośnie szybciej, niż znikają z nich punkty. Oto kilka zasad, dzięki którym lista znów zaczyna pomagać.',
    categories: ['Produktywność'],
    tags: ['planowanie', 'nawyki'],
    daysAgo: 5,
    image: { from: '#065f46', to: '#34d399', motif: 'bars' },
    content: `<p>Lista zadań miała porządkować dzień, a zamieniła się w wyrzut sumienia. Czterdzieści punktów, z których połowa wisi od miesiąca, nie motywuje nikogo.</p>
<h2>Mniej znaczy więcej</h2>
<p>Najprostsza zmiana: każdego ranka wybierz <strong>maksymalnie trzy zadania</strong>, które muszą zostać zrobione dzisiaj. Reszta może poczekać na osobnej liście „kiedyś”.</p>
<h2>Zasady dobrej listy</h2>
<ul>
<li>Każde zadanie zaczyna się od czasownika: „zadzwonić”, „wysłać”, „napisać”.</li>
<li>Zadanie dłuższe niż dwie godziny dziel na mniejsze kroki.</li>
<li>Raz w tygodniu usuwaj punkty, które straciły znaczenie.</li>
</ul>
<p>Lista ma być narzędziem, a nie archiwum dobrych intencji. Jeśli coś wisi na niej od trzech tygodni, to albo nie jest ważne, albo wymaga rozmowy, a nie kolejnego przepisania na jutro.</p>`,
    comments: [
      {
        author: 'Ola',
        email: 'ola@example.com',
        content:
          'Trzy zadania dziennie brzmią za prosto, ale działa. Pierwszy raz od dawna kończę dzień z poczuciem, że coś zrobiłam.',
        hoursAfter: 30,
      },
    ],
  },
  {
    title: 'Spotkania, które mogły być mailem',
    slug: 'spotkania-ktore-mogly-byc-mailem',
    excerpt:
      'Godzina w sali konferencyjnej z ośmioma osobami to osiem godzin pracy firmy. Jak rozpoznać spotkanie, które nie musi się odbyć?',
    categories: ['Biznes', 'Produktywność'],
    tags: ['spotkania', 'komunikacja'],
    daysAgo: 9,
    image: { from: '#9a3412', to: '#fbbf24', motif: 'grid' },
    content: `<p>Kalendarz pełen spotkań daje złudzenie pracowitości. Tymczasem praca, za którą płacą klienci, dzieje się zwykle pomiędzy nimi.</p>
<h2>Prosty test przed wysłaniem zaproszenia</h2>
<p>Zanim zaprosisz zespół, odpowiedz na pytanie: <strong>jaką decyzję podejmiemy na tym spotkaniu?</strong> Jeśli odpowiedź brzmi „żadną, chcę tylko przekazać informacje”, wystarczy dobrze napisana wiadomość.</p>
<h2>Gdy spotkanie jest naprawdę potrzebne</h2>
<ul>
<li>Wyślij agendę dzień wcześniej.</li>
<li>Zaproś tylko osoby, bez których decyzja nie zapadnie.</li>
<li>Skończ pięć minut przed czasem i zapisz ustalenia.</li>
</ul>
<p>Dobre spotkanie kończy się listą decyzji i osób odpowiedzialnych. Złe kończy się ustaleniem terminu kolejnego spotkania.</p>`,
    comments: [
      {
        author: 'Paweł',
        email: 'pawel@example.com',
        content: 'Wydrukuję to i powieszę w sali konferencyjnej. Szczególnie ostatnie zdanie.',
        hoursAfter: 3,
      },
      {
        author: 'Kasia',
        email: 'kasia@example.com',
        content: 'U nas zasada „bez agendy nie ma spotkania” skróciła tygodniowe spotkania o połowę.',
        hoursAfter: 48,
      },
    ],
  },
  {
    title: 'Cyfrowy detoks bez wyjazdu w Bieszczady',
    slug: 'cyfrowy-detoks-bez-wyjazdu-w-bieszczady',
    excerpt:
      'Nie musisz wyjeżdżać tam, gdzie nie ma zasięgu, żeby odpocząć od ekranu. Wystarczy kilka zmian w codziennych nawykach.',
    categories: ['Uważność'],
    tags: ['detoks', 'smartfon'],
    daysAgo: 13,
    content: `<p>Cyfrowy detoks kojarzy się z tygodniem w górach bez zasięgu. Po powrocie wszystko wraca jednak do normy szybciej, niż zdążymy rozpakować plecak.</p>
<h2>Małe kroki zamiast wielkich postanowień</h2>
<p>Trwała zmiana rzadko bierze się z radykalnych decyzji. Lepiej działa kilka drobnych reguł, które <strong>nie wymagają silnej woli</strong>, bo zmieniają otoczenie.</p>
<ul>
<li>Ładuj telefon poza sypialnią.</li>
<li>Usuń z ekranu głównego aplikacje, które kradną najwięcej czasu.</li>
<li>Ustaw ekran w odcieniach szarości na wieczór.</li>
<li>Jedz posiłki bez ekranu na stole.</li>
</ul>
<h2>Co zyskujesz</h2>
<p>Już po kilku dniach wiele osób zauważa, że łatwiej im zasnąć i dłużej utrzymują uwagę przy jednej czynności. Nudne chwile w kolejce przestają być problemem do rozwiązania.</p>`,
    comments: [],
  },
  {
    title: 'Sztuczna inteligencja w małej firmie: od czego zacząć',
    slug: 'sztuczna-inteligencja-w-malej-firmie',
    excerpt:
      'Narzędzia AI są dziś dostępne dla każdego, ale bez planu łatwo stracić czas i pieniądze. Oto rozsądny pierwszy krok dla małej firmy.',
    categories: ['Technologia', 'Biznes'],
    tags: ['AI', 'automatyzacja'],
    daysAgo: 18,
    image: { from: '#0f172a', to: '#0ea5e9', motif: 'rings' },
    content: `<p>Sztuczna inteligencja przestała być zabawką dla korporacji. Mała firma może dziś korzystać z tych samych narzędzi co duże przedsiębiorstwa, często za kilkadziesiąt złotych miesięcznie.</p>
<h2>Zacznij od nudnych zadań</h2>
<p>Największy zysk daje automatyzacja powtarzalnej pracy: odpowiadanie na typowe pytania klientów, porządkowanie dokumentów czy przygotowywanie szkiców ofert. <strong>Nie zaczynaj od strategii, zacznij od jednego procesu</strong>, który wszyscy uważają za uciążliwy.</p>
<h2>Na co uważać</h2>
<ul>
<li>Nie wklejaj do narzędzi danych osobowych klientów bez sprawdzenia regulaminu.</li>
<li>Każdy wynik wymaga przeczytania przez człowieka przed wysłaniem.</li>
<li>Mierz czas przed i po wdrożeniu, żeby wiedzieć, czy zmiana się opłaca.</li>
</ul>
<p>AI nie zastąpi znajomości własnego biznesu. Może za to oddać kilka godzin tygodniowo, które lepiej poświęcić klientom.</p>
<p>Warto też pamiętać, że ta treść powstała z pomocą AI i została sprawdzona przez człowieka, tak jak radzimy wyżej.</p>`,
    comments: [
      {
        author: 'Marek',
        email: 'marek@example.com',
        content:
          'Zaczęliśmy od automatycznych szkiców odpowiedzi na zapytania ofertowe. Oszczędność około pięciu godzin tygodniowo.',
        hoursAfter: 12,
      },
    ],
  },
  {
    title: 'Głęboka praca w biurze open space',
    slug: 'gleboka-praca-w-biurze-open-space',
    excerpt:
      'Rozmowy, telefony i powiadomienia co kilka minut. Czy w otwartym biurze da się w ogóle skupić? Da się, ale trzeba to zaplanować.',
    categories: ['Produktywność', 'Uważność'],
    tags: ['skupienie', 'biuro'],
    daysAgo: 23,
    image: { from: '#831843', to: '#f472b6', motif: 'waves' },
    content: `<p>Otwarte biura miały sprzyjać współpracy. W praktyce często sprzyjają głównie przerywaniu. Każde „masz chwilkę?” kosztuje kilkanaście minut powrotu do skupienia.</p>
<h2>Umów się z zespołem</h2>
<p>Najskuteczniejsze rozwiązania są zespołowe. Wspólne <strong>godziny ciszy</strong>, na przykład od dziewiątej do jedenastej, chronią wszystkich, a nie tylko tych, którzy mają odwagę założyć słuchawki.</p>
<h2>Sygnały, które rozumie każdy</h2>
<ul>
<li>Słuchawki na uszach oznaczają: nie przeszkadzaj, chyba że się pali.</li>
<li>Status w komunikatorze ustawiony na „skupienie” wycisza powiadomienia.</li>
<li>Pilne sprawy idą telefonem, wszystkie inne czekają.</li>
</ul>
<p>Skupienie nie jest cechą charakteru, tylko warunkiem, który trzeba stworzyć. W open space wymaga to po prostu odrobiny organizacji.</p>`,
    comments: [],
  },
  {
    title: 'Chaos w startupie to nie strategia',
    slug: 'chaos-w-startupie-to-nie-strategia',
    excerpt:
      'Szybkość jest zaletą młodej firmy, ale brak jakichkolwiek zasad szybko zamienia się w gaszenie pożarów. Gdzie leży granica?',
    categories: ['Biznes'],
    tags: ['startupy', 'zarządzanie'],
    daysAgo: 29,
    image: { from: '#3f6212', to: '#facc15', motif: 'diamond' },
    content: `<p>W startupach chaos bywa powodem do dumy. „Jesteśmy zwinni” brzmi lepiej niż „nikt nie wie, kto za co odpowiada”. Tyle że klienci widzą efekt, a nie intencje.</p>
<h2>Minimum porządku</h2>
<p>Nie potrzebujesz procedur na sto stron. Wystarczy kilka rzeczy, które <strong>każdy w zespole zna na pamięć</strong>: kto podejmuje decyzje, gdzie zapisujemy ustalenia i jak zgłaszamy problemy.</p>
<ul>
<li>Jedno miejsce na zadania zamiast pięciu narzędzi.</li>
<li>Cotygodniowy przegląd priorytetów, trwający najwyżej pół godziny.</li>
<li>Jasny właściciel każdego projektu.</li>
</ul>
<p>Porządek nie spowalnia. Spowalnia ciągłe ustalanie od nowa tego, co już raz zostało ustalone.</p>`,
    comments: [
      {
        author: 'Agnieszka',
        email: 'agnieszka@example.com',
        content:
          'Jasny właściciel projektu to coś, czego brakowało nam najbardziej. Od kiedy go mamy, spotkań jest mniej.',
        hoursAfter: 26,
      },
    ],
  },
  {
    title: 'Powiadomienia pod kontrolą: praktyczny przewodnik',
    slug: 'powiadomienia-pod-kontrola',
    excerpt:
      'Każda aplikacja uważa, że jej powiadomienia są najważniejsze. Kilkanaście minut konfiguracji pozwala odzyskać spokój na długie miesiące.',
    categories: ['Technologia'],
    tags: ['powiadomienia', 'ustawienia'],
    daysAgo: 36,
    image: { from: '#312e81', to: '#22d3ee', motif: 'bars' },
    content: `<p>Domyślne ustawienia powiadomień są korzystne dla twórców aplikacji, nie dla Ciebie. Na szczęście można je zmienić w jedno popołudnie.</p>
<h2>Krok pierwszy: przegląd</h2>
<p>Otwórz ustawienia powiadomień i przejrzyj listę aplikacji. Przy każdej zadaj pytanie: <strong>czy ta informacja jest mi potrzebna natychmiast?</strong> Zwykle odpowiedź brzmi „nie”.</p>
<h2>Krok drugi: trzy kategorie</h2>
<ul>
<li><strong>Natychmiast</strong> – połączenia i wiadomości od najbliższych.</li>
<li><strong>Zbiorczo</strong> – poczta i komunikatory firmowe, sprawdzane o ustalonych porach.</li>
<li><strong>Nigdy</strong> – gry, sklepy i media społecznościowe.</li>
</ul>
<h2>Krok trzeci: tryby skupienia</h2>
<p>Większość telefonów pozwala tworzyć tryby, które same włączają się o określonych godzinach lub w określonych miejscach. Ustaw tryb pracy i tryb wieczorny, a telefon przestanie decydować za Ciebie.</p>`,
    comments: [],
  },
];
