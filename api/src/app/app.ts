import type { RequestListener } from 'node:http';
import { createRequire } from 'node:module';
import { openapiPath } from '@blog/shared';
import type { Queue } from 'bullmq';
import compression from 'compression';
import express, { type RequestHandler, type Router } from 'express';
import type * as OpenApiValidatorModule from 'express-openapi-validator';
import { pinoHttp } from 'pino-http';
import { notFound, notImplemented } from '../errors.ts';
import { createAppMetrics } from '../metrics/app-metrics.ts';
import type { AppContext } from '../http/context.ts';
import { authenticate } from '../modules/auth/authenticate.ts';
import { auditLog } from '../modules/logs/audit-log.ts';
import { sessionCookieName, sessionMiddleware } from '../modules/auth/sessions.ts';
import type { PublicCacheDeps } from '../modules/public-cache/public-cache.ts';
import { readerSource } from '../modules/public-pages/reader-source.ts';
import { archiveMetaResolver } from '../modules/seo/archive-meta.ts';
import { articleMetaResolver } from '../modules/seo/article-meta.ts';
import { BLOG_NAME } from '../modules/settings/site-settings.defaults.ts';
import { oldSlugRedirects } from '../modules/posts/slug-redirects.ts';
import { httpLogSerializers } from '../http-log.ts';
import { contractOperations } from './contract-operations.ts';
import { healthRouter } from './health.router.ts';
import { authorize } from './middlewares/authorize.ts';
import { csrfProtection } from './middlewares/csrf.ts';
import { refuseEmbeddedRequests } from './middlewares/embedded-requests.ts';
import { errorHandler } from './middlewares/error-handler.ts';
import { bodyParsers } from './middlewares/body-parsers.ts';
import { rejectNulBytes } from './middlewares/reject-nul.ts';
import { securityHeaders } from './middlewares/security-headers.ts';
import { refuseUnknownBodyFields } from './middlewares/unknown-fields.ts';
import { withoutSessionForAnonymousReads } from './middlewares/session-for-reads.ts';
import { publicEdge } from './public-edge.ts';
import { apiOperation, dispatchOperation, operationRegistry, siteOperations } from './operation-registry.ts';
import { moduleRouters } from './routers.ts';
import { staticWebRouter } from './static-web.ts';

export interface AppOptions {
  /** The built SPA to serve beside the API, when present. */
  webDistDir?: string;
  /** Check every JSON response against the contract (on outside production; tests rely on it). */
  validateResponses?: boolean;
  /** Draw `/` and its newest article once at start, for nobody (on in production: static-web.ts). */
  warmUpPages?: boolean;
  /** Mounted under /api before the modules' routers (tests use it to prove the contract checks bite). */
  extraRouters?: Router[];
  /** Queues whose depth GET /metrics reports. */
  metricsQueues?: () => Promise<Queue[]>;
}

/**
 * Every JSON answer checked against the contract (development and tests). Requests are validated by
 * each route's zod schema, which carries the rules' Polish messages. Loaded only when asked for, so
 * production never loads the validator and its schema compiler.
 */
function responseValidator(): RequestHandler[] {
  const OpenApiValidator = createRequire(import.meta.url)(
    'express-openapi-validator',
  ) as typeof OpenApiValidatorModule;
  return OpenApiValidator.middleware({
    apiSpec: openapiPath,
    validateRequests: false,
    validateResponses: { removeAdditional: false },
    // The contract's `security` only names the session cookie; authorize.ts enforces x-auth with Error bodies.
    validateSecurity: false,
    ignoreUndocumented: true,
    fileUploader: false,
    validateApiSpec: true,
  });
}

/**
 * The whole HTTP answer of an API process: the public edge (cached public answers, written before
 * Express sets a request up) composed in front of the Express app. Hand it to http.createServer.
 */
export function createApp(ctx: AppContext & PublicCacheDeps, options: AppOptions = {}): RequestListener {
  const { config, logger } = ctx;
  const httpLogger = logger.child({ area: 'http' });
  const app = express();
  app.disable('x-powered-by');
  // Exact routing, as the contract matcher reads paths: `/api/ADMIN/users` or `/api/admin/users/` is
  // no route here and no operation there (a capitalised path once reached a handler unchecked).
  app.set('case sensitive routing', true);
  app.set('strict routing', true);
  app.set('trust proxy', config.TRUST_PROXY);
  app.set('query parser', 'simple');

  const metrics = createAppMetrics(ctx, options.metricsQueues ?? (async () => []), ctx.publicCache);
  app.use(metrics.middleware);
  const accessLog = pinoHttp({ logger: httpLogger, serializers: httpLogSerializers });
  // Probes and scrapes are never logged, so they skip the access logger altogether.
  app.use((req, res, next) =>
    req.url === '/healthz' || req.url === '/metrics' ? next() : accessLog(req, res, next),
  );
  app.use(securityHeaders({ isProduction: config.isProduction }));
  // JSON, HTML and the JavaScript bundle shrink to about a quarter; images are left as they are.
  app.use(compression({ threshold: 1024 }));

  // One handler per contract operation, keyed by operationId; building the app fails when an
  // operation has none, or a handler has no operation.
  const operations = contractOperations();
  const csrf = csrfProtection(ctx);
  const health = healthRouter(ctx);
  const modules = moduleRouters(ctx);
  const registry = operationRegistry(operations.all, [health, csrf.routes, ...modules]);

  // The probes answer before anything else runs.
  app.use(siteOperations(ctx, operations, registry, ['getHealth', 'getReadiness']));
  app.get('/metrics', metrics.handler);

  // Fail closed: an /api request that is no operation of the contract ends here with 404.
  // Everything after this line under /api knows which operation it serves, and with it who may call it.
  app.use('/api', (_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  app.use('/api', apiOperation(operations));
  app.use('/api', refuseEmbeddedRequests());
  app.use(
    bodyParsers([express.json({ limit: '1mb' }), express.urlencoded({ extended: false, limit: '100kb' })]),
  );
  app.use(rejectNulBytes);
  // Who is calling (session → account), CSRF, and whether the contract lets this caller in: decided
  // once here, before the operation's handler (and its own rate limit or upload reader) runs.
  app.use('/api', withoutSessionForAnonymousReads(ctx, [...sessionMiddleware(ctx), authenticate(ctx)]));
  app.use('/api', ...csrf.protect);
  if (options.validateResponses ?? !config.isProduction) app.use(responseValidator());
  app.use('/api', authorize(ctx));
  // After the access checks (a stranger learns nothing of a body's fields), before any handler writes.
  app.use('/api', refuseUnknownBodyFields);
  app.use('/api', auditLog(ctx));
  for (const router of options.extraRouters ?? []) app.use('/api', router);
  app.use('/api', dispatchOperation(registry));
  // A handler that passes the request on without answering it.
  app.use('/api', (_req, _res, next) => {
    next(notImplemented());
  });
  // The site root: its contract operations (feed, sitemap), then the modules' other public addresses.
  app.use(siteOperations(ctx, operations, registry));
  for (const { site } of modules) app.use(site);

  const web: Router | undefined = options.webDistDir
    ? staticWebRouter(ctx, options.webDistDir, BLOG_NAME, {
        articleMeta: articleMetaResolver(ctx),
        archiveMeta: archiveMetaResolver(ctx),
        readerSource: readerSource(ctx),
        oldSlugs: oldSlugRedirects(ctx),
        warmUp: options.warmUpPages ?? config.isProduction,
      })
    : undefined;
  if (web) app.use(web);
  app.use((_req, _res, next) => next(notFound()));
  app.use(errorHandler(logger, { exposeContractErrors: !config.isProduction }));

  return publicEdge(
    {
      cache: ctx.publicCache,
      sessionCookie: `${sessionCookieName(config)}=`,
      metrics,
      accessLog,
      logHitsEvery: config.ACCESS_LOG_HIT_SAMPLE,
      logger,
    },
    app,
  );
}
