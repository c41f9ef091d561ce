import { Form, type FormikFormProps, getIn, useFormikContext } from 'formik';
import { useEffect, useRef, useState } from 'react';

/**
 * Attributes shared with the entry (web/src/main.tsx), which marks a form submitted before the app owns
 * it: the entry carries no import of its own, so the names are written in both places.
 */
export const EARLY_SUBMIT_ATTRIBUTE = 'data-early-submit';
export const APP_OWNED_ATTRIBUTE = 'data-app-owned';

type TypedField = HTMLInputElement | HTMLTextAreaElement;
const TEXT_INPUT_TYPES = new Set(['text', 'email', 'password', 'search', 'url', 'tel', 'number']);
const isTypedField = (element: Element): element is TypedField =>
  element instanceof HTMLTextAreaElement ||
  (element instanceof HTMLInputElement && TEXT_INPUT_TYPES.has(element.type));

/**
 * The fields typed into and left before the app took the form over (the reader has moved on from them):
 * their text differs from the form's initial values and the focus is elsewhere.
 */
function fieldsLeftBeforeTheApp(form: HTMLFormElement, initialValues: unknown): string[] {
  return Array.from(form.elements)
    .filter(isTypedField)
    .filter(
      (field) =>
        field.name !== '' &&
        field !== document.activeElement &&
        field.value !== String(getIn(initialValues, field.name) ?? ''),
    )
    .map((field) => field.name);
}

/**
 * A form the app sends (formik), drawn by the server as `method="dialog"`: outside a dialog the browser
 * then does nothing on a submit before the app's code has arrived — no navigation that would lose what was
 * typed, no fields in an address. What the reader did before the app owned the form counts once it does
 * (the fields have taken what was typed, TextField):
 * - a submit, marked by the entry, is sent: the reader's click or Enter is not lost;
 * - a field typed into and left is touched, so its message shows as if it had been left with the app.
 * docs/before-the-script.md
 */
export function AppForm(props: FormikFormProps) {
  const form = useRef<HTMLFormElement>(null);
  const formik = useFormikContext();
  const [replay, setReplay] = useState(false);
  const [left, setLeft] = useState<string[]>([]);
  useEffect(() => {
    const element = form.current;
    if (!element) return;
    element.setAttribute(APP_OWNED_ATTRIBUTE, '');
    // Acted on after the render that carries the typed values into formik's handlers.
    setLeft(fieldsLeftBeforeTheApp(element, formik.initialValues));
    if (!element.hasAttribute(EARLY_SUBMIT_ATTRIBUTE)) return;
    element.removeAttribute(EARLY_SUBMIT_ATTRIBUTE);
    setReplay(true);
    // Once, when the app takes the form over.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => {
    if (left.length === 0) return;
    void formik.setTouched({ ...formik.touched, ...Object.fromEntries(left.map((name) => [name, true])) });
    // Once, for the fields found on taking over.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [left]);
  useEffect(() => {
    if (replay) form.current?.requestSubmit();
  }, [replay]);
  return <Form ref={form} method="dialog" {...props} />;
}
