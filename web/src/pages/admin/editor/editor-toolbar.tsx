import { HStack, IconButton, Separator, Tooltip, Portal } from '@chakra-ui/react';
import type { Editor } from '@tiptap/react';
import { useEditorState } from '@tiptap/react';
import {
  AlignCenter,
  AlignJustify,
  AlignLeft,
  AlignRight,
  Bold,
  Code,
  Heading2,
  Heading3,
  Heading4,
  Highlighter,
  Keyboard,
  ImagePlus,
  Captions,
  Italic,
  Link2,
  List,
  ListOrdered,
  type LucideIcon,
  Quote,
  SeparatorHorizontal,
  SquareCode,
  Strikethrough,
  Subscript,
  Superscript,
  Underline,
} from 'lucide-react';
import { Fragment, type KeyboardEvent, useRef, useState } from 'react';
import type { TextAlignment } from './editor-extensions.ts';

/** What the editor around the toolbar does for the buttons that open something (a dialog, a picker). */
export interface ToolbarActions {
  pickImage: () => void;
  editLink: () => void;
  /** Opens the image dialog for the selected image's alt text and caption. */
  describeImage: () => void;
}

interface ToolbarItem {
  key: string;
  label: string;
  icon: LucideIcon;
  /** A keyboard shortcut, shown in the tooltip and announced (aria-keyshortcuts). */
  shortcut?: { keys: string; label: string };
  /** Toggle buttons report their state (aria-pressed); buttons that open something do not. */
  isActive?: (editor: Editor) => boolean;
  /** Buttons that act on something selected are off without it. */
  isEnabled?: (editor: Editor) => boolean;
  run: (editor: Editor, actions: ToolbarActions) => void;
}

const align = (alignment: TextAlignment, label: string, icon: LucideIcon): ToolbarItem => ({
  key: `align-${alignment}`,
  label,
  icon,
  isActive: (editor) => editor.isActive({ textAlign: alignment }),
  run: (editor) => editor.chain().focus().setTextAlign(alignment).run(),
});

const heading = (level: 2 | 3 | 4, icon: LucideIcon): ToolbarItem => ({
  key: `h${level}`,
  label: `Nagłówek ${level}`,
  icon,
  isActive: (editor) => editor.isActive('heading', { level }),
  run: (editor) => editor.chain().focus().toggleHeading({ level }).run(),
});

/** A mark the toolbar switches on and off. */
const mark = (
  key: string,
  label: string,
  icon: LucideIcon,
  toggle: (editor: Editor) => boolean,
  shortcut?: ToolbarItem['shortcut'],
): ToolbarItem => ({
  key,
  label,
  icon,
  shortcut,
  isActive: (editor) => editor.isActive(key),
  run: toggle,
});

/** Groups of buttons, separated in the toolbar. */
const GROUPS: ToolbarItem[][] = [
  [
    {
      key: 'bold',
      label: 'Pogrubienie',
      icon: Bold,
      isActive: (e) => e.isActive('bold'),
      run: (e) => e.chain().focus().toggleBold().run(),
    },
    {
      key: 'italic',
      label: 'Kursywa',
      icon: Italic,
      isActive: (e) => e.isActive('italic'),
      run: (e) => e.chain().focus().toggleItalic().run(),
    },
    {
      key: 'underline',
      label: 'Podkreślenie',
      icon: Underline,
      isActive: (e) => e.isActive('underline'),
      run: (e) => e.chain().focus().toggleUnderline().run(),
    },
  ],
  [
    mark('strike', 'Przekreślenie', Strikethrough, (e) => e.chain().focus().toggleStrike().run()),
    mark('code', 'Kod w tekście', Code, (e) => e.chain().focus().toggleCode().run()),
    mark('highlight', 'Wyróżnienie', Highlighter, (e) => e.chain().focus().toggleHighlight().run()),
    mark('subscript', 'Indeks dolny', Subscript, (e) => e.chain().focus().toggleSubscript().run()),
    mark('superscript', 'Indeks górny', Superscript, (e) => e.chain().focus().toggleSuperscript().run()),
    mark('kbd', 'Klawisz', Keyboard, (e) => e.chain().focus().toggleKbd().run()),
  ],
  // The title is the page's only h1: the body's headings start at 2.
  [heading(2, Heading2), heading(3, Heading3), heading(4, Heading4)],
  [
    {
      key: 'bullets',
      label: 'Lista punktowana',
      icon: List,
      isActive: (e) => e.isActive('bulletList'),
      run: (e) => e.chain().focus().toggleBulletList().run(),
    },
    {
      key: 'numbers',
      label: 'Lista numerowana',
      icon: ListOrdered,
      isActive: (e) => e.isActive('orderedList'),
      run: (e) => e.chain().focus().toggleOrderedList().run(),
    },
  ],
  [
    {
      key: 'quote',
      label: 'Cytat',
      icon: Quote,
      isActive: (e) => e.isActive('blockquote'),
      run: (e) => e.chain().focus().toggleBlockquote().run(),
    },
    {
      key: 'code',
      label: 'Blok kodu',
      icon: SquareCode,
      isActive: (e) => e.isActive('codeBlock'),
      run: (e) => e.chain().focus().toggleCodeBlock().run(),
    },
    {
      key: 'rule',
      label: 'Linia pozioma',
      icon: SeparatorHorizontal,
      run: (e) => e.chain().focus().setHorizontalRule().run(),
    },
  ],
  [
    {
      key: 'link',
      label: 'Wstaw link',
      icon: Link2,
      shortcut: { keys: 'Control+K', label: 'Ctrl+K' },
      run: (_e, actions) => actions.editLink(),
    },
    { key: 'image', label: 'Wstaw obraz', icon: ImagePlus, run: (_e, actions) => actions.pickImage() },
    {
      key: 'imageDescription',
      label: 'Edytuj opis obrazu',
      icon: Captions,
      isEnabled: (e) => e.isActive('image'),
      run: (_e, actions) => actions.describeImage(),
    },
  ],
  [
    align('left', 'Wyrównaj do lewej', AlignLeft),
    align('center', 'Wyśrodkuj', AlignCenter),
    align('right', 'Wyrównaj do prawej', AlignRight),
    align('justify', 'Wyjustuj', AlignJustify),
  ],
];

const ITEMS = GROUPS.flat();
/** Index in ITEMS of each group's first button (roving focus counts across groups). */
const GROUP_STARTS = GROUPS.map((_, index) => GROUPS.slice(0, index).flat().length);

/**
 * The formatting toolbar (ARIA toolbar pattern): one Tab stop, arrow keys, Home and End move between
 * buttons; every button has a Polish name, a tooltip after 700 ms and, for toggles, aria-pressed.
 */
export function EditorToolbar({
  editor,
  disabled,
  actions,
}: {
  editor: Editor;
  disabled?: boolean;
  actions: ToolbarActions;
}) {
  const [focusIndex, setFocusIndex] = useState(0);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  // Re-render on selection changes so pressed states follow the cursor.
  const active = useEditorState({
    editor,
    selector: ({ editor: current }) => ITEMS.map((item) => item.isActive?.(current) ?? null),
  });
  const enabled = useEditorState({
    editor,
    selector: ({ editor: current }) => ITEMS.map((item) => item.isEnabled?.(current) ?? true),
  });

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const last = ITEMS.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? focusIndex === last
          ? 0
          : focusIndex + 1
        : event.key === 'ArrowLeft'
          ? focusIndex === 0
            ? last
            : focusIndex - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    setFocusIndex(next);
    buttons.current[next]?.focus();
  }

  return (
    <HStack
      role="toolbar"
      aria-label="Formatowanie tekstu"
      gap="1"
      flexWrap="wrap"
      p="1.5"
      borderBottomWidth="1px"
      borderColor="border.muted"
      bg="bg.subtle"
      // Stays under the panel's sticky header while a long post scrolls (3.75rem + its border).
      position="sticky"
      top="calc(3.75rem + 1px)"
      zIndex="docked"
      onKeyDown={onKeyDown}
    >
      {GROUPS.map((group, groupIndex) => (
        <Fragment key={group[0]?.key}>
          {groupIndex > 0 && <Separator orientation="vertical" height="6" aria-hidden="true" />}
          {group.map((item, itemIndex) => {
            const position = (GROUP_STARTS[groupIndex] ?? 0) + itemIndex;
            const pressed = active?.[position];
            const Icon = item.icon;
            return (
              <Tooltip.Root key={item.key} openDelay={700} closeDelay={0} positioning={{ placement: 'top' }}>
                <Tooltip.Trigger asChild>
                  <IconButton
                    ref={(element) => {
                      buttons.current[position] = element;
                    }}
                    size="sm"
                    variant={pressed ? 'subtle' : 'ghost'}
                    colorPalette={pressed ? 'brand' : 'gray'}
                    aria-label={item.label}
                    aria-keyshortcuts={item.shortcut?.keys}
                    aria-pressed={pressed === null || pressed === undefined ? undefined : pressed}
                    tabIndex={position === focusIndex ? 0 : -1}
                    disabled={disabled || enabled?.[position] === false}
                    onFocus={() => setFocusIndex(position)}
                    // Keep the text selection: the button must not take it from the editor on mouse down.
                    onMouseDown={(event) => event.preventDefault()}
                    onClick={() => item.run(editor, actions)}
                  >
                    <Icon aria-hidden="true" />
                  </IconButton>
                </Tooltip.Trigger>
                <Portal>
                  <Tooltip.Positioner>
                    <Tooltip.Content>
                      {item.shortcut ? `${item.label} (${item.shortcut.label})` : item.label}
                    </Tooltip.Content>
                  </Tooltip.Positioner>
                </Portal>
              </Tooltip.Root>
            );
          })}
        </Fragment>
      ))}
    </HStack>
  );
}
