import { userCreateForm, userEditForm } from '@blog/shared/rules';
import { zodFromForm } from '../../validation/zod-from-rules.ts';

// Spec §5 rules and messages, shared with the web's dialogs (@blog/shared/rules).
export const userCreateSchema = zodFromForm(userCreateForm);
export const userUpdateSchema = zodFromForm(userEditForm);
