import { categoryForm } from '@blog/openapi/rules';
import { zodFromForm } from '../../validation/zod-from-rules.ts';

/** Category create and rename (spec §5): a non-empty trimmed name, from the shared rules. */
export const categoryInputSchema = zodFromForm(categoryForm);
