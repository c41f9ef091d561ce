import {
  loginForm,
  passwordChangeForm,
  passwordResetConfirmForm,
  passwordResetRequestForm,
  registerForm,
} from '@blog/shared/rules';
import { zodFromForm } from '../../validation/zod-from-rules.ts';

// The forms' rules and messages, shared with the web's forms (@blog/shared/rules).
export const loginSchema = zodFromForm(loginForm);
export const registerSchema = zodFromForm(registerForm);
export const passwordChangeSchema = zodFromForm(passwordChangeForm);
export const passwordResetRequestSchema = zodFromForm(passwordResetRequestForm);
export const passwordResetConfirmSchema = zodFromForm(passwordResetConfirmForm);
