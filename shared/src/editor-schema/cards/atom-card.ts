/** What every card drawn as one unit shares: a block node, an atom, selectable and draggable. */
export const ATOM_CARD = { group: 'block', atom: true, selectable: true, draggable: true } as const;
