import { z } from 'zod';

/** Spec section 5: name ≥ 2, valid e-mail, message ≥ 10, security code ≥ 4. */
export const contactMessageSchema = z.object({
  name: z
    .string({ error: 'Imię musi mieć co najmniej 2 znaki' })
    .trim()
    .min(2, 'Imię musi mieć co najmniej 2 znaki')
    .max(100, 'Imię może mieć najwyżej 100 znaków'),
  email: z
    .string({ error: 'Podaj prawidłowy adres email' })
    .trim()
    .max(254, 'Podaj prawidłowy adres email')
    .pipe(z.email('Podaj prawidłowy adres email')),
  message: z
    .string({ error: 'Wiadomość musi mieć co najmniej 10 znaków' })
    .trim()
    .min(10, 'Wiadomość musi mieć co najmniej 10 znaków')
    .max(5000, 'Wiadomość może mieć najwyżej 5000 znaków'),
  captchaId: z.uuid({ error: 'Kod zabezpieczający wygasł. Pobierz nowy kod.' }),
  captcha: z
    .string({ error: 'Kod zabezpieczający jest wymagany' })
    .trim()
    .min(4, 'Kod zabezpieczający jest wymagany')
    .max(20, 'Nieprawidłowy kod zabezpieczający'),
});

export type ContactMessageInput = z.infer<typeof contactMessageSchema>;
