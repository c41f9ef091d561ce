export { ATOM_CARD } from '@blog/shared/editor-schema';

/** A button of a card's bar; `action` goes to its `data-action`, which the card's click handler reads. */
export function cardButton(label: string, action: string): HTMLButtonElement {
  const element = document.createElement('button');
  element.type = 'button';
  element.textContent = label;
  element.dataset.action = action;
  return element;
}
