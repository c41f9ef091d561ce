import type { RateLimitRule } from './middlewares/rate-limit.ts';

/** Every public write that a stranger can repeat, and how often one client may do it. */
export const RATE_LIMITS = {
  comments: {
    name: 'comments',
    points: 5,
    durationSeconds: 300,
    message: 'Zbyt wiele komentarzy w krótkim czasie. Spróbuj ponownie za kilka minut.',
  },
  contact: {
    name: 'contact',
    points: 5,
    durationSeconds: 3600,
    message: 'Wysłano zbyt wiele wiadomości. Spróbuj ponownie później.',
  },
  captcha: {
    name: 'captcha',
    points: 30,
    durationSeconds: 600,
    message: 'Zbyt wiele prób pobrania kodu. Spróbuj ponownie za kilka minut.',
  },
} satisfies Record<string, RateLimitRule>;
