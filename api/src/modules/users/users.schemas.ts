import { userCreateForm, userEditForm } from '@blog/shared/rules';
import { zodFromForm } from '../../validation/zod-from-rules.ts';

// The forms' rules and messages, shared with the web's dialogs (@blog/shared/rules).
export const userCreateSchema = zodFromForm(userCreateForm);
export const userUpdateSchema = zodFromForm(userEditForm);
