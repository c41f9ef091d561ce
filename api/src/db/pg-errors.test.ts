import pg from 'pg';
import type { Sequelize } from 'sequelize-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppError } from '../errors.ts';
import { OutboxEvent } from '../events/outbox-event.model.ts';
import { Comment } from '../modules/comments/comment.model.ts';
import { Post } from '../modules/posts/post.model.ts';
import { User } from '../modules/users/user.model.ts';
import { buildCategory, buildPost } from '../../test/factories.ts';
import { mapDatabaseError } from './pg-errors.ts';
import { createSequelize } from './sequelize.ts';
import { testDatabaseUrl } from '../../test/test-database.ts';

let sequelize: Sequelize;

beforeAll(() => {
  sequelize = createSequelize(testDatabaseUrl(), { poolMax: 2 });
});

afterAll(async () => {
  await sequelize?.close();
});

/** Runs a query that must fail and returns what the mapper makes of its error. */
async function mapped(query: () => Promise<unknown>): Promise<AppError | undefined> {
  const err = await query().then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(err).toBeDefined();
  return mapDatabaseError(err);
}

describe('mapDatabaseError', () => {
  it('turns malformed input into bad_request', async () => {
    expect(await mapped(() => Post.findByPk('abc'))).toMatchObject({
      code: 'bad_request',
      message: 'Nieprawidłowe dane wejściowe.',
    });
    expect(await mapped(() => sequelize.query(`SELECT 'nie-uuid'::uuid`))).toMatchObject({
      code: 'bad_request',
    });
  });

  it('turns numbers out of range into bad_request', async () => {
    expect(await mapped(() => buildPost({ userId: 3_000_000_000 }))).toMatchObject({
      code: 'bad_request',
      message: 'Liczba jest poza dozwolonym zakresem.',
    });
  });

  it('turns NUL bytes in text into bad_request', async () => {
    // Sequelize rewrites NUL in bound strings to the two characters "\0", so only other paths
    // (a plain pg client, NUL escapes inside JSON) reach PostgreSQL with one.
    const client = new pg.Client({ connectionString: testDatabaseUrl() });
    await client.connect();
    try {
      expect(await mapped(() => client.query('SELECT $1::text', ['zły\u0000znak']))).toMatchObject({
        code: 'bad_request',
        message: 'Tekst zawiera niedozwolone znaki.',
      });
    } finally {
      await client.end();
    }
    expect(
      await mapped(() => OutboxEvent.create({ type: 'test.nul', payload: { text: 'zły\u0000znak' } })),
    ).toMatchObject({ code: 'bad_request', message: 'Tekst zawiera niedozwolone znaki.' });
  });

  it('turns too long text into bad_request', async () => {
    expect(await mapped(() => buildCategory({ name: 'x'.repeat(101) }))).toMatchObject({
      code: 'bad_request',
      message: 'Tekst jest zbyt długi.',
    });
  });

  it('turns duplicates into conflict naming the field', async () => {
    const category = await buildCategory();
    expect(await mapped(() => buildCategory({ name: category.name.toUpperCase() }))).toMatchObject({
      code: 'conflict',
      message: 'Taki wpis już istnieje.',
      details: { field: 'name' },
    });
    const post = await buildPost();
    expect(await mapped(() => buildPost({ slug: post.slug }))).toMatchObject({
      code: 'conflict',
      details: { field: 'slug' },
    });
  });

  it('turns a reference to a missing row into bad_request', async () => {
    const error = await mapped(() =>
      Comment.create({ postId: 2_000_000_000, author: 'Ktoś', email: 'ktos@example.com', content: 'Treść' }),
    );
    expect(error).toMatchObject({ code: 'bad_request', message: 'Powiązany obiekt nie istnieje.' });
  });

  it('turns a broken check or a missing value into bad_request', async () => {
    expect(await mapped(() => buildCategory({ name: ' ' }))).toMatchObject({ code: 'bad_request' });
    // Sequelize's own notNull validation fails before any SQL is sent.
    expect(
      await mapped(() => User.create({ username: null as unknown as string, passwordHash: 'x' })),
    ).toMatchObject({ code: 'bad_request', details: { field: 'username' } });
  });

  it('maps errors of a plain pg client as well', async () => {
    const client = new pg.Client({ connectionString: testDatabaseUrl() });
    await client.connect();
    try {
      expect(await mapped(() => client.query('SELECT $1::int', ['dwa']))).toMatchObject({
        code: 'bad_request',
      });
    } finally {
      await client.end();
    }
  });

  it('leaves errors that are not the client’s fault alone', async () => {
    expect(await mapped(() => sequelize.query('SELECT * FROM no_such_table'))).toBeUndefined();
    expect(mapDatabaseError(new Error('boom'))).toBeUndefined();
    expect(mapDatabaseError(undefined)).toBeUndefined();
    expect(mapDatabaseError({ code: 'ECONNREFUSED' })).toBeUndefined();
  });
});
