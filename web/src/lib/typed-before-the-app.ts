import { type RefObject, useLayoutEffect, useRef } from 'react';

/**
 * What a reader typed into a server-drawn field before the app took the page over. React hydrates a field
 * keeping the text the browser shows but never tells the component about it: its state stays what the
 * server drew, and the next render would write that back over the text. Read once, in the commit that
 * hydrates the field (a layout effect: before any later render), and handed to `onTyped` when it differs
 * from `value`. Afterwards React sees every keystroke itself. docs/before-the-script.md
 */
export function useTypedBeforeTheApp(
  field: RefObject<HTMLInputElement | HTMLTextAreaElement | null>,
  value: string,
  onTyped: (text: string) => void,
): void {
  const first = useRef({ value, onTyped });
  useLayoutEffect(() => {
    const typed = field.current?.value;
    if (typed !== undefined && typed !== first.current.value) first.current.onTyped(typed);
  }, [field]);
}
