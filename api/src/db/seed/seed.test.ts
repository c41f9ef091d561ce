import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { QueryTypes } from 'sequelize';
import type { Sequelize } from 'sequelize-typescript';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../logger.ts';
import { passwordRuleViolation, verifyPassword } from '../../modules/auth/password.ts';
import { Category } from '../../modules/categories/category.model.ts';
import { Comment } from '../../modules/comments/comment.model.ts';
import { htmlToText } from '../../html/html-text.ts';
import { Post } from '../../modules/posts/post.model.ts';
import { SETTING_KEYS } from '../../modules/settings/setting-keys.ts';
import { SiteSetting } from '../../modules/settings/site-setting.model.ts';
import { User } from '../../modules/users/user.model.ts';
import type { ScratchDatabase } from '../scratch-database.ts';
import { createSequelize } from '../sequelize.ts';
import { DEMO_CATEGORIES, DEMO_POSTS } from './demo-posts.ts';
import { INITIAL_ADMIN_PASSWORD_FILE, type SeedConfig, seedInitialData } from './index.ts';
import { createMigratedScratchDatabase } from '../../../test/test-database.ts';

const logger = createLogger('silent');
const TABLES = [
  'users',
  'posts',
  'categories',
  'post_categories',
  'tags',
  'post_tags',
  'comments',
  'site_settings',
];

let database: ScratchDatabase;
let sequelize: Sequelize;
let dataDir: string;
let config: SeedConfig;

beforeAll(async () => {
  database = await createMigratedScratchDatabase('blog_scratch_seed');
  sequelize = createSequelize(database.url, { poolMax: 4, logger });
});

afterAll(async () => {
  await sequelize?.close();
  await database?.drop();
});

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'blog-seed-test-'));
  config = {
    ADMIN_USERNAME: 'admin',
    ADMIN_EMAIL: 'admin@example.com',
    ADMIN_PASSWORD: undefined,
    dataDir,
    uploadsDir: path.join(dataDir, 'uploads'),
  };
  return () => rm(dataDir, { recursive: true, force: true });
});

async function emptyDatabase(): Promise<void> {
  await sequelize.query(`TRUNCATE ${TABLES.join(', ')} RESTART IDENTITY CASCADE`);
}

/** Every row of every seeded table, as one comparable fingerprint per table. */
async function snapshot(): Promise<Record<string, string>> {
  const result: Record<string, string> = {};
  for (const table of TABLES) {
    const [row] = await sequelize.query<{ digest: string | null; rows: string }>(
      `SELECT md5(string_agg(t::text, '|' ORDER BY t::text)) AS digest, count(*) AS rows FROM ${table} t`,
      { type: QueryTypes.SELECT },
    );
    result[table] = `${row!.rows}:${row!.digest}`;
  }
  return result;
}

async function uploadsState(): Promise<Record<string, number>> {
  const files = await readdir(config.uploadsDir);
  const entries = await Promise.all(
    files.map(async (file) => [file, (await stat(path.join(config.uploadsDir, file))).mtimeMs] as const),
  );
  return Object.fromEntries(entries);
}

describe('seedInitialData on an empty database', () => {
  it('creates the first admin with a generated password, returned and written to a private file', async () => {
    await emptyDatabase();
    const result = await seedInitialData({ sequelize, config, logger });

    const password = result.createdAdmin?.password;
    expect(result.createdAdmin?.username).toBe('admin');
    expect(password && passwordRuleViolation(password)).toBeNull();
    const file = path.join(dataDir, INITIAL_ADMIN_PASSWORD_FILE);
    expect(await readFile(file, 'utf8')).toBe(`${password}\n`);
    expect((await stat(file)).mode & 0o777).toBe(0o600);

    const admin = await User.findOne({ where: { username: 'admin' } });
    expect(admin).toMatchObject({ role: 'admin', isActive: true, email: 'admin@example.com' });
    expect(await verifyPassword(admin!.passwordHash, password!)).toBe(true);
  });

  it('creates the demo posts with categories, tags, comments and images on disk', async () => {
    await emptyDatabase();
    await seedInitialData({ sequelize, config, logger });
    const admin = await User.findOne({ where: { role: 'admin' } });
    const posts = await Post.findAll({
      include: ['categories', 'tags', 'comments'],
      order: [['createdAt', 'DESC']],
    });
    expect(posts).toHaveLength(DEMO_POSTS.length);
    expect((await Category.findAll()).map((category) => category.name).sort()).toEqual(
      [...DEMO_CATEGORIES].sort(),
    );
    expect(await Comment.count()).toBeGreaterThanOrEqual(5);

    const createdAt = posts.map((post) => post.createdAt.getTime());
    expect(new Set(createdAt).size).toBe(posts.length);
    expect(createdAt[0]! - createdAt.at(-1)!).toBeGreaterThan(14 * 86_400_000);

    const withoutImage = posts.filter((post) => post.imageUrl === null);
    expect(withoutImage).toHaveLength(1);
    for (const post of posts) {
      expect(post.published).toBe(true);
      expect(post.userId).toBe(admin!.id);
      expect(post.excerpt).toBeTruthy();
      expect(post.categories!.length).toBeGreaterThanOrEqual(1);
      expect(post.categories!.length).toBeLessThanOrEqual(2);
      expect(post.tags!.length).toBeGreaterThanOrEqual(1);
      expect(post.tags!.length).toBeLessThanOrEqual(3);
      for (const tag of ['<h2>', '<p>', '<ul>', '<strong>']) expect(post.content).toContain(tag);
      expect(post.contentText).toBe(htmlToText(post.content));
      expect(post.contentText).not.toMatch(/[<>]/);
      expect(post.updatedAt.getTime()).toBe(post.createdAt.getTime());
      if (post.imageUrl === null) continue;
      expect(post.imageUrl).toMatch(/^\/uploads\/[a-z0-9-]+\.webp$/);
      const metadata = await sharp(path.join(config.uploadsDir, path.basename(post.imageUrl))).metadata();
      expect(metadata).toMatchObject({ format: 'webp', width: 1200, height: 800 });
    }
    expect((await SiteSetting.findOne({ where: { key: SETTING_KEYS.demoContentSeeded } }))?.value).toBe(
      'true',
    );
  });
});

describe('seedInitialData run again', () => {
  it('changes nothing and returns no admin', async () => {
    await emptyDatabase();
    await seedInitialData({ sequelize, config, logger });
    const before = await snapshot();
    const filesBefore = await uploadsState();

    expect(await seedInitialData({ sequelize, config, logger })).toEqual({});
    expect(await snapshot()).toEqual(before);
    expect(await uploadsState()).toEqual(filesBefore);
  });

  it('never brings demo content back once it was seeded, even after everything was deleted', async () => {
    await emptyDatabase();
    await seedInitialData({ sequelize, config, logger });
    expect(await Post.count()).toBe(DEMO_POSTS.length);
    await Post.destroy({ where: {} });
    await Category.destroy({ where: {} });
    await seedInitialData({ sequelize, config, logger });
    expect(await Post.count()).toBe(0);
    expect(await Category.count()).toBe(0);
  });

  it('skips demo content for good when the database already had content', async () => {
    await emptyDatabase();
    await Category.create({ name: 'Moja kategoria' });
    await seedInitialData({ sequelize, config, logger });
    expect(await Post.count()).toBe(0);
    expect((await SiteSetting.findOne({ where: { key: SETTING_KEYS.demoContentSeeded } }))?.value).toBe(
      'false',
    );
    await Category.destroy({ where: {} });
    await seedInitialData({ sequelize, config, logger });
    expect(await Post.count()).toBe(0);
  });

  it('leaves demo content alone when the caller turns it off', async () => {
    await emptyDatabase();
    const result = await seedInitialData({ sequelize, config, logger, demoContent: false });
    expect(result.createdAdmin?.username).toBe('admin');
    expect(await Post.count()).toBe(0);
    expect(await SiteSetting.count()).toBe(0);
  });

  it('seeds once when several processes start together', async () => {
    await emptyDatabase();
    const results = await Promise.all([1, 2, 3].map(() => seedInitialData({ sequelize, config, logger })));
    expect(results.filter((result) => result.createdAdmin)).toHaveLength(1);
    expect(await User.count()).toBe(1);
    expect(await Post.count()).toBe(DEMO_POSTS.length);
  });
});

describe('first admin from the environment', () => {
  it('uses ADMIN_PASSWORD when it meets the rules, and writes no file', async () => {
    await emptyDatabase();
    const result = await seedInitialData({
      sequelize,
      config: { ...config, ADMIN_USERNAME: 'szef', ADMIN_PASSWORD: 'Mocne-Hasło1' },
      logger,
      demoContent: false,
    });
    expect(result).toEqual({ createdAdmin: { username: 'szef' } });
    const admin = await User.findOne({ where: { username: 'szef' } });
    expect(await verifyPassword(admin!.passwordHash, 'Mocne-Hasło1')).toBe(true);
    await expect(stat(path.join(dataDir, INITIAL_ADMIN_PASSWORD_FILE))).rejects.toThrow();
  });

  it('refuses a weak ADMIN_PASSWORD with a clear error and creates nobody', async () => {
    await emptyDatabase();
    await expect(
      seedInitialData({
        sequelize,
        config: { ...config, ADMIN_PASSWORD: 'slabe' },
        logger,
        demoContent: false,
      }),
    ).rejects.toThrow(
      /ADMIN_PASSWORD does not meet the password rules.*Hasło musi mieć co najmniej 8 znaków/,
    );
    expect(await User.count()).toBe(0);
  });

  it('refuses to take over a non-admin account with the admin username', async () => {
    await emptyDatabase();
    await User.create({ username: 'Admin', passwordHash: 'x', role: 'subscriber' });
    await expect(seedInitialData({ sequelize, config, logger, demoContent: false })).rejects.toThrow(
      /username "admin" belongs to a user who is not an admin/,
    );
  });

  it('does nothing while any admin exists, whatever its name', async () => {
    await emptyDatabase();
    await User.create({ username: 'inny-admin', passwordHash: 'x', role: 'admin' });
    expect(await seedInitialData({ sequelize, config, logger, demoContent: false })).toEqual({});
    expect(await User.count()).toBe(1);
  });
});
