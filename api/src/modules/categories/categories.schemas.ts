import { categoryForm } from '@blog/shared/rules';
import { zodFromForm } from '../../validation/zod-from-rules.ts';

/** Category create and rename: a non-empty trimmed name, from the shared rules. */
export const categoryInputSchema = zodFromForm(categoryForm);
