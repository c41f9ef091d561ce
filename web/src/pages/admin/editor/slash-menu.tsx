import { Box, HStack, Text } from '@chakra-ui/react';
import type { Editor } from '@tiptap/react';
import { type RefObject, useEffect, useId, useMemo, useState } from 'react';
import { toolbarItem, type ToolbarActions } from './editor-toolbar.tsx';
import type { SlashMenuState } from './slash-command.ts';
import { slashMenuItemsMatching } from './slash-menu-items.ts';

/** The widest the menu gets (a phone's is its frame's width less a margin). */
const MENU_WIDTH = 288;

interface SlashMenuProps {
  editor: Editor;
  menu: SlashMenuState;
  administrator: boolean;
  actions: ToolbarActions;
  /** The editor's frame, which places the menu (as the link popover). */
  frame: RefObject<HTMLDivElement | null>;
  /** Set to the menu's key handler while it is open (the editor hands it arrows and Enter). */
  keysRef: RefObject<(event: KeyboardEvent) => boolean>;
}

/**
 * The `/` menu: a listbox under the caret. The caret stays in the text, so the text field points at
 * the chosen option (aria-activedescendant) and a screen reader reads it as the arrows move;
 * Enter or a click picks it. The mouse never takes the focus from the text, so picking keeps it.
 * It does not scroll (a scrolling box holding nothing focusable is out of reach of the keyboard for
 * assistive tools); a query shortens it.
 */
export function SlashMenu({ editor, menu, administrator, actions, frame, keysRef }: SlashMenuProps) {
  const items = useMemo(
    () => slashMenuItemsMatching(menu.query, { administrator }),
    [menu.query, administrator],
  );
  const [active, setActive] = useState(0);
  // A new query starts again at the first option.
  const [queryShown, setQueryShown] = useState(menu.query);
  if (queryShown !== menu.query) {
    setQueryShown(menu.query);
    setActive(0);
  }
  const listId = useId();
  const optionId = (index: number) => `${listId}-option-${index}`;
  const chosen = Math.min(active, Math.max(0, items.length - 1));

  const pick = (index: number) => {
    const item = items[index];
    const command = item && toolbarItem(item.key);
    if (command) menu.pick(() => command.run(editor, actions));
  };

  useEffect(() => {
    keysRef.current = (event) => {
      if (items.length === 0) return false;
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive((chosen + step + items.length) % items.length);
        return true;
      }
      if (event.key === 'Enter') {
        pick(chosen);
        return true;
      }
      return false;
    };
    return () => {
      keysRef.current = () => false;
    };
  });

  // The text field names the option a screen reader should read; the option is scrolled into view.
  useEffect(() => {
    const text = editor.view.dom;
    if (items.length === 0) return undefined;
    text.setAttribute('aria-controls', listId);
    text.setAttribute('aria-activedescendant', optionId(chosen));
    document.getElementById(optionId(chosen))?.scrollIntoView({ block: 'nearest' });
    return () => {
      text.removeAttribute('aria-controls');
      text.removeAttribute('aria-activedescendant');
    };
  });

  // Under the `/`, inside the frame (clamped so it never leaves it sideways, nor widens a phone's page).
  const box = frame.current?.getBoundingClientRect();
  const caret = editor.view.coordsAtPos(menu.range.from);
  const top = box ? caret.bottom - box.top + 4 : 0;
  const left = box ? Math.max(8, Math.min(caret.left - box.left, box.width - MENU_WIDTH - 8)) : 8;

  return (
    <Box
      position="absolute"
      top={`${top}px`}
      left={`${left}px`}
      zIndex="popover"
      width={`min(${MENU_WIDTH}px, calc(100% - 1rem))`}
      bg="bg.panel"
      borderWidth="1px"
      borderColor="border"
      borderRadius="l2"
      boxShadow="lg"
      p="1"
      // The caret stays in the text: a click must not move the focus (that would close the menu).
      onMouseDown={(event) => event.preventDefault()}
    >
      {items.length === 0 ? (
        <Text px="2" py="1.5" fontSize="sm" color="fg.muted">
          Brak pasujących bloków
        </Text>
      ) : (
        <Box as="ul" role="listbox" id={listId} aria-label="Wstaw blok" listStyleType="none" m="0" p="0">
          {items.map((item, index) => {
            const Icon = toolbarItem(item.key)?.icon;
            return (
              <HStack
                as="li"
                key={item.key}
                id={optionId(index)}
                role="option"
                aria-selected={index === chosen}
                gap="2"
                px="2"
                py="1"
                borderRadius="l1"
                fontSize="sm"
                cursor="pointer"
                bg={index === chosen ? 'bg.emphasized' : undefined}
                onMouseMove={() => setActive(index)}
                onClick={() => pick(index)}
              >
                {Icon && <Icon aria-hidden="true" size={16} />}
                <span>{item.label}</span>
              </HStack>
            );
          })}
        </Box>
      )}
    </Box>
  );
}
