import {
  ACCOUNT_MESSAGES,
  CONTROL_CHARACTERS_MESSAGE,
  COMMENT_MESSAGES,
  categoryForm,
} from '@blog/shared/rules';
import { describe, expect, it } from 'vitest';
import { buildCategory, buildPost, uniqueSuffix } from '../../test/factories.ts';
import { clientIp, readError } from '../../test/http.ts';
import { admin, api, create, useAdminPostsApi, validInput } from '../../test/admin-posts.fixtures.ts';
import { Post } from '../modules/posts/post.model.ts';

/**
 * A control character (U+0001, U+000B …) in any text a write accepts is a 400 with a Polish message:
 * stored, one in a post's title made /rss.xml and every category feed invalid XML. One-line texts
 * refuse them all; multi-line texts (a body, a comment, a textarea) keep line feeds and tabs only.
 * Each kind of field below; shared/src/rules/text-shape.test.ts walks every field of every form.
 */

useAdminPostsApi();

const CATEGORY_MESSAGE = categoryForm.fields.name.rules.at(-1)!.message;

describe('a post with a control character', () => {
  it.each([
    ['title', { title: 'Tytuł\u0001wpisu' }],
    ['title', { title: 'Tytuł\u000Bwpisu' }],
    ['excerpt', { excerpt: 'Zajawka\u0001wpisu' }],
    ['excerpt', { excerpt: 'Zajawka\u000Bwpisu' }],
    ['content', { content: '<p>Treść wpisu\u0001 dość długa.</p>' }],
    ['content', { content: '<p>Treść wpisu\u000B dość długa.</p>' }],
    ['imageAlt', { imageAlt: 'Opis\u0001obrazu' }],
    ['metaTitle', { metaTitle: 'Tytuł\u000BSEO' }],
    ['metaDescription', { metaDescription: 'Opis\u0001SEO' }],
    ['content', { content: '<p>Treść wpisu \uFFFF dość długa.</p>' }],
  ])('is refused: %s %j', async (field, overrides) => {
    const input = validInput(overrides);
    const res = await create(admin, input);
    expect(res.status).toBe(400);
    expect(await readError(res)).toEqual({
      error: 'validation_failed',
      message: CONTROL_CHARACTERS_MESSAGE,
      field,
    });
    expect(await Post.count({ where: { slug: input.slug } })).toBe(0);
  });

  it('keeps line feeds and tabs where a person types several lines', async () => {
    const input = validInput({
      content: '<p>Pierwszy akapit.</p>\n\t<p>Drugi akapit.</p>',
      excerpt: 'Pierwsza linia\nDruga linia',
    });
    const res = await create(admin, input);
    expect(res.status).toBe(201);
  });
});

describe('other writes with a control character', () => {
  it('a category name (its own words: it always refused them)', async () => {
    const res = await admin.call('POST', '/api/admin/categories', {
      name: `Zła\u000Bkategoria ${uniqueSuffix()}`,
    });
    expect(await readError(res)).toEqual({
      error: 'validation_failed',
      message: CATEGORY_MESSAGE,
      field: 'name',
    });
  });

  it.each([
    ['content', { content: 'Komentarz\u0001 testowy' }, CONTROL_CHARACTERS_MESSAGE],
    ['content', { content: 'Komentarz\u000B testowy' }, CONTROL_CHARACTERS_MESSAGE],
    ['author', { author: 'Ala\u000BKot' }, COMMENT_MESSAGES.authorInvisible],
  ])('a comment’s %s', async (field, overrides, message) => {
    const category = await buildCategory();
    const post = await buildPost({ categories: [category], published: true });
    const body = {
      author: 'Ola',
      email: 'ola@example.com',
      content: 'Dobry wpis.',
      postId: post.id,
      ...overrides,
    };
    const res = await api.send('POST', `/api/posts/${post.id}/comments`, body, { ip: clientIp() });
    expect(await readError(res)).toEqual({ error: 'validation_failed', message, field });
  });

  it.each([
    ['blogDescription', { blogDescription: 'Opis\u0001bloga' }],
    ['titleLink', { titleLink: 'https://example.com/a\u0001b' }],
  ])('a site setting: %s', async (field, body) => {
    const res = await admin.call('POST', '/api/admin/site-settings', body);
    expect(await readError(res)).toEqual({
      error: 'validation_failed',
      message: CONTROL_CHARACTERS_MESSAGE,
      field,
    });
  });

  it('an account’s display name (its own words)', async () => {
    const res = await admin.call('POST', '/api/admin/users', {
      username: `ala-${uniqueSuffix()}`,
      email: `ala-${uniqueSuffix()}@example.com`,
      displayName: 'Ala\u0001Nowak',
    });
    expect(await readError(res)).toEqual({
      error: 'validation_failed',
      message: ACCOUNT_MESSAGES.displayNameInvisible,
      field: 'displayName',
    });
  });

  it.each([
    ['name', { name: 'Ala\u0001Nowak' }],
    ['message', { message: 'Wiadomość\u000B do autora bloga.' }],
  ])('the contact form’s %s', async (field, overrides) => {
    const body = {
      name: 'Ala Nowak',
      email: 'ala@example.com',
      message: 'Wiadomość do autora bloga.',
      captchaId: '123e4567-e89b-12d3-a456-426614174000',
      captcha: 'abcd',
      ...overrides,
    };
    const res = await api.send('POST', '/api/contact', body, { ip: clientIp() });
    expect(await readError(res)).toEqual({
      error: 'validation_failed',
      message: CONTROL_CHARACTERS_MESSAGE,
      field,
    });
  });

  it('the SMTP test message’s subject', async () => {
    const res = await admin.call('POST', '/api/admin/test-email', {
      email: 'ala@example.com',
      subject: 'Temat\u0001testu',
    });
    expect(await readError(res)).toEqual({
      error: 'validation_failed',
      message: CONTROL_CHARACTERS_MESSAGE,
      field: 'subject',
    });
  });
});
