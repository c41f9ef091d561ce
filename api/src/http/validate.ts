import type { Request } from 'express';
import type { z } from 'zod';

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
