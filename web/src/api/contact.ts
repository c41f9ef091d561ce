import useSWR from 'swr';
import { api, unwrap } from './client.ts';

export interface Captcha {
  captchaId: string;
  /** A data:image/png URL: the code as a distorted raster image. */
  image: string;
}

export interface ContactMessage {
  name: string;
  email: string;
  message: string;
  captchaId: string;
  captcha: string;
}

const CAPTCHA_KEY = 'contact-captcha';

/** The current security-code image; `refresh()` asks for a new one (codes are single use). */
export function useCaptcha() {
  const { data, error, isLoading, isValidating, mutate } = useSWR<Captcha, Error>(
    CAPTCHA_KEY,
    () => unwrap(api.GET('/contact/captcha')),
    // A code is only valid for a while and only once: always fetch a fresh one when the form appears.
    { revalidateOnMount: true, dedupingInterval: 0 },
  );
  return { captcha: data, error, isLoading: isLoading || isValidating, refresh: () => mutate() };
}

/** Sends a contact message; resolves with the server's confirmation text. */
export async function sendContactMessage(message: ContactMessage): Promise<string> {
  const result = await unwrap(api.POST('/contact', { body: message }));
  return result.message;
}
