import { describe, expect, it } from 'vitest';
import { ValidationError } from 'yup';
import { buildCommentPayload, commentInitialValues, commentSchema } from './comment-form.form.ts';

const valid = { author: 'Ola', email: 'ola@example.com', content: 'Świetny tekst!' };

/** The message of the first error for one field, or null when the field is valid. */
async function errorFor(values: Record<string, unknown>, field: string): Promise<string | null> {
  try {
    await commentSchema.validateAt(field, values);
    return null;
  } catch (error) {
    if (error instanceof ValidationError) return error.message;
    throw error;
  }
}

describe('commentSchema', () => {
  it('accepts a valid comment', async () => {
    await expect(commentSchema.isValid(valid)).resolves.toBe(true);
  });

  it('starts empty', () => {
    expect(commentInitialValues).toEqual({ author: '', email: '', content: '' });
  });

  it.each([undefined, '', 'A', ' A '])('rejects the name %j', async (author) => {
    expect(await errorFor({ ...valid, author }, 'author')).toBe('Name must be at least 2 characters');
  });

  it.each(['Ala\u202Enimda', 'Ad\u200Bmin', 'Ala\u2066x'])(
    'rejects the name %j (bidi control or zero-width character) before calling the server',
    async (author) => {
      expect(await errorFor({ ...valid, author }, 'author')).toBe(
        'Imię nie może zawierać znaków sterujących (np. nowej linii), niewidocznych znaków ani znaków zmieniających kierunek tekstu',
      );
    },
  );

  it('accepts a two-letter name', async () => {
    expect(await errorFor({ ...valid, author: 'Jo' }, 'author')).toBeNull();
  });

  it.each([undefined, '', 'ola', 'ola@', 'ola@@example.com'])('rejects the e-mail %j', async (email) => {
    expect(await errorFor({ ...valid, email }, 'email')).toBe('Invalid email address');
  });

  it.each([undefined, '', 'ok', '  ok  '])('rejects the comment %j', async (content) => {
    expect(await errorFor({ ...valid, content }, 'content')).toBe('Comment must be at least 3 characters');
  });

  it('accepts a three-character comment', async () => {
    expect(await errorFor({ ...valid, content: 'Wow' }, 'content')).toBeNull();
  });
});

describe('buildCommentPayload', () => {
  it('trims the values and adds the post id', () => {
    expect(
      buildCommentPayload({ author: ' Ola ', email: ' ola@example.com ', content: ' Dzięki! \n' }, 42),
    ).toEqual({ author: 'Ola', email: 'ola@example.com', content: 'Dzięki!', postId: 42 });
  });
});
