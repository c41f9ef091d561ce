import type { IncomingMessage } from 'node:http';
import cookieParser from 'cookie-parser';
import type { Request, RequestHandler, Response } from 'express';
import session, { type SessionData } from 'express-session';
import type { Deps } from '../../deps.ts';
import { RedisSessionStore } from './session-store.ts';

declare module 'express-session' {
  interface SessionData {
    userId: number;
    /** When the user signed in (ms since epoch): a session ends a week later whatever its activity. */
    signedInAt: number;
  }
}

/** A session ends after this much inactivity (each request starts the count again)... */
export const SESSION_IDLE_SECONDS = 12 * 60 * 60;
/** ...and in any case this long after signing in. */
export const SESSION_ABSOLUTE_SECONDS = 7 * 24 * 60 * 60;

/** `__Host-` in production: the browser then accepts it only over HTTPS, for this host, on path /. */
export const sessionCookieName = (config: Deps['config']) =>
  config.isProduction ? '__Host-blog.sid' : 'blog.sid';

export const sessionStore = (deps: Pick<Deps, 'redis' | 'config'>) =>
  new RedisSessionStore(deps.redis, deps.config.REDIS_PREFIX, SESSION_IDLE_SECONDS, SESSION_ABSOLUTE_SECONDS);

/**
 * Server-side sessions in Redis behind an httpOnly, SameSite=Lax cookie (Secure in production).
 * Nothing is stored, and no cookie set, until someone signs in. A session past its absolute
 * lifetime is destroyed before any route sees it.
 */
export function sessionMiddleware(deps: Pick<Deps, 'redis' | 'config' | 'clock'>): RequestHandler[] {
  const { config } = deps;
  const sessions = session({
    name: sessionCookieName(config),
    secret: config.SESSION_SECRET,
    store: sessionStore(deps),
    resave: false,
    saveUninitialized: false,
    rolling: true,
    unset: 'destroy',
    cookie: {
      httpOnly: true,
      sameSite: 'lax',
      secure: config.isProduction,
      path: '/',
      maxAge: SESSION_IDLE_SECONDS * 1000,
    },
  });
  const absoluteExpiry: RequestHandler = (req, res, next) => {
    const signedInAt = req.session?.signedInAt;
    if (signedInAt === undefined) return next();
    if (deps.clock.now().getTime() - signedInAt <= SESSION_ABSOLUTE_SECONDS * 1000) return next();
    endSession(req, res, config).then(() => next(), next);
  };
  return [sessions, absoluteExpiry];
}

const promisify = (run: (done: (err?: unknown) => void) => void) =>
  new Promise<void>((resolve, reject) => run((err) => (err ? reject(err) : resolve())));

/** Signs `userId` in on a fresh session id, so an id planted before sign-in is worthless. */
export async function startSession(req: Request, userId: number, now: Date): Promise<void> {
  await promisify((done) => req.session.regenerate(done));
  req.session.userId = userId;
  req.session.signedInAt = now.getTime();
  await promisify((done) => req.session.save(done));
}

/** Destroys the session in Redis and tells the browser to drop its cookie. */
export async function endSession(req: Request, res: Response, config: Deps['config']): Promise<void> {
  if (req.session) await promisify((done) => req.session.destroy(done));
  res.clearCookie(sessionCookieName(config), {
    httpOnly: true,
    sameSite: 'lax',
    secure: config.isProduction,
    path: '/',
  });
}

/** Ends every session of `userId` (all API processes share them), except `keepSid`. */
export const endUserSessions = (deps: Pick<Deps, 'redis' | 'config'>, userId: number, keepSid?: string) =>
  sessionStore(deps).destroyUserSessions(userId, keepSid);

/** A live session as a request outside Express (a WebSocket upgrade) carries it in its cookie. */
export interface CookieSession {
  sid: string;
  userId: number;
}

/**
 * The signed-in session of a plain HTTP request (a WebSocket upgrade, which Express never sees): the
 * same signed cookie, Redis store and absolute lifetime as `sessionMiddleware`. Reading it restarts
 * the session's idle time, as any request of the panel does.
 */
export async function sessionOfRequest(
  deps: Pick<Deps, 'redis' | 'config' | 'clock'>,
  req: IncomingMessage,
): Promise<CookieSession | undefined> {
  const header = req.headers.cookie;
  if (!header) return undefined;
  const parsed = { headers: { cookie: header } } as Request;
  cookieParser(deps.config.SESSION_SECRET)(parsed, {} as Response, () => undefined);
  const sid = (parsed.signedCookies as Record<string, unknown>)[sessionCookieName(deps.config)];
  if (typeof sid !== 'string' || sid === '') return undefined;
  const data = await new Promise<SessionData | null | undefined>((resolve, reject) =>
    sessionStore(deps).get(sid, (err, session) => (err ? reject(err) : resolve(session))),
  );
  if (data?.userId === undefined) return undefined;
  if (deps.clock.now().getTime() - (data.signedInAt ?? 0) > SESSION_ABSOLUTE_SECONDS * 1000) return undefined;
  return { sid, userId: data.userId };
}

/** Which of `sids` are still live sessions (not signed out, ended by an admin or expired). */
export async function liveSessions(
  deps: Pick<Deps, 'redis' | 'config'>,
  sids: string[],
): Promise<Set<string>> {
  return sessionStore(deps).existing(sids);
}
