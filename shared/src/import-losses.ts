import type { components } from '../generated/schema.d.ts';

type PostLosses = components['schemas']['ImportPostLosses'];
type Loss = PostLosses['lost'][number];

/** A lost thing as the admin knows it from the old blog: `iframe`, `[contact-form-7]`, `karta bookmark`. */
export function lossName(loss: Pick<Loss, 'kind' | 'name'>): string {
  if (loss.kind === 'shortcode') return `[${loss.name}]`;
  if (loss.kind === 'card') return `karta ${loss.name}`;
  return loss.name;
}

/**
 * What one imported post lost, in one line for the import screen and the `npm run import` report:
 * „Nie przeniesiono: iframe ×2, [contact-form-7] ×1”, then the words when any is missing.
 */
export function describePostLosses(entry: Pick<PostLosses, 'lost' | 'words'>): string {
  const parts: string[] = [];
  if (entry.lost.length > 0)
    parts.push(
      `Nie przeniesiono: ${entry.lost.map((loss) => `${lossName(loss)} ×${loss.count}`).join(', ')}`,
    );
  const missing = entry.words.source - entry.words.kept;
  if (missing > 0) parts.push(`brakuje ${missing} z ${entry.words.source} słów`);
  return `${parts.join('; ')}.`;
}
