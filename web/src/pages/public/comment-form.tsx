import { Button, Stack, Text } from '@chakra-ui/react';
import { Form, Formik } from 'formik';
import { Send } from 'lucide-react';
import { errorMessage } from '../../api/api-error.ts';
import { addComment } from '../../api/comments.ts';
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

export function CommentForm({ postId, slug }: CommentFormProps) {
  async function submit(values: CommentFormValues, resetForm: () => void) {
    try {
      await addComment(slug, buildCommentPayload(values, postId));
      resetForm();
      showSuccess('Komentarz dodany', 'Dziękujemy! Twój komentarz jest już widoczny pod artykułem.');
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
        <Form noValidate aria-labelledby="comment-form-title">
          <Stack gap="4">
            <Stack gap="1">
              <Text as="h3" id="comment-form-title" fontWeight="semibold" fontSize="lg">
                Dodaj komentarz
              </Text>
              <Text fontSize="sm" color="fg.muted">
                Wszystkie pola są wymagane. Adres e-mail nie zostanie opublikowany.
              </Text>
            </Stack>
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
        </Form>
      )}
    </Formik>
  );
}
