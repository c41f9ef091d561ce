import type { User } from '@blog/shared';
import { describe, expect, it } from 'vitest';
import { fieldError } from '../../../../test/validation.ts';
import { buildUserUpdatePayload, userEditInitialValues, userEditSchema } from './user-edit.form.ts';

const user: User = {
  id: 7,
  username: 'anna',
  email: null,
  displayName: null,
  role: 'publisher',
  isActive: true,
  createdAt: '2024-01-01T00:00:00.000Z',
  version: 4,
};

describe('edit-user form', () => {
  it('starts from the account, with empty texts for missing values', () => {
    expect(userEditInitialValues(user)).toEqual({
      email: '',
      displayName: '',
      role: 'publisher',
      isActive: true,
    });
  });

  it('allows an empty e-mail but not an invalid one', async () => {
    const values = userEditInitialValues(user);
    expect(await fieldError(userEditSchema, values, 'email')).toBeNull();
    expect(await fieldError(userEditSchema, { ...values, email: 'anna@' }, 'email')).toBe(
      'Podaj prawidłowy adres email',
    );
  });

  it('sends every editable field and the version it was loaded at, turning emptied texts into null', () => {
    expect(
      buildUserUpdatePayload({ email: ' ', displayName: '', role: 'subscriber', isActive: false }, 4),
    ).toEqual({ email: null, displayName: null, role: 'subscriber', isActive: false, version: 4 });
    expect(
      buildUserUpdatePayload(
        {
          email: ' anna@example.com ',
          displayName: ' Anna ',
          role: 'admin',
          isActive: true,
        },
        4,
      ),
    ).toEqual({ email: 'anna@example.com', displayName: 'Anna', role: 'admin', isActive: true, version: 4 });
  });

  it('never sends the username', () => {
    expect(buildUserUpdatePayload(userEditInitialValues(user), user.version)).not.toHaveProperty('username');
  });
});
