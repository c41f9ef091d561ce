import type { Request } from 'express';
import { ID_MAX } from '@blog/shared/rules';
import { z } from 'zod';

/**
 * zod parsing for the three parts of a request. A failure throws the ZodError, which the error
 * middleware turns into 400 with the first issue's (Polish) message and its field.
 */
export const parseBody = <S extends z.ZodType>(schema: S, req: Request): z.infer<S> =>
  schema.parse(req.body ?? {});
export const parseQuery = <S extends z.ZodType>(schema: S, req: Request): z.infer<S> =>
  schema.parse(req.query);
export const parseParams = <S extends z.ZodType>(schema: S, req: Request): z.infer<S> =>
  schema.parse(req.params);

const BAD_ID = 'Nieprawidłowy identyfikator.';

/** `{id}` of a path (contract IdPath): a whole number from 1 to 2^31-1, so PostgreSQL never sees more. */
export const idParamsSchema = z.object({
  id: z.coerce.number({ error: BAD_ID }).int(BAD_ID).min(1, BAD_ID).max(ID_MAX, BAD_ID),
});
