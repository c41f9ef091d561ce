import type { Captcha } from '@blog/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser } from '../../../test/browser.ts';
import { buildContactMessage, buildUser } from '../../../test/factories.ts';
import { startTestApi, type TestApi } from '../../../test/harness.ts';
import { clientIp, clientIpv6Network, readError } from '../../../test/http.ts';
import { ContactMessage } from './contact-message.model.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ TRUST_PROXY: '1' });
});
afterAll(async () => {
  await api?.close();
});

/** A fresh captcha and its answer, read from Redis where the server keeps it. */
async function solvedCaptcha() {
  const res = await api.fetch('/api/contact/captcha', { headers: { 'x-forwarded-for': clientIp() } });
  expect(res.status).toBe(200);
  const captcha = (await res.json()) as Captcha;
  const answer = await api.runtime.redis.get(`${api.config.REDIS_PREFIX}:captcha:${captcha.captchaId}`);
  return { captcha, answer: answer! };
}

const send = (body: unknown, ip = clientIp()) => api.send('POST', '/api/contact', body, { ip });
const message = (extra: object) => ({
  name: 'Jan Kowalski',
  email: 'jan@example.com',
  message: `Dzień dobry, mam pytanie o artykuł ${Math.random()}.`,
  ...extra,
});

describe('contact form', () => {
  it('serves a captcha as a raster PNG, with no markup a script could read, and without its answer', async () => {
    const { captcha, answer } = await solvedCaptcha();
    expect(captcha.image).toMatch(/^data:image\/png;base64,/);
    const bytes = Buffer.from(captcha.image.slice('data:image/png;base64,'.length), 'base64');
    expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(bytes.toString('latin1')).not.toMatch(/<svg|<path/i);
    const { width, height } = await sharp(bytes).metadata();
    expect({ width, height }).toEqual({ width: 180, height: 64 });
    expect(answer).toMatch(/^[a-z0-9]{5}$/i);
    expect(JSON.stringify(captcha)).not.toContain(answer);
  });

  it('stores a message with a correct code (any letter case)', async () => {
    const { captcha, answer } = await solvedCaptcha();
    const body = message({ captchaId: captcha.captchaId, captcha: answer.toUpperCase() });
    const res = await send(body);
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ message: 'Dziękujemy! Wiadomość została wysłana.' });
    expect(await ContactMessage.count({ where: { message: body.message } })).toBe(1);
  });

  it('rejects a wrong code, and a code used once cannot be used again', async () => {
    const { captcha, answer } = await solvedCaptcha();
    const wrong = await send(message({ captchaId: captcha.captchaId, captcha: 'zzzzz' }));
    expect(wrong.status).toBe(400);
    expect(await readError(wrong)).toEqual({
      error: 'bad_request',
      message: 'Nieprawidłowy kod zabezpieczający. Spróbuj ponownie z nowym kodem.',
      field: 'captcha',
    });
    const reused = await send(message({ captchaId: captcha.captchaId, captcha: answer }));
    expect(reused.status).toBe(400);
  });

  it.each([
    ['name', { name: 'J' }, 'Imię musi mieć co najmniej 2 znaki'],
    ['email', { email: 'jan@' }, 'Podaj prawidłowy adres email'],
    ['message', { message: 'Za krótko' }, 'Wiadomość musi mieć co najmniej 10 znaków'],
    ['captcha', { captcha: 'abc' }, 'Kod zabezpieczający jest wymagany'],
    ['captcha', { captcha: undefined }, 'Kod zabezpieczający jest wymagany'],
  ])('rejects a bad %s with a clear message and stores nothing', async (field, override, text) => {
    const { captcha, answer } = await solvedCaptcha();
    const body = message({ captchaId: captcha.captchaId, captcha: answer, ...override });
    const res = await send(body);
    expect(res.status).toBe(400);
    expect(await readError(res)).toEqual({ error: 'validation_failed', message: text, field });
    expect(await ContactMessage.count({ where: { message: body.message } })).toBe(0);
  });

  it('limits messages per client to five an hour', async () => {
    const ip = clientIp();
    for (let i = 0; i < 5; i++) {
      const { captcha, answer } = await solvedCaptcha();
      expect((await send(message({ captchaId: captcha.captchaId, captcha: answer }), ip)).status).toBe(201);
    }
    const { captcha, answer } = await solvedCaptcha();
    const limited = await send(message({ captchaId: captcha.captchaId, captcha: answer }), ip);
    expect(limited.status).toBe(429);
    expect((await readError(limited)).message).toBe(
      'Wysłano zbyt wiele wiadomości. Spróbuj ponownie później.',
    );
  });

  it('limits messages and captchas per IPv6 /64, not per address', async () => {
    const network = clientIpv6Network();
    for (let host = 1; host <= 5; host++) {
      const { captcha, answer } = await solvedCaptcha();
      const res = await send(message({ captchaId: captcha.captchaId, captcha: answer }), network.host(host));
      expect(res.status).toBe(201);
    }
    const { captcha, answer } = await solvedCaptcha();
    const body = message({ captchaId: captcha.captchaId, captcha: answer });
    expect((await send(body, network.host(6))).status).toBe(429);
    expect((await send(body, clientIpv6Network().host(1))).status).toBe(201);

    const captchaFrom = (ip: string) =>
      api.fetch('/api/contact/captcha', { headers: { 'x-forwarded-for': ip } });
    const walker = clientIpv6Network();
    for (let host = 1; host <= 30; host++) expect((await captchaFrom(walker.host(host))).status).toBe(200);
    expect((await captchaFrom(walker.host(31))).status).toBe(429);
    expect((await captchaFrom(clientIpv6Network().host(1))).status).toBe(200);
  });

  it('lets an admin delete a message, once; the list no longer has it', async () => {
    const password = 'Dobre-Hasło1';
    const adminUser = await buildUser({ role: 'admin', password });
    const admin = new TestBrowser(api, clientIp());
    await admin.signIn(adminUser.username, password);
    const kept = await buildContactMessage();
    const unwanted = await buildContactMessage();

    const res = await admin.call('DELETE', `/api/admin/contact-messages/${unwanted.id}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: 'Wiadomość została usunięta' });
    const ids = (
      (await (await admin.call('GET', '/api/admin/contact-messages')).json()) as { id: number }[]
    ).map((row) => row.id);
    expect(ids).toContain(kept.id);
    expect(ids).not.toContain(unwanted.id);

    const again = await admin.call('DELETE', `/api/admin/contact-messages/${unwanted.id}`);
    expect(again.status).toBe(404);
    expect((await readError(again)).message).toBe('Nie znaleziono wiadomości.');
    expect((await admin.call('DELETE', '/api/admin/contact-messages/abc')).status).toBe(400);
    expect(await ContactMessage.findByPk(kept.id)).not.toBeNull();
  });
});
