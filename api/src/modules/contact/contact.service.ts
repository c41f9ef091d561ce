import type { Db, Deps } from '../../deps.ts';
import { badRequest, notFound } from '../../errors.ts';
import { verifyCaptcha } from './captcha.service.ts';
import type { ContactMessageInput } from './contact.schemas.ts';
import { ContactMessage } from './contact-message.model.ts';

/** Stores a visitor's message once the security code checks out. */
export async function submitContactMessage(
  deps: Pick<Deps, 'redis' | 'config'>,
  input: ContactMessageInput,
): Promise<ContactMessage> {
  if (!(await verifyCaptcha(deps, input.captchaId, input.captcha))) {
    throw badRequest('Nieprawidłowy kod zabezpieczający. Spróbuj ponownie z nowym kodem.', 'captcha');
  }
  return ContactMessage.create({ name: input.name, email: input.email, message: input.message });
}

/** Messages from the contact form, newest first (admins read them). */
export async function listContactMessages(db: Db): Promise<ContactMessage[]> {
  return ContactMessage.findAll({
    order: [
      ['createdAt', 'DESC'],
      ['id', 'DESC'],
    ],
    transaction: db.transaction,
  });
}

export const CONTACT_MESSAGE_NOT_FOUND = 'Nie znaleziono wiadomości.';

/** Removes one message (answered or unwanted); 404 when it is already gone. */
export async function deleteContactMessage(db: Db, id: number): Promise<void> {
  const removed = await ContactMessage.destroy({ where: { id }, transaction: db.transaction });
  if (removed === 0) throw notFound(CONTACT_MESSAGE_NOT_FOUND);
}
