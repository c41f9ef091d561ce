/** What every card drawn as one unit shares: a block node, an atom, selectable and draggable. */
export const ATOM_CARD = { group: 'block', atom: true, selectable: true, draggable: true } as const;

/** A button of a card's bar; `action` goes to its `data-action`, which the card's click handler reads. */
export function cardButton(label: string, action: string): HTMLButtonElement {
  const element = document.createElement('button');
  element.type = 'button';
  element.textContent = label;
  element.dataset.action = action;
  return element;
}
