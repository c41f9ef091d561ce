import { Button, HStack } from '@chakra-ui/react';
import type { Editor } from '@tiptap/react';
import { useEditorState } from '@tiptap/react';
import { type KeyboardEvent, useRef } from 'react';

interface TableAction {
  label: string;
  run: (editor: Editor) => boolean;
  /** The header row switch reports its state (aria-pressed). */
  pressed?: (editor: Editor) => boolean;
}

/** Whether the first row of the table at the selection is a header row. */
function hasHeaderRow(editor: Editor): boolean {
  const { $from } = editor.state.selection;
  for (let depth = $from.depth; depth > 0; depth -= 1) {
    const node = $from.node(depth);
    if (node.type.name === 'table') return node.firstChild?.firstChild?.type.name === 'tableHeader';
  }
  return false;
}

const ACTIONS: TableAction[] = [
  { label: 'Dodaj wiersz', run: (e) => e.chain().focus().addRowAfter().run() },
  { label: 'Usuń wiersz', run: (e) => e.chain().focus().deleteRow().run() },
  { label: 'Dodaj kolumnę', run: (e) => e.chain().focus().addColumnAfter().run() },
  { label: 'Usuń kolumnę', run: (e) => e.chain().focus().deleteColumn().run() },
  {
    label: 'Wiersz nagłówka',
    run: (e) => e.chain().focus().toggleHeaderRow().run(),
    pressed: hasHeaderRow,
  },
  { label: 'Usuń tabelę', run: (e) => e.chain().focus().deleteTable().run() },
];

/**
 * The table's own buttons, shown while the caret is in a table: rows and columns added after the
 * caret's or removed with it, the header row switched, the table deleted. Arrow keys move between
 * them (one Tab stop, as in the formatting toolbar).
 */
export function TableToolbar({ editor, disabled }: { editor: Editor; disabled?: boolean }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      inTable: current.isActive('table'),
      header: hasHeaderRow(current),
    }),
  });
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  if (!state?.inTable) return null;

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    event.preventDefault();
    const current = buttons.current.findIndex((button) => button === document.activeElement);
    const step = event.key === 'ArrowRight' ? 1 : -1;
    buttons.current[(current + step + ACTIONS.length) % ACTIONS.length]?.focus();
  }

  return (
    <HStack
      role="toolbar"
      aria-label="Tabela"
      gap="1"
      flexWrap="wrap"
      px="1.5"
      py="1"
      borderBottomWidth="1px"
      borderColor="border.muted"
      bg="bg.subtle"
      onKeyDown={onKeyDown}
    >
      {ACTIONS.map((action, index) => (
        <Button
          key={action.label}
          ref={(element) => {
            buttons.current[index] = element;
          }}
          size="xs"
          variant={action.pressed && state.header ? 'subtle' : 'ghost'}
          aria-pressed={action.pressed ? state.header : undefined}
          tabIndex={index === 0 ? 0 : -1}
          disabled={disabled}
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => action.run(editor)}
        >
          {action.label}
        </Button>
      ))}
    </HStack>
  );
}
