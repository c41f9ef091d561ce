import { imageFileProblem } from '@blog/shared/rules';
import { type ChangeEvent, useState } from 'react';

/**
 * A file input for one of the post's images (the cover, the link preview): a file of the wrong kind
 * or over 5 MB is refused when chosen, with the server's own words, and forgotten — the input is
 * renewed (`inputKey`) and `onFile` gets null, so what was stored stays. `reset` renews it after „Usuń”.
 */
export function useImagePicker(onFile: (file: File | null) => void) {
  const [problem, setProblem] = useState<string | null>(null);
  const [inputKey, setInputKey] = useState(0);
  const reset = () => setInputKey((key) => key + 1);

  function pick(next: File | null) {
    const refused = next ? imageFileProblem(next) : null;
    setProblem(refused);
    if (refused) reset();
    onFile(refused ? null : next);
  }

  return {
    problem,
    pick,
    reset,
    inputKey,
    inputProps: {
      type: 'file',
      accept: 'image/*',
      p: '1.5',
      onChange: (event: ChangeEvent<HTMLInputElement>) => pick(event.target.files?.[0] ?? null),
    },
  };
}
