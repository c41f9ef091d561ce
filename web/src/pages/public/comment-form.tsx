import { Button, Stack, Text } from '@chakra-ui/react';
import { Formik } from 'formik';
import { AppForm } from '../../components/app-form.tsx';
import { useState } from 'react';
import { Send } from 'lucide-react';
import { errorMessage } from '../../api/api-error.ts';
import { addComment } from '../../api/comments.ts';
import { useSiteSettings } from '../../api/site-settings.ts';
import { TextField } from '../../components/text-field.tsx';
import { showError, showSuccess } from '../../lib/toast.ts';
import {
  buildCommentPayload,
  type CommentFormValues,
  commentInitialValues,
  commentSchema,
} from './comment-form.form.ts';

interface CommentFormProps {
  postId: number;
  /** The slug the article is cached under, refreshed after a comment is added. */
  slug: string;
}

/** With the approval queue on, a new comment waits; the reader is told so, and stays told. */
const AWAITS_APPROVAL =
  'Komentarz czeka na zatwierdzenie. Pojawi się pod artykułem, gdy moderator go zatwierdzi.';

export function CommentForm({ postId, slug }: CommentFormProps) {
  const { settings } = useSiteSettings();
  const [awaiting, setAwaiting] = useState(false);
  async function submit(values: CommentFormValues, resetForm: () => void) {
    try {
      const created = await addComment(slug, buildCommentPayload(values, postId));
      resetForm();
      setAwaiting(created.status === 'pending');
      if (created.status === 'pending') showSuccess('Komentarz wysłany', AWAITS_APPROVAL);
      else showSuccess('Komentarz dodany', 'Dziękujemy! Twój komentarz jest już widoczny pod artykułem.');
    } catch (error) {
      showError('Wystąpił błąd', errorMessage(error));
    }
  }

  return (
    <Formik<CommentFormValues>
      initialValues={commentInitialValues}
      validationSchema={commentSchema}
      onSubmit={(values, helpers) => submit(values, () => helpers.resetForm())}
    >
      {({ isSubmitting }) => (
        <AppForm noValidate aria-labelledby="comment-form-title">
          <Stack gap="4">
            <Stack gap="1">
              <Text as="h3" id="comment-form-title" fontWeight="semibold" fontSize="lg">
                Dodaj komentarz
              </Text>
              <Text fontSize="sm" color="fg.muted">
                Wszystkie pola są wymagane. Adres e-mail nie zostanie opublikowany.
                {settings?.commentsRequireApproval &&
                  ' Komentarze pojawiają się po zatwierdzeniu przez moderatora.'}
              </Text>
            </Stack>
            <Text role="status" color="fg" fontWeight="medium" hidden={!awaiting}>
              {awaiting ? AWAITS_APPROVAL : ''}
            </Text>
            <Stack direction={{ base: 'column', md: 'row' }} gap="4">
              <TextField name="author" label="Imię" autoComplete="name" required />
              <TextField name="email" label="Adres e-mail" type="email" autoComplete="email" required />
            </Stack>
            <TextField name="content" label="Komentarz" multiline rows={5} required />
            <Button
              type="submit"
              colorPalette="brand"
              alignSelf="flex-start"
              loading={isSubmitting}
              loadingText="Dodawanie..."
            >
              <Send aria-hidden="true" />
              Dodaj komentarz
            </Button>
          </Stack>
        </AppForm>
      )}
    </Formik>
  );
}
