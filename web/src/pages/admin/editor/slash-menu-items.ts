import { foldText } from '@blog/shared/fold';

/**
 * What the `/` menu offers: the toolbar's blocks and cards under the toolbar's own labels (the key
 * names the toolbar button whose command a pick runs), with a few other words a writer may type.
 */
export interface SlashMenuItem {
  /** The toolbar item run when this is picked (editor-toolbar.tsx). */
  key: string;
  label: string;
  /** Other words that find it („h2”, „lista”, „film”). */
  keywords: readonly string[];
  /** Offered to administrators only (the HTML card). */
  administratorsOnly?: boolean;
}

export const SLASH_MENU_ITEMS: readonly SlashMenuItem[] = [
  { key: 'h2', label: 'Nagłówek 2', keywords: ['h2', 'tytuł'] },
  { key: 'h3', label: 'Nagłówek 3', keywords: ['h3', 'tytuł'] },
  { key: 'h4', label: 'Nagłówek 4', keywords: ['h4', 'tytuł'] },
  { key: 'bullets', label: 'Lista punktowana', keywords: ['wypunktowanie', 'ul'] },
  { key: 'numbers', label: 'Lista numerowana', keywords: ['ol', 'kolejne'] },
  { key: 'quote', label: 'Cytat', keywords: ['blockquote'] },
  { key: 'codeBlock', label: 'Blok kodu', keywords: ['kod', 'code', 'pre'] },
  { key: 'rule', label: 'Linia pozioma', keywords: ['separator', 'hr', 'kreska'] },
  { key: 'image', label: 'Wstaw obraz', keywords: ['obrazek', 'zdjęcie', 'grafika'] },
  { key: 'table', label: 'Tabela', keywords: ['table'] },
  { key: 'embed', label: 'Osadź', keywords: ['film', 'wideo', 'youtube', 'vimeo', 'embed'] },
  { key: 'gallery', label: 'Galeria', keywords: ['zdjęcia', 'obrazy'] },
  { key: 'callout', label: 'Ramka', keywords: ['uwaga', 'informacja', 'ostrzeżenie', 'callout'] },
  { key: 'button', label: 'Przycisk', keywords: ['link', 'button'] },
  { key: 'toggle', label: 'Rozwijany blok', keywords: ['szczegóły', 'toggle', 'details'] },
  { key: 'htmlCard', label: 'Blok HTML', keywords: ['html', 'kod'], administratorsOnly: true },
];

/**
 * The items whose label or a keyword holds the typed words (each word, anywhere in a word of
 * them), labels that start with the query first; the HTML card for administrators only.
 */
export function slashMenuItemsMatching(
  query: string,
  { administrator }: { administrator: boolean },
): SlashMenuItem[] {
  const words = foldText(query).split(/\s+/).filter(Boolean);
  const offered = SLASH_MENU_ITEMS.filter((item) => administrator || !item.administratorsOnly);
  if (words.length === 0) return [...offered];
  const matching = offered.filter((item) => {
    const haystack = [item.label, ...item.keywords].map(foldText).join(' ');
    return words.every((word) => haystack.includes(word));
  });
  const first = foldText(query.trim());
  return [
    ...matching.filter((item) => foldText(item.label).startsWith(first)),
    ...matching.filter((item) => !foldText(item.label).startsWith(first)),
  ];
}
