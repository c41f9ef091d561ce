import { SUBSCRIPTION_TEXTS } from '@blog/shared/messages';
import type { AdminSubscriptionStatus } from '@blog/shared/rules';
import { Readable } from 'node:stream';
import type { AdminSubscriptionRow } from './admin-subscriptions.list.ts';
import { subscriptionStatus } from './admin-subscriptions.list.ts';
import { warsawMinute } from './warsaw-day.ts';

/** The screen's words for each state (Aktywna, Nieaktywna; double opt-in adds the third). */
export const SUBSCRIPTION_STATUS_LABELS: Record<AdminSubscriptionStatus, string> = SUBSCRIPTION_TEXTS.status;

/*
 * Excel as set up in Poland reads `;` as the separator (a comma is the decimal mark there) and
 * needs the UTF-8 BOM to read Polish letters; CRLF line ends as RFC 4180 has them.
 */
const SEPARATOR = ';';
const BOM = '\uFEFF';
const HEADER = ['E-mail', 'Kategoria', 'Status', 'Data zapisu'];

/**
 * One cell: a value a spreadsheet would run as a formula (= + - @, or a tab / CR that some strip
 * before looking) is prefixed with `'` (OWASP "CSV injection"); then quoted when it must be.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[";\r\n,]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

const csvLine = (cells: string[]) => `${cells.map(csvCell).join(SEPARATOR)}\r\n`;

export function subscriptionCsvLine(row: AdminSubscriptionRow, now: Date): string {
  return csvLine([
    row.email,
    row.categoryName ?? '',
    SUBSCRIPTION_STATUS_LABELS[subscriptionStatus(row, now)],
    warsawMinute(new Date(row.createdAt)),
  ]);
}

/** The whole file as a stream: the header first, then each batch as the database hands it over. */
export function subscriptionsCsv(batches: AsyncIterable<AdminSubscriptionRow[]>, now: Date): Readable {
  async function* lines() {
    yield BOM + csvLine(HEADER);
    for await (const batch of batches) yield batch.map((row) => subscriptionCsvLine(row, now)).join('');
  }
  return Readable.from(lines(), { objectMode: false });
}
