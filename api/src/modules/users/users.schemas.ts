import { userCreateForm, userEditForm } from '@blog/openapi/rules';
import { zodFromForm } from '../../validation/zod-from-rules.ts';

// Spec §5 rules and messages, shared with the web's dialogs (@blog/openapi/rules).
export const userCreateSchema = zodFromForm(userCreateForm);
export const userUpdateSchema = zodFromForm(userEditForm);
