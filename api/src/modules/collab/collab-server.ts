import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { Redis as RedisExtension } from '@hocuspocus/extension-redis';
import { type Connection, Hocuspocus } from '@hocuspocus/server';
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
  type ReplaceAnswer,
  type ReplaceRequest,
  type SeedAnswer,
  type SeedRequest,
} from './collab-protocol.ts';
import { sharedBodies } from './collab-bodies.ts';
import { loadCollabState } from './collab-store.ts';
import { documentStoring } from './collab-storing.ts';

/** The one WebSocket address of live co-editing, on the API's own port. */
export const COLLAB_PATH = '/api/collab';

/**
 * A shared document may grow to this many bytes of Yjs state: the post body's HTML limit in
 * characters, times two for UTF-8 (Polish letters take two bytes), times two for the CRDT's own
 * bookkeeping (item ids, the marks of deleted text).
 */
export const MAX_COLLAB_STATE_BYTES = CONTENT_MAX_LENGTH * 4;

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
  const { mayClaimSeed, seedDocument, mayClaimReplace, queueReplace, ...bodies } = sharedBodies({
    deps,
    prefix,
    storing,
    isLoaded: (document) => hocuspocus.documents.get(document.name) === document,
  });
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
      await bodies.close();
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
