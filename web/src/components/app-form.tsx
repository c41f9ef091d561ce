import { Form, type FormikFormProps } from 'formik';
import { useEffect, useRef, useState } from 'react';

/**
 * Attributes shared with the entry (web/src/main.tsx), which marks a form submitted before the app owns
 * it: the entry carries no import of its own, so the names are written in both places.
 */
export const EARLY_SUBMIT_ATTRIBUTE = 'data-early-submit';
export const APP_OWNED_ATTRIBUTE = 'data-app-owned';

/**
 * A form the app sends (formik), drawn by the server as `method="dialog"`: outside a dialog the browser
 * then does nothing on a submit before the app's code has arrived — no navigation that would lose what was
 * typed, no fields in an address. The entry marks such a submit, and once the app owns the form (the fields
 * have taken what was typed, TextField) it sends it: the reader's click or Enter is not lost.
 * docs/before-the-script.md
 */
export function AppForm(props: FormikFormProps) {
  const form = useRef<HTMLFormElement>(null);
  const [replay, setReplay] = useState(false);
  useEffect(() => {
    const element = form.current;
    if (!element) return;
    element.setAttribute(APP_OWNED_ATTRIBUTE, '');
    if (!element.hasAttribute(EARLY_SUBMIT_ATTRIBUTE)) return;
    element.removeAttribute(EARLY_SUBMIT_ATTRIBUTE);
    // Sent after the render that carries the typed values into formik's handlers.
    setReplay(true);
  }, []);
  useEffect(() => {
    if (replay) form.current?.requestSubmit();
  }, [replay]);
  return <Form ref={form} method="dialog" {...props} />;
}
