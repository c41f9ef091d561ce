import { randomInt } from 'node:crypto';
import { request } from 'node:http';

/** A made-up client address, so per-IP rate limits of one test never spill into another (API runs with TRUST_PROXY=1). */
export const clientIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

/**
 * A made-up IPv6 /64 (documentation range): `host(n)` is its n-th address, so a test can walk the
 * addresses of one client's network; rate limits count the network, not the address.
 */
export function clientIpv6Network(): { host(n: number): string } {
  const group = () => randomInt(65536).toString(16);
  const prefix = `2001:db8:${group()}:${group()}`;
  return { host: (n) => `${prefix}::${n.toString(16)}` };
}

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

export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * One request with the path exactly as written: fetch (WHATWG URL) would resolve `/./`, `/../` and
 * other spellings an attacker sends as they are, so path-spelling tests go through node:http.
 */
export function rawRequest(
  port: number,
  method: string,
  rawPath: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path: rawPath, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}
