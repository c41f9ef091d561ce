import { randomInt, randomUUID } from 'node:crypto';
import type { Deps } from '../../deps.ts';

const TTL_SECONDS = 600;
const key = (redisPrefix: string, captchaId: string) => `${redisPrefix}:captcha:${captchaId}`;

export interface Captcha {
  captchaId: string;
  /** The challenge as a data: URL, so the page shows it as an <img> and never injects SVG markup. */
  image: string;
}

/**
 * A distorted-text captcha: svg-captcha draws the code, and the drawing is rasterised, turned by a
 * random angle and sent as a PNG. svg-captcha's own SVG draws each glyph as its font outline, only
 * shifted, so a short script read the code from the markup every time; a raster image
 * carries no outlines. The answer lives in Redis for ten minutes and can be checked once: a wrong
 * guess burns it, so each code allows a single try.
 */
export async function createCaptcha(deps: Pick<Deps, 'redis' | 'config'>): Promise<Captcha> {
  // Dark glyphs on white at the size the page shows them: hard for scripts, easy for people.
  // Loaded on the first captcha, not at start: it parses its font when imported (~200 ms, ~2 MB).
  const { default: svgCaptcha } = await import('svg-captcha');
  const challenge = svgCaptcha.create({
    size: 5,
    noise: 2,
    color: false,
    fontSize: 56,
    ignoreChars: '0oO1ilI',
    width: 180,
    height: 64,
  });
  const captchaId = randomUUID();
  await deps.redis.set(
    key(deps.config.REDIS_PREFIX, captchaId),
    challenge.text.toLowerCase(),
    'EX',
    TTL_SECONDS,
  );
  return {
    captchaId,
    image: `data:image/png;base64,${(await rasterise(challenge.data)).toString('base64')}`,
  };
}

/** The drawing as pixels, turned a little and cut back to the size the page shows. */
async function rasterise(svg: string): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  const angle = randomInt(-6, 7);
  const turned = await sharp(Buffer.from(svg), { density: 96 })
    .flatten({ background: '#ffffff' })
    .rotate(angle, { background: '#ffffff' })
    .toBuffer();
  return sharp(turned)
    .resize(180, 64, { fit: 'cover' })
    .normalise()
    .png({ compressionLevel: 9, palette: true })
    .toBuffer();
}

/** True when `answer` matches the stored code; the code is deleted either way. */
export async function verifyCaptcha(
  deps: Pick<Deps, 'redis' | 'config'>,
  captchaId: string,
  answer: string,
): Promise<boolean> {
  const expected = await deps.redis.getdel(key(deps.config.REDIS_PREFIX, captchaId));
  return expected !== null && expected === answer.trim().toLowerCase();
}
