import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { Redis as RedisExtension } from '@hocuspocus/extension-redis';
import { type Connection, type Document, Hocuspocus } from '@hocuspocus/server';
import { CONTENT_MAX_LENGTH } from '@blog/shared/rules';
import type { Redis } from 'ioredis';
import proxyAddr from 'proxy-addr';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { WebSocketServer } from 'ws';
import * as Y from 'yjs';
import type { Deps } from '../../deps.ts';
import { clientNetwork } from '../../http/client-network.ts';
import { createRateLimiter } from '../../http/rate-limit.ts';
import type { AccessRule } from '../../http/routes.ts';
import { sameSiteRequest } from '../../http/same-site.ts';
import { createRedis } from '../../redis.ts';
import { activeAccount } from '../auth/authenticate.ts';
import { liveSessions, sessionOfRequest } from '../auth/sessions.ts';
import type { BodyChange } from '../public-cache/content-changes.ts';
import {
  COLLAB_REFUSALS,
  editRefusal,
  loadAccessFacts,
  postIdOfDocument,
  type CollabAccount,
} from './collab-access.ts';
import {
  claimLease,
  COLLAB_FRAGMENT,
  COLLAB_META_MAP,
  type ReplaceAnswer,
  type ReplaceRequest,
  type SeedAnswer,
  type SeedRequest,
} from './collab-protocol.ts';
import { loadCollabState, loadPostBody } from './collab-store.ts';
import { documentStoring } from './collab-storing.ts';

/** The one WebSocket address of live co-editing, on the API's own port. */
export const COLLAB_PATH = '/api/collab';

/**
 * A shared document may grow to this many bytes of Yjs state: the post body's HTML limit in
 * characters, times two for UTF-8 (Polish letters take two bytes), times two for the CRDT's own
 * bookkeeping (item ids, the marks of deleted text).
 */
export const MAX_COLLAB_STATE_BYTES = CONTENT_MAX_LENGTH * 4;

/**
 * The editor's schema over a server DOM (about 30 MB and half a second to load): loaded when a
 * process first fills or replaces a shared body, not when the API starts.
 */
const collabHtml = () => import('./collab-html.ts');

/** How long a process that did not get a change's lease waits before checking the document again (ms). */
const REPLACE_RETRY_MS = 5000;

/** Close codes the web tells apart (4000–4999 are the application's own). */
export const COLLAB_CLOSE = { revoked: 4403, tooLarge: 4413, flooding: 4429 } as const;

export const COLLAB_MESSAGES = {
  tooLarge: 'Treść jest za długa, by zapisać tę zmianę. Skróć post.',
  flooding: 'Za dużo zmian naraz. Połączenie zostało przerwane — edytor połączy się ponownie za chwilę.',
  connectLimit: 'Za dużo połączeń do wspólnej edycji. Spróbuj ponownie za chwilę.',
  foreignOrigin: 'Odrzucono połączenie z innej witryny.',
  notFound: 'Nie znaleziono.',
} as const;

/** What a connection carries from the upgrade through every hook. */
interface CollabContext {
  sid: string;
  userId: number;
  postId?: number;
}

export interface CollabOptions {
  /** `x-auth` and `x-owner` of the contract's save operation (COLLAB_EDIT_OPERATION). */
  editRule: AccessRule;
  /** How often live connections are checked against sessions, accounts and posts (ms). */
  recheckMs?: number;
  /** Debounce of storing the document in PostgreSQL while people type (ms). */
  storeDebounceMs?: number;
  /** The database's notifications of changed post bodies (the public cache's listener). */
  bodyChanges?: { onBodyChange(listener: (change: BodyChange) => void): () => void };
}

export interface CollabServer {
  hocuspocus: Hocuspocus;
  close(): Promise<void>;
}

const refuseUpgrade = (socket: Duplex, status: number, error: string, message: string) => {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const body = JSON.stringify({ error, message });
  const reason = { 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found', 429: 'Too Many Requests' }[
    status
  ];
  socket.end(
    `HTTP/1.1 ${status} ${reason ?? 'Error'}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
};

const rejection = (code: number, reason: string) => Object.assign(new Error(reason), { code, reason });

/**
 * Live co-editing of post bodies (Yjs over Hocuspocus) on the API's HTTP server. Who may join is the
 * session cookie's account under the rule of saving the post; the Origin is checked like CSRF; the
 * documents of every API process are kept in step through Redis and stored in PostgreSQL.
 */
export function attachCollab(deps: Deps, server: Server, options: CollabOptions): CollabServer {
  const { config, logger } = deps;
  const prefix = `${config.REDIS_PREFIX}:collab`;
  const publicOrigin = new URL(config.PUBLIC_URL).origin;
  // As Express reads `trust proxy` set to a number of hops (app.ts): the client address the API sees.
  const trust = (_address: string, hop: number) => hop < config.TRUST_PROXY;
  const connectLimiter = createRateLimiter(deps.redis, config.REDIS_PREFIX, {
    name: 'collab-connect',
    points: 120,
    durationSeconds: 60,
    message: COLLAB_MESSAGES.connectLimit,
  });
  // Per connection and per process: a Redis round trip for every keystroke would cost more than typing.
  const messageLimiter = new RateLimiterMemory({ points: 400, duration: 10 });
  const redisClients: Redis[] = [];
  const storing = documentStoring(deps);
  const pubSubClient = () => {
    const client = createRedis(config.REDIS_URL, 'queue-worker', logger);
    redisClients.push(client);
    return client;
  };

  const hocuspocus = new Hocuspocus({
    name: `api-${process.pid}`,
    quiet: true,
    debounce: options.storeDebounceMs ?? 2000,
    maxDebounce: 10_000,
    extensions: [
      new RedisExtension({
        prefix,
        // ioredis 6 keeps the API of the 5 the extension names in its types.
        createClient: pubSubClient as unknown as () => never,
      }),
    ],

    async onAuthenticate({ documentName, context }) {
      const { sid, userId } = context as CollabContext;
      const postId = postIdOfDocument(documentName);
      if (postId === undefined) throw rejection(COLLAB_CLOSE.revoked, COLLAB_REFUSALS.badDocument);
      const [live, account, facts] = await Promise.all([
        liveSessions(deps, [sid]),
        activeAccount(deps, userId),
        loadAccessFacts(deps, [], [postId]),
      ]);
      const refusal = editRefusal(
        options.editRule,
        live.has(sid) && account ? { id: account.id, role: account.role, isActive: true } : undefined,
        facts.posts.get(postId),
      );
      if (refusal) throw rejection(COLLAB_CLOSE.revoked, refusal);
      return { postId };
    },

    async onLoadDocument({ document, documentName }) {
      const postId = postIdOfDocument(documentName);
      if (postId === undefined) return document;
      const state = await loadCollabState(deps, postId);
      if (state) Y.applyUpdate(document, state);
      return document;
    },

    async onStoreDocument({ document }) {
      await storing.store(document);
    },

    async onChange({ documentName }) {
      storing.changed(documentName);
    },

    async beforeUnloadDocument({ document }) {
      await storing.storeIfChanged(document);
    },

    async afterUnloadDocument({ documentName }) {
      storing.forget(documentName);
    },

    async beforeHandleMessage({ document, update, socketId }) {
      try {
        await messageLimiter.consume(`${socketId}:${document.name}`);
      } catch (err) {
        if (err instanceof RateLimiterRes) throw rejection(COLLAB_CLOSE.flooding, COLLAB_MESSAGES.flooding);
        throw err;
      }
      if (update.byteLength + Y.encodeStateAsUpdate(document).byteLength > MAX_COLLAB_STATE_BYTES) {
        throw rejection(COLLAB_CLOSE.tooLarge, COLLAB_MESSAGES.tooLarge);
      }
    },

    async onStateless({ connection, document, payload }) {
      let request: Partial<SeedRequest>;
      try {
        request = JSON.parse(payload) as Partial<SeedRequest>;
      } catch {
        return;
      }
      if (request.type === 'seed') {
        // The server fills the document itself (the editors receive it as any update); the editor
        // is never granted the filling (an editor of an older build would wait for the body).
        if (await mayClaimSeed(document)) await seedDocument(document);
        const answer: SeedAnswer = { type: 'seed', granted: false };
        connection.sendStateless(JSON.stringify(answer));
        return;
      }
      const replace = request as Partial<ReplaceRequest>;
      if (
        replace.type === 'replace' &&
        typeof replace.change === 'string' &&
        /^\d{1,20}$/.test(replace.change)
      ) {
        const answer: ReplaceAnswer = {
          type: 'replace',
          change: replace.change,
          granted: await mayClaimReplace(document, replace.change),
        };
        connection.sendStateless(JSON.stringify(answer));
      }
    },
  });

  /**
   * Whether this process is the one to fill this empty document from the post's stored HTML, asked
   * by an editor: only while the document is empty and never seeded, and only for the first asker
   * across every API process (a Redis lease), so the post's text is never inserted twice.
   */
  async function mayClaimSeed(document: Document): Promise<boolean> {
    return mayFill(document) && claimLease(deps.redis, `${prefix}:seed:${document.name}`);
  }

  /** Never seeded, and empty (an editor may already have written the one empty paragraph a document needs). */
  function mayFill(document: Document): boolean {
    if (document.getMap(COLLAB_META_MAP).get('seeded') === true) return false;
    const fragment = document.getXmlFragment(COLLAB_FRAGMENT);
    const first = fragment.get(0);
    return (
      fragment.length === 0 || (fragment.length === 1 && first instanceof Y.XmlElement && first.length === 0)
    );
  }

  /**
   * Whether the asking editor (of an older build: the server replaces the body itself) is the one to
   * replace the shared body after `change`: only while the document does not hold it yet, and only if
   * nobody took the change's lease, the server's own replacing included.
   */
  async function mayClaimReplace(document: Document, change: string): Promise<boolean> {
    if (document.getMap(COLLAB_META_MAP).get('body') === change) return false;
    return claimLease(deps.redis, `${prefix}:replace:${document.name}:${change}`);
  }

  /** Fills a never-filled document from the post's saved HTML (a post deleted meanwhile: nothing). */
  async function seedDocument(document: Document): Promise<void> {
    const postId = postIdOfDocument(document.name);
    const html = postId === undefined ? undefined : await loadPostBody(deps, postId);
    const { fillSharedBody } = await collabHtml();
    if (html === undefined || !mayFill(document)) return;
    fillSharedBody(document, html);
    // Hocuspocus stores only its editors' changes: this one is stored here.
    await storing.store(document);
  }

  /** Replacings of one document run one after another, so a later change always lands last. */
  const replacing = new Map<string, Promise<void>>();
  const retries = new Set<ReturnType<typeof setTimeout>>();

  /**
   * Brings the shared body to the post saved by `change`, unless the document holds it already;
   * one process across all does it (a Redis lease per change). The others check again after
   * REPLACE_RETRY_MS while they still hold the document and it still lacks the change (should the
   * one that took the lease have died, the next takes it once the lease has run out).
   */
  async function replaceBody(document: Document, change: string): Promise<void> {
    const holds = () => document.getMap(COLLAB_META_MAP).get('body') === change;
    const loaded = () => hocuspocus.documents.get(document.name) === document;
    if (holds() || !loaded()) return;
    if (await claimLease(deps.redis, `${prefix}:replace:${document.name}:${change}`)) {
      const postId = postIdOfDocument(document.name);
      const html = postId === undefined ? undefined : await loadPostBody(deps, postId);
      const { replaceSharedBody } = await collabHtml();
      if (html === undefined || holds() || !loaded()) return;
      replaceSharedBody(document, html, change);
      // Hocuspocus stores only its editors' changes: the replaced body is stored here, at once.
      await storing.store(document);
      return;
    }
    replaceLater(document, change);
  }

  function replaceLater(document: Document, change: string): void {
    const timer = setTimeout(() => {
      retries.delete(timer);
      queueReplace(document, change);
    }, REPLACE_RETRY_MS);
    timer.unref();
    retries.add(timer);
  }

  function queueReplace(document: Document, change: string): void {
    const previous = replacing.get(document.name) ?? Promise.resolve();
    const next = previous
      .then(() => replaceBody(document, change))
      .catch((err: unknown) => {
        logger.warn({ err: (err as Error).message, document: document.name }, 'collab body replace failed');
        // Tried again (by whichever process takes the lease once it has run out).
        replaceLater(document, change);
      })
      .finally(() => {
        if (replacing.get(document.name) === next) replacing.delete(document.name);
      });
    replacing.set(document.name, next);
  }

  /**
   * A post body committed outside the session: every process holding the post's document in memory
   * keeps the older text from being stored, and one of them (a Redis lease) reads the saved post and
   * brings the shared body to it; the editors receive it as any other change.
   */
  const onBodyChange = ({ postId, change, shared }: BodyChange) => {
    if (shared) return;
    const document = hocuspocus.documents.get(String(postId));
    if (!document) return;
    storing.bodyChanged(document.name, change);
    queueReplace(document, change);
  };
  const stopBodyChanges = options.bodyChanges?.onBodyChange(onBodyChange);

  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_COLLAB_STATE_BYTES });

  async function upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    const path = (req.url ?? '').split('?')[0];
    if (path !== COLLAB_PATH) {
      refuseUpgrade(socket, 404, 'not_found', COLLAB_MESSAGES.notFound);
      return;
    }
    const forwardedProto = config.TRUST_PROXY
      ? String(req.headers['x-forwarded-proto'] ?? '').split(',')[0]
      : '';
    const protocol = forwardedProto?.trim() || ('encrypted' in socket && socket.encrypted ? 'https' : 'http');
    const own = [publicOrigin, `${protocol}://${req.headers.host ?? ''}`];
    if (!sameSiteRequest(req.headers.origin, req.headers.referer, own)) {
      refuseUpgrade(socket, 403, 'csrf_failed', COLLAB_MESSAGES.foreignOrigin);
      return;
    }
    const network = clientNetwork(proxyAddr(req, trust));
    if (!(await connectLimiter.tryConsume(network))) {
      refuseUpgrade(socket, 429, 'rate_limited', COLLAB_MESSAGES.connectLimit);
      return;
    }
    const session = await sessionOfRequest(deps, req);
    const account = session && (await activeAccount(deps, session.userId));
    if (!session || !account) {
      refuseUpgrade(socket, 401, 'unauthorized', COLLAB_REFUSALS.signedOut);
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      const context: CollabContext = { sid: session.sid, userId: account.id };
      hocuspocus.handleConnection(ws, req, context);
    });
  }

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    upgrade(req, socket, head).catch((err: unknown) => {
      logger.warn({ err: (err as Error).message }, 'collab upgrade failed');
      socket.destroy();
    });
  };
  server.on('upgrade', onUpgrade);

  /** Every live connection with its context, across documents. */
  const liveConnections = (): { connection: Connection; context: CollabContext }[] =>
    [...hocuspocus.documents.values()].flatMap((document) =>
      document.getConnections().map((connection) => ({
        connection,
        context: connection.context as CollabContext,
      })),
    );

  /**
   * Ends the editing of whoever may no longer edit: signed out or their sessions ended (an admin's
   * deactivation or deletion, a password change), demoted, or the post deleted or handed to another
   * author. One Redis round trip and two queries however many people are connected.
   */
  async function recheck(): Promise<void> {
    const connections = liveConnections();
    if (connections.length === 0) return;
    const sids = [...new Set(connections.map(({ context }) => context.sid))];
    const userIds = [...new Set(connections.map(({ context }) => context.userId))];
    const postIds = [...new Set(connections.flatMap(({ context }) => context.postId ?? []))];
    const [live, facts] = await Promise.all([
      liveSessions(deps, sids),
      loadAccessFacts(deps, userIds, postIds),
    ]);
    for (const { connection, context } of connections) {
      const account: CollabAccount | undefined = live.has(context.sid)
        ? facts.accounts.get(context.userId)
        : undefined;
      const post = context.postId === undefined ? undefined : facts.posts.get(context.postId);
      const refusal = editRefusal(options.editRule, account, post);
      if (!refusal) continue;
      connection.close({ code: COLLAB_CLOSE.revoked, reason: refusal });
      // Signed out or deactivated: the whole socket goes, so no other document stays open on it.
      if (refusal === COLLAB_REFUSALS.signedOut) connection.webSocket.close(COLLAB_CLOSE.revoked, 'revoked');
    }
  }

  let rechecking = false;
  const timer = setInterval(() => {
    if (rechecking) return;
    rechecking = true;
    recheck()
      .catch((err: unknown) => logger.warn({ err: (err as Error).message }, 'collab re-check failed'))
      .finally(() => {
        rechecking = false;
      });
  }, options.recheckMs ?? 2000);
  timer.unref();

  return {
    hocuspocus,
    async close() {
      clearInterval(timer);
      stopBodyChanges?.();
      for (const retry of retries) clearTimeout(retry);
      await Promise.allSettled([...replacing.values()]);
      server.off('upgrade', onUpgrade);
      hocuspocus.closeConnections();
      for (const client of wss.clients) client.terminate();
      // The last editor leaving stores the document at once; wait for those writes before the
      // database pool closes.
      const deadline = Date.now() + 5000;
      while (hocuspocus.getDocumentsCount() > 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await hocuspocus.hooks('onDestroy', { instance: hocuspocus });
      wss.close();
      for (const client of redisClients) client.disconnect();
    },
  };
}
