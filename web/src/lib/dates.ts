/*
 * No date library here: these run on every reader page, and date-fns with its Polish locale was
 * ~6 kB gzip of the first download. The platform's Intl covers relative time.
 */

/** Month names in the genitive, as a Polish date says them: „5 marca”. */
const MONTHS_GENITIVE = [
  'stycznia',
  'lutego',
  'marca',
  'kwietnia',
  'maja',
  'czerwca',
  'lipca',
  'sierpnia',
  'września',
  'października',
  'listopada',
  'grudnia',
];
const two = (value: number) => String(value).padStart(2, '0');

/** The few patterns the site uses, in local time; no formatting library in the reader's download. */
function format(date: Date, pattern: 'dd.MM.yyyy' | 'dd MMMM yyyy' | 'dd.MM.yyyy HH:mm'): string {
  const day = two(date.getDate());
  const year = String(date.getFullYear());
  if (pattern === 'dd MMMM yyyy') return `${day} ${MONTHS_GENITIVE[date.getMonth()]} ${year}`;
  const numeric = `${day}.${two(date.getMonth() + 1)}.${year}`;
  return pattern === 'dd.MM.yyyy' ? numeric : `${numeric} ${two(date.getHours())}:${two(date.getMinutes())}`;
}

export type DateInput = string | number | Date | null | undefined;

function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  let date: Date;
  if (typeof value === 'string') {
    // A bare calendar date is a local day (as date-fns read it), not UTC midnight.
    const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
    date = day ? new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3])) : new Date(value);
    if (day && date.getMonth() !== Number(day[2]) - 1) return null;
  } else date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

function formatOr(value: DateInput, pattern: Parameters<typeof format>[1], fallback: string): string {
  const date = toDate(value);
  return date ? format(date, pattern) : fallback;
}

/** Default date format: 05.03.2025. */
export function formatDate(value: DateInput, fallback = 'Data nieznana'): string {
  return formatOr(value, 'dd.MM.yyyy', fallback);
}

/** Date on post cards and the article header: 05 marca 2025. */
export function formatCardDate(value: DateInput, fallback = 'Opublikowano niedawno'): string {
  return formatOr(value, 'dd MMMM yyyy', fallback);
}

/** Date with time (comments, subscriptions): 05.03.2025 14:07. */
export function formatDateTime(value: DateInput, fallback = 'Brak daty'): string {
  return formatOr(value, 'dd.MM.yyyy HH:mm', fallback);
}

/** Relative time such as „3 dni temu”. */
export function formatRelativeTime(value: DateInput, fallback = 'Niedawno', now: Date = new Date()): string {
  const date = toDate(value);
  if (!date) return fallback;
  // A date in the future only comes from clock skew between server and browser.
  if (date.getTime() > now.getTime()) return fallback;
  const seconds = Math.round((date.getTime() - now.getTime()) / 1000);
  const units: [Intl.RelativeTimeFormatUnit, number][] = [
    ['year', 365 * 24 * 3600],
    ['month', 30 * 24 * 3600],
    ['day', 24 * 3600],
    ['hour', 3600],
    ['minute', 60],
  ];
  const [unit, size] = units.find(([, unitSeconds]) => Math.abs(seconds) >= unitSeconds) ?? ['second', 1];
  return new Intl.RelativeTimeFormat('pl', { numeric: 'always' }).format(Math.round(seconds / size), unit);
}

/** Machine-readable value for a `<time dateTime>` attribute, or undefined when the date is unusable. */
export function isoDateTime(value: DateInput): string | undefined {
  return toDate(value)?.toISOString();
}
