import { randomUUID } from 'node:crypto';
import { mkdir, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { readLog } from '@blog/api/logs';
import { SETTING_KEYS } from '@blog/api/settings';
import { EmailDelivery } from '@blog/api/models';
import { buildEmailDelivery, buildPost, startTestApi, type TestApi } from '@blog/api/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processDeliveriesPrune } from './deliveries-prune.ts';
import { processUploadsPrune } from './uploads-prune.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.close();
});

describe('housekeeping', () => {
  it('deletes delivery records past the retention period, keeping recent and pending ones', async () => {
    const old = new Date(Date.now() - 100 * 24 * 3600_000);
    const [oldSent, oldPending, recent] = await Promise.all([
      buildEmailDelivery({ eventId: randomUUID(), status: 'sent' }),
      buildEmailDelivery({ eventId: randomUUID(), status: 'pending' }),
      buildEmailDelivery({ eventId: randomUUID(), status: 'failed' }),
    ]);
    await api.runtime.sequelize.query('UPDATE email_deliveries SET updated_at = :old WHERE id IN (:ids)', {
      replacements: { old, ids: [oldSent.id, oldPending.id] },
    });
    const result = await processDeliveriesPrune({ olderThanDays: 90 }, api.runtime);
    expect(result.deleted).toBeGreaterThanOrEqual(1);
    const left = (await EmailDelivery.findAll({ where: { id: [oldSent.id, oldPending.id, recent.id] } })).map(
      (d) => d.id,
    );
    expect(left.sort()).toEqual([oldPending.id, recent.id].sort());
    const system = await readLog(api.runtime, 'system', 50);
    expect(system.entries[0]!.message).toMatch(/^Porządkowanie: usunięto \d+ rekordów wysyłek e-mail/);
  });

  it('deletes uploads no post uses once past the grace period, keeping used, variant and fresh files', async () => {
    const dir = api.config.uploadsDir;
    await mkdir(dir, { recursive: true });
    const stem = `img${randomUUID().replaceAll('-', '')}`;
    await buildPost({ imageUrl: `/uploads/${stem}.jpg` });
    // An upload made by the editor: its cover is the widest file, the narrower widths are srcset variants.
    const id = randomUUID().replaceAll('-', '');
    await buildPost({ imageUrl: `/uploads/${id}-1600w.webp` });
    // A link-preview image (SEO and sharing panel) is used too.
    const social = randomUUID().replaceAll('-', '');
    await buildPost({ socialImageUrl: `/uploads/${social}-1200w.webp` });
    const names = [
      `${stem}.jpg`,
      `${id}-1600w.webp`,
      `${id}-480w.webp`,
      `${id}-960w.webp`,
      `${social}-1200w.webp`,
      'unused-old.png',
      'unused-fresh.png',
    ];
    for (const name of names) await writeFile(path.join(dir, name), 'x');
    const twoDaysAgo = new Date(Date.now() - 48 * 3600_000);
    for (const name of names.slice(0, 6)) await utimes(path.join(dir, name), twoDaysAgo, twoDaysAgo);

    const result = await processUploadsPrune({ graceHours: 24 }, api.runtime);
    expect(result.deleted).toEqual(['unused-old.png']);
  });

  it('keeps uploads the About page or a post revision shows (image-references)', async () => {
    const dir = api.config.uploadsDir;
    await mkdir(dir, { recursive: true });
    const hex = () => randomUUID().replaceAll('-', '');
    // The About page editor's image: /api/images/… in src and srcset, as POST /admin/images answers.
    const about = hex();
    await api.runtime.sequelize.query(
      `INSERT INTO site_settings (key, value) VALUES (:key, :value)
       ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
      {
        replacements: {
          key: SETTING_KEYS.aboutPageContent,
          value: `<p><img src="/api/images/${about}-960w.webp" srcset="/api/images/${about}-480w.webp 480w, /api/images/${about}-960w.webp 960w"></p>`,
        },
      },
    );
    // An image only an older revision of a post shows, in its body and as its cover: a restore brings them back.
    const inBody = hex();
    const cover = hex();
    const post = await buildPost({});
    await api.runtime.sequelize.query(
      `INSERT INTO post_revisions (post_id, title, slug, content, image_url, published)
       VALUES (:postId, 'Stara wersja', :slug, :content, :cover, false)`,
      {
        replacements: {
          postId: post.id,
          slug: post.slug,
          content: `<p><img src="/api/images/${inBody}-480w.webp"></p>`,
          cover: `/uploads/${cover}-1600w.webp`,
        },
      },
    );
    const unused = hex();
    const names = [
      `${about}-480w.webp`,
      `${about}-960w.webp`,
      `${inBody}-480w.webp`,
      `${cover}-960w.webp`,
      `${cover}-1600w.webp`,
      `${unused}-480w.webp`,
    ];
    const twoDaysAgo = new Date(Date.now() - 48 * 3600_000);
    for (const name of names) {
      await writeFile(path.join(dir, name), 'x');
      await utimes(path.join(dir, name), twoDaysAgo, twoDaysAgo);
    }

    const result = await processUploadsPrune({ graceHours: 24 }, api.runtime);
    expect(result.deleted).toEqual([`${unused}-480w.webp`]);
  });
});
