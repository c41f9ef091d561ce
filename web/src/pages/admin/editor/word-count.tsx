import { Text } from '@chakra-ui/react';
import type { Editor } from '@tiptap/react';
import { useEffect, useState } from 'react';
import { textStatistics } from './editor-extensions.ts';

/** Words and reading time of the document; 0 once the editor is gone. */
function statisticsOf(editor: Editor) {
  if (editor.isDestroyed) return { words: 0, minutes: 1 };
  const { doc } = editor.state;
  return textStatistics(doc.textBetween(0, doc.content.size, ' ', ' '));
}

/** The pause in typing after which the word count is counted again (it reads the whole document). */
const COUNT_PAUSE_MS = 300;

/**
 * Words and reading time, recomputed after a pause in typing, and subscribed again when the editor
 * instance changes (a selector bound to a destroyed first instance showed 0 for good).
 */
export function WordCount({ editor }: { editor: Editor }) {
  const [stats, setStats] = useState(() => statisticsOf(editor));
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const update = () => setStats(statisticsOf(editor));
    const later = () => {
      clearTimeout(timer);
      timer = setTimeout(update, COUNT_PAUSE_MS);
    };
    update();
    editor.on('update', later);
    return () => {
      clearTimeout(timer);
      editor.off('update', later);
    };
  }, [editor]);
  const words = stats?.words ?? 0;
  return (
    <Text fontSize="sm" color="fg.muted" px="3" py="1.5" borderTopWidth="1px" borderColor="border.muted">
      <span aria-live="polite">
        Słowa: {words} · Czas czytania: {stats?.minutes ?? 1} min
      </span>
    </Text>
  );
}
