import { Box, Field, Skeleton, Text } from '@chakra-ui/react';
import { useField } from 'formik';
import { lazy, startTransition, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react';
import { BODY_SYNC_PAUSE_MS, type PostBody } from './post-body.ts';

// The editor is its own chunk, fetched only when a post form opens (never in the reader's download).
const RichTextEditor = lazy(async () => ({
  default: (await import('../editor/rich-text-editor.tsx')).RichTextEditor,
}));

/**
 * The body. An existing post's body is edited live with whoever else has it open (`postId`); a
 * restored draft or the server's copy (`replacing`) then replaces the shared body for everyone.
 */
export function ContentField({
  disabled,
  body,
  postId,
  replacing,
}: {
  disabled: boolean;
  body: PostBody;
  postId?: number;
  replacing: boolean;
}) {
  const [field, meta, helpers] = useField<string>('content');
  const labelId = useId();
  const errorId = useId();
  const invalid = Boolean(meta.touched && meta.error);
  // The editor starts from the value it had when the form opened; later it is the source of the value.
  const [initialHtml] = useState(field.value);
  const setValue = useRef(helpers.setValue);
  const setTouched = useRef(helpers.setTouched);
  // An error shown under the body is checked again after a pause in typing (the blur and the save
  // validate anyway).
  const showsError = useRef(invalid);
  useEffect(() => {
    setValue.current = helpers.setValue;
    setTouched.current = helpers.setTouched;
    showsError.current = invalid;
  });
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // The form takes the HTML as a transition: React renders the form in slices between keys.
  const take = useCallback(() => {
    clearTimeout(timer.current);
    const html = body.read();
    if (html === null || !body.pending()) return;
    body.markTaken();
    startTransition(() => void setValue.current(html, showsError.current));
  }, [body]);
  useEffect(() => () => clearTimeout(timer.current), []);
  const onChange = useCallback(() => {
    body.markChanged();
    clearTimeout(timer.current);
    // While typing the form is not re-rendered at all, unless an error under the field should clear.
    if (showsError.current) timer.current = setTimeout(take, BODY_SYNC_PAUSE_MS);
  }, [body, take]);
  const onBlur = useCallback(() => {
    take();
    void setTouched.current(true);
  }, [take]);
  const attach = useCallback((reader: (() => string | null) | null) => body.attach(reader), [body]);
  return (
    <Field.Root invalid={invalid} required>
      <Text as="span" id={labelId} fontWeight="medium" fontSize="sm">
        Treść
      </Text>
      <Box width="full">
        <Suspense
          fallback={
            <Skeleton height="350px" borderRadius="l2" role="status" aria-label="Ładowanie edytora..." />
          }
        >
          <RichTextEditor
            initialHtml={initialHtml}
            labelId={labelId}
            describedById={invalid ? errorId : undefined}
            invalid={invalid}
            disabled={disabled}
            onChange={onChange}
            onBlur={onBlur}
            onReader={attach}
            collabPostId={postId}
            replaceSharedContent={replacing}
          />
        </Suspense>
      </Box>
      <Field.ErrorText id={errorId}>{meta.error}</Field.ErrorText>
    </Field.Root>
  );
}
