import { describe, expect, it } from 'vitest';
import { fieldError } from '../../../../test/validation.ts';
import { buildUserCreatePayload, userCreateInitialValues, userCreateSchema } from './user-create.form.ts';

const valid = { username: 'redaktor', email: 'redaktor@example.com', displayName: '', role: 'publisher' };

describe('add-user form', () => {
  it('starts empty with the role subscriber', () => {
    expect(userCreateInitialValues).toEqual({ username: '', email: '', displayName: '', role: 'subscriber' });
  });

  it('accepts a user without a display name', async () => {
    await expect(userCreateSchema.isValid(valid)).resolves.toBe(true);
  });

  it('checks the username and the e-mail', async () => {
    expect(await fieldError(userCreateSchema, { ...valid, username: 'ab' }, 'username')).toBe(
      'Nazwa użytkownika musi mieć co najmniej 3 znaki',
    );
    expect(await fieldError(userCreateSchema, { ...valid, email: 'x@' }, 'email')).toBe(
      'Podaj prawidłowy adres email',
    );
    expect(await fieldError(userCreateSchema, { ...valid, email: '' }, 'email')).toBe(
      'Podaj prawidłowy adres email',
    );
  });

  it('accepts only the three roles', async () => {
    await expect(userCreateSchema.isValid({ ...valid, role: 'owner' })).resolves.toBe(false);
  });

  it('trims, and leaves out an empty display name', () => {
    expect(buildUserCreatePayload({ ...valid, username: ' redaktor ', role: 'publisher' })).toEqual({
      username: 'redaktor',
      email: 'redaktor@example.com',
      role: 'publisher',
    });
    expect(buildUserCreatePayload({ ...valid, displayName: ' Anna ', role: 'admin' })).toMatchObject({
      displayName: 'Anna',
      role: 'admin',
    });
  });
});
