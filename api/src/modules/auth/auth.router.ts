import { AUTH_TEXTS } from '@blog/shared/messages';
import { apiRoutes, type ApiRoutes } from '../../http/routes.ts';
import { isConflict, unauthorized } from '../../errors.ts';
import { requireUser } from '../../http/auth.ts';
import type { AppContext } from '../../http/context.ts';
import { clientNetwork } from '../../http/client-network.ts';
import { attemptAll, countFailures, createFailureLimiter } from '../../http/failure-limiter.ts';
import { createRateLimiter, rateLimitByNetwork } from '../../http/rate-limit.ts';
import { parseBody } from '../../http/validate.ts';
import { actorOf } from '../logs/audit-log.ts';
import { appendLog } from '../logs/capped-log.ts';
import { findUserByUsername, toAuthUser } from '../users/user-lookup.ts';
import { presentSessionUser } from './auth.presenter.ts';
import {
  AUTH_RATE_LIMITS,
  loginFailuresPerAccount,
  loginFailuresPerIp,
  passwordChangeFailures,
  registrationClashes,
} from './auth.rate-limits.ts';
import {
  loginSchema,
  passwordChangeSchema,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  registerSchema,
} from './auth.schemas.ts';
import {
  changeOwnPassword,
  confirmPasswordReset,
  registerUser,
  requestPasswordReset,
  verifyCredentials,
} from './auth.service.ts';
import { endSession, startSession } from './sessions.ts';

export const WRONG_CREDENTIALS = AUTH_TEXTS.wrongCredentials;

/** Sign-in, registration, sign-out, the session user and both password flows (contract tag auth). */
export function authRouter(ctx: AppContext): ApiRoutes {
  const routes = apiRoutes();
  const { redis, config } = ctx;
  const prefix = config.REDIS_PREFIX;
  const block = config.LOGIN_BLOCK_SECONDS;
  const perAccount = createFailureLimiter(redis, prefix, loginFailuresPerAccount(block));
  const perNetwork = createFailureLimiter(redis, prefix, loginFailuresPerIp(block));
  const currentPasswordGuesses = createFailureLimiter(redis, prefix, passwordChangeFailures(block));
  const clashAnswers = createFailureLimiter(redis, prefix, registrationClashes);
  const limiter = (rule: keyof typeof AUTH_RATE_LIMITS) =>
    createRateLimiter(redis, prefix, AUTH_RATE_LIMITS[rule]);
  const registerLimit = limiter('register');
  const resetRequestPerIp = limiter('resetRequestPerIp');
  const resetRequestPerEmail = limiter('resetRequestPerEmail');
  const resetMailsPerEmail = limiter('resetMailsPerEmail');
  const resetConfirmLimit = limiter('resetConfirm');

  routes.on('getCurrentUser', (req, res) => {
    res.json(presentSessionUser(requireUser(req)));
  });

  routes.on('login', async (req, res) => {
    const input = parseBody(loginSchema, req);
    const ip = req.ip ?? 'unknown';
    // Counted per client network (an IPv6 /64), the log keeps the address itself.
    const network = clientNetwork(req.ip);
    const accountKey = `${input.username.toLowerCase()}|${network}`;
    // Taken before the hash is checked, so parallel guesses never get past the limit.
    const attempt = await attemptAll([perNetwork.attempt(network), perAccount.attempt(accountKey)]);
    const user = await verifyCredentials(ctx, input.username, input.password).catch(async (err: unknown) => {
      await attempt.refund();
      throw err;
    });
    if (!user) {
      await attempt.failed();
      // Only a name that is a real account is written: people type passwords into the login field too.
      const known = await findUserByUsername(ctx, input.username);
      await appendLog(ctx, 'application', 'WARN', 'Nieudane logowanie', {
        account: known?.username ?? '(nieznane konto)',
        ip,
      });
      throw unauthorized(WRONG_CREDENTIALS);
    }
    await attempt.refund();
    await perAccount.reset(accountKey);
    await startSession(req, user.id, ctx.clock.now());
    await appendLog(ctx, 'application', 'INFO', 'Zalogowano', { user: actorOf(user), ip });
    res.json(presentSessionUser(toAuthUser(user)));
  });

  routes.on('register', rateLimitByNetwork(registerLimit), async (req, res) => {
    const input = parseBody(registerSchema, req);
    // A 409 says the username or e-mail is taken: those answers are limited.
    const user = await countFailures(clashAnswers, clientNetwork(req.ip), isConflict, () =>
      registerUser(ctx, input),
    );
    await startSession(req, user.id, ctx.clock.now());
    res.status(201).json(presentSessionUser(toAuthUser(user)));
  });

  routes.on('logout', async (req, res) => {
    await endSession(req, res, config);
    res.json({ message: AUTH_TEXTS.loggedOut });
  });

  routes.on('changePassword', async (req, res, user) => {
    const input = parseBody(passwordChangeSchema, req);
    const key = String(user.id);
    const attempt = await currentPasswordGuesses.attempt(key);
    try {
      await changeOwnPassword(ctx, user.id, input);
    } catch (err) {
      await attempt.failed();
      throw err;
    }
    await currentPasswordGuesses.reset(key);
    // Every session of the account ended; this browser carries on with a fresh one.
    await startSession(req, user.id, ctx.clock.now());
    res.json({ message: 'Hasło zostało zmienione' });
  });

  routes.on('requestPasswordReset', rateLimitByNetwork(resetRequestPerIp), async (req, res) => {
    const { email } = parseBody(passwordResetRequestSchema, req);
    const address = email.toLowerCase();
    await resetRequestPerEmail.consume(`${address}|${clientNetwork(req.ip)}`);
    if (await resetMailsPerEmail.tryConsume(address)) await requestPasswordReset(ctx, email);
    res.status(202).json({
      message:
        'Jeśli konto z tym adresem e-mail istnieje, wysłaliśmy na nie link do ustawienia nowego hasła.',
    });
  });

  routes.on('confirmPasswordReset', rateLimitByNetwork(resetConfirmLimit), async (req, res) => {
    const input = parseBody(passwordResetConfirmSchema, req);
    await confirmPasswordReset(ctx, input.token, input.password);
    res.json({ message: 'Hasło zostało ustawione. Możesz się teraz zalogować.' });
  });

  return routes;
}
