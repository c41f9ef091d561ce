import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import * as Y from 'yjs';
import { postForm, validInput } from '../../../test/admin-posts.fixtures.ts';
import { TestBrowser } from '../../../test/browser.ts';
import { buildPost, buildUser } from '../../../test/factories.ts';
import { startTestApi, type TestApi } from '../../../test/harness.ts';
import { clientIp } from '../../../test/http.ts';
import { startApiServer, type ApiServer } from '../../server.ts';
import { Post } from '../posts/post.model.ts';
import type { User } from '../users/user.model.ts';
import { COLLAB_REFUSALS } from './collab-access.ts';
import { htmlOfSharedDocument } from './collab-html.ts';
import { COLLAB_FRAGMENT, COLLAB_META_MAP, type ReplaceAnswer } from './collab-protocol.ts';
import { COLLAB_PATH } from './collab-server.ts';
import { loadCollabState } from './collab-store.ts';

const PASSWORD = 'Dobre-Hasło1';
const ORIGIN = 'http://localhost:3000';
const RECHECK_MS = 200;

let api: TestApi;
let second: ApiServer;
let admin: User;
let adminBrowser: TestBrowser;
const opened: { provider: HocuspocusProvider; socket: HocuspocusProviderWebsocket }[] = [];

beforeAll(async () => {
  api = await startTestApi({ TRUST_PROXY: '1' }, { collabRecheckMs: RECHECK_MS });
  // A second API process's worth of server (own HTTP server, runtime, Hocuspocus) on the same
  // database and Redis prefix, as two instances behind a load balancer.
  second = await startApiServer(api.config, { collabRecheckMs: RECHECK_MS });
  admin = await buildUser({ role: 'admin', password: PASSWORD });
  adminBrowser = await signedIn(admin);
});
afterEach(() => {
  for (const { provider, socket } of opened.splice(0)) {
    provider.destroy();
    socket.destroy();
  }
});
afterAll(async () => {
  await second?.close();
  await api?.close();
});

async function signedIn(user: User): Promise<TestBrowser> {
  const browser = new TestBrowser(api, clientIp());
  await browser.signIn(user.username, PASSWORD);
  return browser;
}

const wsUrl = (port: number) => `ws://127.0.0.1:${port}${COLLAB_PATH}`;

/** Opens the collab socket as a browser would, and answers with the HTTP refusal or 'open'. */
function handshake(port: number, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(wsUrl(port), { headers });
    ws.on('open', () => {
      ws.close();
      resolve({ status: 101, body: '' });
    });
    ws.on('unexpected-response', (_req, res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    ws.on('error', (err) => {
      if (!/Unexpected server response/.test(err.message)) reject(err);
    });
  });
}

interface Joined {
  provider: HocuspocusProvider;
  doc: Y.Doc;
  /** Resolves with the reason once the server refuses or ends this editor's access. */
  refused: Promise<string>;
  synced: Promise<void>;
  /** The server's stateless messages to this editor, in order. */
  messages: { type: string }[];
}

/** A collaborator's provider on `port`, with `browser`'s session cookie and the site's Origin. */
function join(port: number, browser: TestBrowser, postId: number): Joined {
  const cookie = browser.cookieHeader();
  class BrowserSocket extends WebSocket {
    constructor(url: string) {
      super(url, { headers: { cookie, origin: ORIGIN } });
    }
  }
  const socket = new HocuspocusProviderWebsocket({
    url: wsUrl(port),
    WebSocketPolyfill: BrowserSocket,
    // Keep the test's own view of a refusal: no reconnect loop behind it.
    maxAttempts: 1,
  });
  const doc = new Y.Doc();
  let onRefused: (reason: string) => void = () => undefined;
  let onSynced: () => void = () => undefined;
  const refused = new Promise<string>((resolve) => (onRefused = resolve));
  const synced = new Promise<void>((resolve) => (onSynced = resolve));
  const messages: { type: string }[] = [];
  const provider = new HocuspocusProvider({
    websocketProvider: socket,
    name: String(postId),
    document: doc,
    onAuthenticationFailed: ({ reason }) => onRefused(reason),
    onClose: ({ event }) => onRefused(event.reason),
    onSynced: () => onSynced(),
    onStateless: ({ payload }) => messages.push(JSON.parse(payload) as { type: string }),
  });
  // A provider given its socket leaves connecting to the caller.
  provider.attach();
  opened.push({ provider, socket });
  return { provider, doc, refused, synced, messages };
}

const within = <T>(promise: Promise<T>, ms: number, what: string): Promise<T> =>
  Promise.race([
    promise,
    new Promise<never>((_resolve, reject) => setTimeout(() => reject(new Error(`timed out: ${what}`)), ms)),
  ]);

const insertParagraph = (doc: Y.Doc, text: string) => {
  const paragraph = new Y.XmlElement('paragraph');
  paragraph.insert(0, [new Y.XmlText(text)]);
  doc.getXmlFragment(COLLAB_FRAGMENT).insert(0, [paragraph]);
};

describe('who may join a post', () => {
  it('refuses a socket without a session, and one from another site', async () => {
    const anonymous = await handshake(api.port, { origin: ORIGIN });
    expect(anonymous.status).toBe(401);
    expect(JSON.parse(anonymous.body)).toEqual({ error: 'unauthorized', message: COLLAB_REFUSALS.signedOut });

    const foreign = await handshake(api.port, {
      origin: 'https://evil.example',
      cookie: adminBrowser.cookieHeader(),
    });
    expect(foreign.status).toBe(403);
    expect((JSON.parse(foreign.body) as { error: string }).error).toBe('csrf_failed');

    const own = await handshake(api.port, { origin: ORIGIN, cookie: adminBrowser.cookieHeader() });
    expect(own.status).toBe(101);
  });

  it('refuses a publisher on another author’s post, lets the author and an admin in', async () => {
    const author = await buildUser({ role: 'publisher', password: PASSWORD });
    const other = await buildUser({ role: 'publisher', password: PASSWORD });
    const subscriber = await buildUser({ role: 'subscriber', password: PASSWORD });
    const post = await buildPost({ author });

    const stranger = join(api.port, await signedIn(other), post.id);
    expect(await within(stranger.refused, 5000, 'refusal')).toBe(COLLAB_REFUSALS.notYourPost);
    const reader = join(api.port, await signedIn(subscriber), post.id);
    expect(await within(reader.refused, 5000, 'refusal')).toBe(COLLAB_REFUSALS.forbidden);
    const missing = join(api.port, adminBrowser, 2_000_000_000);
    expect(await within(missing.refused, 5000, 'refusal')).toBe(COLLAB_REFUSALS.missingPost);

    const own = join(api.port, await signedIn(author), post.id);
    const staff = join(api.port, adminBrowser, post.id);
    await within(Promise.all([own.synced, staff.synced]), 5000, 'both synced');
    insertParagraph(own.doc, 'od autora');
    await expect
      .poll(() => staff.doc.getXmlFragment(COLLAB_FRAGMENT).toString(), { timeout: 5000 })
      .toContain('od autora');
  });
});

describe('access ends while connected', () => {
  it('disconnects a deactivated publisher within seconds', async () => {
    const author = await buildUser({ role: 'publisher', password: PASSWORD });
    const post = await buildPost({ author });
    const editor = join(api.port, await signedIn(author), post.id);
    await within(editor.synced, 5000, 'synced');

    const res = await adminBrowser.call('PATCH', `/api/admin/users/${author.id}`, { isActive: false });
    expect(res.status).toBe(200);
    expect(await within(editor.refused, 3000, 'disconnect')).toBe(COLLAB_REFUSALS.signedOut);
  });

  it('ends a demoted publisher’s editing', async () => {
    const author = await buildUser({ role: 'publisher', password: PASSWORD });
    const post = await buildPost({ author });
    const editor = join(api.port, await signedIn(author), post.id);
    await within(editor.synced, 5000, 'synced');

    const res = await adminBrowser.call('PATCH', `/api/admin/users/${author.id}`, { role: 'subscriber' });
    expect(res.status).toBe(200);
    expect(await within(editor.refused, 3000, 'disconnect')).toBe(COLLAB_REFUSALS.forbidden);
  });

  it('disconnects an editor who signs out', async () => {
    const author = await buildUser({ role: 'publisher', password: PASSWORD });
    const post = await buildPost({ author });
    const browser = await signedIn(author);
    const editor = join(api.port, browser, post.id);
    await within(editor.synced, 5000, 'synced');

    const res = await browser.call('POST', '/api/logout');
    expect(res.status).toBeLessThan(300);
    expect(await within(editor.refused, 3000, 'disconnect')).toBe(COLLAB_REFUSALS.signedOut);
  });
});

describe('two API instances', () => {
  it('relay each other’s updates through Redis and store the document once everyone leaves', async () => {
    const post = await buildPost();
    const onFirst = join(api.port, adminBrowser, post.id);
    const onSecond = join(second.port, adminBrowser, post.id);
    await within(Promise.all([onFirst.synced, onSecond.synced]), 5000, 'both synced');

    insertParagraph(onFirst.doc, 'z pierwszego');
    insertParagraph(onSecond.doc, 'z drugiego');
    for (const { doc } of [onFirst, onSecond]) {
      await expect
        .poll(() => doc.getXmlFragment(COLLAB_FRAGMENT).toString(), { timeout: 5000 })
        .toMatch(/(?=.*z pierwszego)(?=.*z drugiego)/);
    }

    for (const { provider, socket } of opened.splice(0)) {
      provider.destroy();
      socket.destroy();
    }
    await expect
      .poll(
        async () => {
          const state = await loadCollabState(api.runtime, post.id);
          if (!state) return '';
          const stored = new Y.Doc();
          Y.applyUpdate(stored, state);
          return stored.getXmlFragment(COLLAB_FRAGMENT).toString();
        },
        { timeout: 8000 },
      )
      .toMatch(/(?=.*z pierwszego)(?=.*z drugiego)/);

    // A body changed outside the session (a restored revision, an import) drops the stored document:
    // the next session starts from that body instead of bringing the shared text back.
    await Post.update({ content: '<p>Przywrócona wersja</p>' }, { where: { id: post.id } });
    expect(await loadCollabState(api.runtime, post.id)).toBeUndefined();
  });
});

const text = (doc: Y.Doc) => doc.getXmlFragment(COLLAB_FRAGMENT).toString();
const answersOf = (editor: Joined) =>
  editor.messages.filter((message): message is ReplaceAnswer => message.type === 'replace');
const bodyChange = (doc: Y.Doc) => doc.getMap(COLLAB_META_MAP).get('body') as string | undefined;
const storedDoc = async (postId: number) => {
  const state = await loadCollabState(api.runtime, postId);
  if (!state) return undefined;
  const stored = new Y.Doc();
  Y.applyUpdate(stored, state);
  return stored;
};
const storedText = async (postId: number) => {
  const stored = await storedDoc(postId);
  return stored && text(stored);
};
const leaveAll = () => {
  for (const { provider, socket } of opened.splice(0)) {
    provider.destroy();
    socket.destroy();
  }
};
const unloaded = (postId: number) =>
  expect
    .poll(() => [api, second].some((server) => server.collab.hocuspocus.documents.has(String(postId))), {
      timeout: 8000,
    })
    .toBe(false);
/** Two editors of `post`, one on each API process, holding `body` as their shared text. */
const twoEditors = async (postId: number, body: string) => {
  const onFirst = join(api.port, adminBrowser, postId);
  const onSecond = join(second.port, adminBrowser, postId);
  await within(Promise.all([onFirst.synced, onSecond.synced]), 5000, 'both synced');
  insertParagraph(onFirst.doc, body);
  await expect.poll(() => text(onSecond.doc), { timeout: 5000 }).toContain(body);
  return [onFirst, onSecond] as const;
};
const save = (postId: number, slug: string, content: string, headers: Record<string, string> = {}) =>
  adminBrowser.upload('PUT', `/api/admin/posts/${postId}`, postForm(validInput({ slug, content })), headers);

describe('a body saved outside the session', () => {
  it('is brought into the shared document by the server, with no editor asking; typing after it is kept', async () => {
    const post = await buildPost({ content: '<p>Stary tekst</p>' });
    // Providers that never answer anything: nobody is granted or asks to replace the body.
    const [onFirst, onSecond] = await twoEditors(post.id, 'Stary tekst');

    expect((await save(post.id, post.slug, '<p>Nowy tekst z <strong>API</strong></p>')).status).toBe(200);
    for (const editor of [onFirst, onSecond]) {
      await expect.poll(() => text(editor.doc), { timeout: 5000 }).toContain('Nowy tekst z ');
      expect(text(editor.doc)).not.toContain('Stary tekst');
      expect(bodyChange(editor.doc)).toMatch(/^\d+$/);
    }
    // The server sent no editor anything to do.
    expect([...onFirst.messages, ...onSecond.messages]).toEqual([]);
    // An editor of an older build asking for the same change is refused: it is done.
    const change = bodyChange(onFirst.doc)!;
    onSecond.provider.sendStateless(JSON.stringify({ type: 'replace', change }));
    await expect.poll(() => answersOf(onSecond).length, { timeout: 5000 }).toBe(1);
    expect(answersOf(onSecond)[0]!.granted).toBe(false);
    // Stored at once by the process that replaced it: the new body, never the older text.
    await expect.poll(() => storedText(post.id), { timeout: 5000 }).toContain('Nowy tekst z ');
    expect(await storedText(post.id)).not.toContain('Stary tekst');

    // Typing goes on; when everyone leaves the document stored is the saved body and the typing.
    insertParagraph(onSecond.doc, 'dopisane po zapisie');
    await expect.poll(() => text(onFirst.doc), { timeout: 5000 }).toContain('dopisane po zapisie');
    leaveAll();
    await unloaded(post.id);
    const stored = await storedDoc(post.id);
    expect(text(stored!)).toContain('dopisane po zapisie');
    expect(text(stored!)).not.toContain('Stary tekst');
    expect(htmlOfSharedDocument(stored!)).toBe(
      '<p style="text-align: left">dopisane po zapisie</p><p style="text-align: left">Nowy tekst z <strong>API</strong></p>',
    );
  });

  it('never stores the older text, even when everyone leaves right after the save', async () => {
    const post = await buildPost({ content: '<p>Stary tekst</p>' });
    const [onFirst] = await twoEditors(post.id, 'Stary tekst');
    expect((await save(post.id, post.slug, '<p>Nowy tekst</p>')).status).toBe(200);
    insertParagraph(onFirst.doc, 'w starym tekście');
    leaveAll();
    await unloaded(post.id);
    // Either nothing (the next session starts from the saved body) or the saved body.
    expect((await storedText(post.id)) ?? '').not.toContain('Stary tekst');
  });

  it('leaves a save of the shared document itself alone; a plain save and a bare UPDATE replace it', async () => {
    const post = await buildPost({ content: '<p>Wspólny tekst</p>' });
    const [onFirst, onSecond] = await twoEditors(post.id, 'Wspólny tekst');
    const first = validInput({ slug: post.slug, content: '<p>Wspólny tekst</p>' });
    const shared = await adminBrowser.upload('PUT', `/api/admin/posts/${post.id}`, postForm(first), {
      'x-shared-body': '1',
    });
    expect(shared.status).toBe(200);
    // Typed after that save: kept, the document is not replaced.
    insertParagraph(onSecond.doc, 'po wspólnym zapisie');
    await expect.poll(() => text(onFirst.doc), { timeout: 5000 }).toContain('po wspólnym zapisie');
    expect(bodyChange(onFirst.doc)).toBeUndefined();

    expect((await save(post.id, post.slug, '<p>Inny tekst</p>')).status).toBe(200);
    await expect.poll(() => bodyChange(onFirst.doc), { timeout: 5000 }).toMatch(/^\d+$/);
    const plain = bodyChange(onFirst.doc);
    await expect.poll(() => text(onSecond.doc), { timeout: 5000 }).toContain('Inny tekst');
    // A bare UPDATE (an import, an operator) is brought in as well.
    await Post.update({ content: '<h2>Z importu</h2>' }, { where: { id: post.id } });
    await expect.poll(() => text(onFirst.doc), { timeout: 5000 }).toContain('Z importu');
    expect(bodyChange(onFirst.doc)).not.toBe(plain);
    // The second editor is on the other API process: the import reaches it on its own time.
    await expect.poll(() => text(onSecond.doc), { timeout: 5000 }).toContain('Z importu');
    expect(text(onSecond.doc)).not.toContain('Inny tekst');
  });
});

describe('the post’s HTML from the shared document', () => {
  it('fills a new shared document on the server when an editor asks', async () => {
    const post = await buildPost({ content: '<h2>Tytuł</h2><p>Treść <em>wpisu</em></p>' });
    const editor = join(api.port, adminBrowser, post.id);
    await within(editor.synced, 5000, 'synced');
    editor.provider.sendStateless(JSON.stringify({ type: 'seed' }));
    await expect.poll(() => text(editor.doc), { timeout: 5000 }).toContain('Treść');
    // The editor is never granted the filling: the server did it.
    expect(editor.messages).toEqual([{ type: 'seed', granted: false }]);
    expect(editor.doc.getMap(COLLAB_META_MAP).get('seeded')).toBe(true);
    expect(htmlOfSharedDocument(editor.doc)).toBe(
      '<h2 style="text-align: left">Tytuł</h2><p style="text-align: left">Treść <em>wpisu</em></p>',
    );
  });

  it('a save of the shared body stores what the stored shared document holds', async () => {
    const post = await buildPost({ content: '<p>Początek</p>' });
    const onFirst = join(api.port, adminBrowser, post.id);
    const onSecond = join(second.port, adminBrowser, post.id);
    await within(Promise.all([onFirst.synced, onSecond.synced]), 5000, 'both synced');
    onFirst.provider.sendStateless(JSON.stringify({ type: 'seed' }));
    await expect.poll(() => text(onSecond.doc), { timeout: 5000 }).toContain('Początek');
    insertParagraph(onFirst.doc, 'pierwszy pisze');
    insertParagraph(onSecond.doc, 'drugi pisze');
    for (const editor of [onFirst, onSecond]) {
      await expect.poll(() => text(editor.doc), { timeout: 5000 }).toContain('pierwszy pisze');
      await expect.poll(() => text(editor.doc), { timeout: 5000 }).toContain('drugi pisze');
    }
    const sent = htmlOfSharedDocument(onFirst.doc);
    const saved = await save(post.id, post.slug, sent, { 'x-shared-body': '1' });
    expect(saved.status).toBe(200);
    leaveAll();
    await unloaded(post.id);
    const stored = await storedDoc(post.id);
    const content = (await Post.findByPk(post.id))!.content;
    expect(content).toBe(sent);
    expect(htmlOfSharedDocument(stored!)).toBe(content);
  });
});
