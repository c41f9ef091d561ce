import { describe, expect, it } from 'vitest';
import type { RegisterFormValues, UserCreateValues, UserEditValues } from './index.ts';

// Compile-time checks (tsc runs over tests): a field without a `required` rule is optional, one with it is not.
describe('form value types', () => {
  it('make fields without a required rule optional', () => {
    const register: RegisterFormValues = {
      username: 'ola',
      email: 'o@x.pl',
      password: 'p',
      confirmPassword: 'p',
    };
    const create: UserCreateValues = { username: 'ola', email: 'o@x.pl' };
    const edit: UserEditValues = {};
    // @ts-expect-error the username is required
    const missing: RegisterFormValues = { email: 'o@x.pl', password: 'p', confirmPassword: 'p' };
    expect([register, create, edit, missing]).toHaveLength(4);
  });
});
