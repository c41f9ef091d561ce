import { HStack, IconButton, Separator } from '@chakra-ui/react';
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
  Info,
  ListCollapse,
  MousePointerClick,
  Table,
  Captions,
  GalleryHorizontal,
  Clapperboard,
  CodeXml,
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
import { Fragment, type KeyboardEvent, memo, useRef, useState } from 'react';
import { NEW_TABLE } from './cards/table-card.ts';
import type { TextAlignment } from './editor-extensions.ts';
import { HTML_CARD_LABEL } from './html-card.ts';

/** What the editor around the toolbar does for the buttons that open something (a dialog, a picker). */
export interface ToolbarActions {
  pickImage: () => void;
  editLink: () => void;
  /** Opens the image dialog for the selected image's alt text and caption. */
  describeImage: () => void;
  /** Opens the button dialog: for the selected button card, or a new one. */
  editButton: () => void;
  /** Asks for the address of a player to embed („Osadź”). */
  embed: () => void;
  /** Picks 2–9 images for a new gallery. */
  pickGallery: () => void;
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
  /** Shown to administrators only (the HTML card, whose source only they edit). */
  administratorsOnly?: boolean;
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
      key: 'codeBlock',
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
    {
      key: 'gallery',
      label: 'Galeria',
      icon: GalleryHorizontal,
      run: (_e, actions) => actions.pickGallery(),
    },
    { key: 'embed', label: 'Osadź', icon: Clapperboard, run: (_e, actions) => actions.embed() },
  ],
  // Cards.
  [
    {
      key: 'table',
      label: 'Tabela',
      icon: Table,
      isEnabled: (e) => !e.isActive('table'),
      run: (e) => e.chain().focus().insertTable(NEW_TABLE).run(),
    },
    {
      key: 'callout',
      label: 'Ramka',
      icon: Info,
      isActive: (e) => e.isActive('calloutCard'),
      run: (e) => e.chain().focus().toggleWrap('calloutCard').run(),
    },
    {
      key: 'button',
      label: 'Przycisk',
      icon: MousePointerClick,
      isActive: (e) => e.isActive('buttonCard'),
      run: (_e, actions) => actions.editButton(),
    },
    {
      key: 'toggle',
      label: 'Rozwijany blok',
      icon: ListCollapse,
      run: (e) => e.chain().focus().insertToggle().run(),
    },
    {
      key: 'htmlCard',
      label: HTML_CARD_LABEL,
      icon: CodeXml,
      administratorsOnly: true,
      run: (e) => e.chain().focus().insertHtmlCard().run(),
    },
  ],
  [
    align('left', 'Wyrównaj do lewej', AlignLeft),
    align('center', 'Wyśrodkuj', AlignCenter),
    align('right', 'Wyrównaj do prawej', AlignRight),
    align('justify', 'Wyjustuj', AlignJustify),
  ],
];

/** The buttons a person sees: an administrator all of them, anyone else all but the HTML card. */
const layout = (administrator: boolean) => {
  const groups = GROUPS.map((group) => group.filter((item) => administrator || !item.administratorsOnly));
  return {
    groups,
    items: groups.flat(),
    /** Index in items of each group's first button (roving focus counts across groups). */
    starts: groups.map((_, index) => groups.slice(0, index).flat().length),
  };
};
const LAYOUTS = { administrator: layout(true), other: layout(false) };

/** The toolbar item with this key (the `/` menu runs the same commands). */
export function toolbarItem(key: string): ToolbarItem | undefined {
  return GROUPS.flat().find((item) => item.key === key);
}

/**
 * The formatting toolbar (ARIA toolbar pattern): one Tab stop, arrow keys, Home and End move between
 * buttons; every button has a Polish name, the browser's tooltip (`title`, with the shortcut) and, for toggles, aria-pressed.
 */
export const EditorToolbar = memo(function EditorToolbar({
  editor,
  disabled,
  actions,
  administrator = false,
}: {
  editor: Editor;
  disabled?: boolean;
  actions: ToolbarActions;
  /** Whether the person administers the site (the HTML card's button). */
  administrator?: boolean;
}) {
  const shown = administrator ? LAYOUTS.administrator : LAYOUTS.other;
  const [focusIndex, setFocusIndex] = useState(0);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  // Re-render on selection changes so pressed states follow the cursor.
  const active = useEditorState({
    editor,
    selector: ({ editor: current }) => shown.items.map((item) => item.isActive?.(current) ?? null),
  });
  const enabled = useEditorState({
    editor,
    selector: ({ editor: current }) => shown.items.map((item) => item.isEnabled?.(current) ?? true),
  });

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const last = shown.items.length - 1;
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
      {shown.groups.map((group, groupIndex) => (
        <Fragment key={group[0]?.key}>
          {groupIndex > 0 && <Separator orientation="vertical" height="6" aria-hidden="true" />}
          {group.map((item, itemIndex) => {
            const position = (shown.starts[groupIndex] ?? 0) + itemIndex;
            const pressed = active?.[position];
            const Icon = item.icon;
            return (
              <IconButton
                key={item.key}
                ref={(element) => {
                  buttons.current[position] = element;
                }}
                size="sm"
                variant={pressed ? 'subtle' : 'ghost'}
                colorPalette={pressed ? 'brand' : 'gray'}
                aria-label={item.label}
                aria-keyshortcuts={item.shortcut?.keys}
                aria-pressed={pressed === null || pressed === undefined ? undefined : pressed}
                // The browser's own tooltip: the name, with the shortcut when there is one.
                title={item.shortcut ? `${item.label} (${item.shortcut.label})` : item.label}
                tabIndex={position === focusIndex ? 0 : -1}
                disabled={disabled || enabled?.[position] === false}
                onFocus={() => setFocusIndex(position)}
                // Keep the text selection: the button must not take it from the editor on mouse down.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => item.run(editor, actions)}
              >
                <Icon aria-hidden="true" />
              </IconButton>
            );
          })}
        </Fragment>
      ))}
    </HStack>
  );
});
