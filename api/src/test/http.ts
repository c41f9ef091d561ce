import { randomInt } from 'node:crypto';

/** A made-up client address, so per-IP rate limits of one test never spill into another (API runs with TRUST_PROXY=1). */
export const clientIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

export interface ErrorBody {
  error: string;
  message: string;
  field?: string;
}

export const readError = async (res: Response): Promise<ErrorBody> => (await res.json()) as ErrorBody;

/** The Cookie header a browser would send back after this response's Set-Cookie lines. */
export const cookieHeaderFrom = (res: Response): string =>
  res.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
