import { POST_MESSAGES } from '@blog/shared/rules';
import { Box, Button, Checkbox, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import type { Editor } from '@tiptap/react';
import { type KeyboardEvent, useId, useState } from 'react';
import { linkEditOutcome } from './editor-urls.ts';

export interface LinkPopoverPosition {
  top: number;
  left: number;
}

interface LinkPopoverProps {
  editor: Editor;
  position: LinkPopoverPosition;
  onClose: () => void;
}

/**
 * Adds, changes or removes the link at the selection (an empty address removes it), with
 * „Otwórz w nowej karcie” (`target="_blank" rel="noopener noreferrer"`, the default). A small
 * non-modal dialog under the selection: Enter saves, Escape closes, and the text keeps its selection.
 */
export function LinkPopover({ editor, position, onClose }: LinkPopoverProps) {
  const existing = editor.getAttributes('link') as { href?: string; target?: string | null };
  const [href, setHref] = useState(existing.href ?? '');
  const [newTab, setNewTab] = useState(existing.href ? existing.target !== '_self' : true);
  const [error, setError] = useState<string | null>(null);
  const titleId = useId();
  const errorId = useId();

  const close = () => {
    onClose();
    editor.commands.focus();
  };

  function save() {
    const outcome = linkEditOutcome(href);
    if (outcome.kind === 'invalid') {
      setError(outcome.message);
      return;
    }
    const chain = editor.chain().focus().extendMarkRange('link');
    if (outcome.kind === 'remove') {
      chain.unsetLink().run();
    } else if (
      !chain
        .setLink({ href: outcome.url, target: newTab ? '_blank' : '_self', rel: 'noopener noreferrer' })
        .run()
    ) {
      setError(POST_MESSAGES.link);
      return;
    }
    // The caret goes after the link, as in Docs and Ghost: what is typed next must not replace the
    // linked text that stayed selected (the link mark is not inclusive, so the new text is plain).
    if (outcome.kind !== 'remove') editor.commands.setTextSelection(editor.state.selection.to);
    onClose();
  }

  // No <form>: this sits inside the post form, and a nested form would submit the post on Enter.
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (
      event.key === 'Enter' &&
      event.target instanceof HTMLInputElement &&
      event.target.type !== 'checkbox'
    ) {
      event.preventDefault();
      event.stopPropagation();
      save();
      return;
    }
    if (event.key !== 'Escape') return;
    event.preventDefault();
    event.stopPropagation();
    close();
  }

  return (
    <Box
      role="dialog"
      aria-labelledby={titleId}
      position="absolute"
      top={`${position.top}px`}
      left={`${position.left}px`}
      zIndex="popover"
      width="min(22rem, calc(100% - 1rem))"
      bg="bg.panel"
      borderWidth="1px"
      borderColor="border"
      borderRadius="l2"
      boxShadow="lg"
      p="3"
      onKeyDown={onKeyDown}
    >
      <Stack gap="3">
        <Text id={titleId} fontWeight="semibold" fontSize="sm">
          {existing.href ? 'Edytuj link' : 'Wstaw link'}
        </Text>
        <Field.Root invalid={error !== null}>
          <Field.Label>Adres linku (URL)</Field.Label>
          <Input
            size="sm"
            value={href}
            autoFocus
            placeholder="https://"
            inputMode="url"
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => {
              setHref(event.target.value);
              setError(null);
            }}
          />
          {error && (
            <Text id={errorId} role="alert" color="fg.error" fontSize="sm">
              {error}
            </Text>
          )}
        </Field.Root>
        <Checkbox.Root
          size="sm"
          checked={newTab}
          onCheckedChange={(details) => setNewTab(details.checked === true)}
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>Otwórz w nowej karcie</Checkbox.Label>
        </Checkbox.Root>
        <HStack gap="2" justify="flex-end" flexWrap="wrap">
          {existing.href && (
            <Button
              size="sm"
              variant="ghost"
              colorPalette="red"
              onClick={() => {
                editor.chain().focus().extendMarkRange('link').unsetLink().run();
                onClose();
              }}
            >
              Usuń link
            </Button>
          )}
          <Button type="button" size="sm" variant="outline" onClick={close}>
            Anuluj
          </Button>
          <Button type="button" size="sm" colorPalette="brand" onClick={save}>
            Zapisz link
          </Button>
        </HStack>
      </Stack>
    </Box>
  );
}
