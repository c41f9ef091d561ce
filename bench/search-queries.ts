/** The Polish queries the search benches time (bench/search.ts) and compare page by page (bench/search-pages.ts). */
export const SEARCH_BENCH_QUERIES = [
  'grzegżółka',
  'grzegzolka',
  'praca',
  'pracy zdalnej',
  'telefonów',
  'książka rozdział',
  'ksiazki',
  'programowanei',
  'zzzz-brak-takiego',
];
