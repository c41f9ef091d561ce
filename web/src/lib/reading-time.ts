/** „5 min czytania”; the server computes the minutes (words / 200, rounded up), at least 1 is shown. */
export function readingTimeLabel(minutes: number | null | undefined): string {
  const value = typeof minutes === 'number' && Number.isFinite(minutes) ? Math.ceil(minutes) : 1;
  return `${Math.max(1, value)} min czytania`;
}
