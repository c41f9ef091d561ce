/**
 * The Polish form for a count: `one` for 1, `few` for 2–4 (but not 12–14), `many` otherwise
 * („1 post”, „3 posty”, „12 postów”, „22 posty”). Verbs follow the same split („straci”, „stracą”).
 */
export function pluralPl(count: number, one: string, few: string, many: string): string {
  if (count === 1) return one;
  const lastTwo = count % 100;
  const last = count % 10;
  return last >= 2 && last <= 4 && (lastTwo < 12 || lastTwo > 14) ? few : many;
}
