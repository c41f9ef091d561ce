import { DEFAULT_LOG_LIMIT, LOG_LIMITS, LOG_QUERY_MESSAGES, LOG_TYPES } from '@blog/shared/rules';
import { z } from 'zod';

// The contract's LogLines and LogType are written from the same lists (shared/src/rules/logs.ts).
const BAD_TYPE = LOG_QUERY_MESSAGES.type;
const BAD_LIMIT = LOG_QUERY_MESSAGES.limit;

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
