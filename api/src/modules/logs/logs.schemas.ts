import { z } from 'zod';
import { DEFAULT_LOG_LIMIT, LOG_LIMITS, LOG_TYPES } from './log-types.ts';

const BAD_TYPE = 'Nieprawidłowy rodzaj logów (application, system, error lub images)';
const BAD_LIMIT = `Liczba linii musi wynosić ${LOG_LIMITS.join(', ')}`;

const logType = z.enum(LOG_TYPES, { error: BAD_TYPE });

/** GET /admin/logs: `_t` is the web's cache-buster and is ignored. */
export const logsQuerySchema = z.object({
  type: logType,
  limit: z
    .string({ error: BAD_LIMIT })
    .optional()
    .transform((value, ctx) => {
      if (value === undefined) return DEFAULT_LOG_LIMIT;
      const limit = LOG_LIMITS.find((allowed) => String(allowed) === value);
      if (limit === undefined) {
        ctx.addIssue({ code: 'custom', message: BAD_LIMIT });
        return z.NEVER;
      }
      return limit;
    }),
});

export const logsClearSchema = z.object({ type: logType });
