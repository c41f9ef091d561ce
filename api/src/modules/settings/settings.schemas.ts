import { siteSettingsForm } from '@blog/shared/rules';
import { zodFromForm } from '../../validation/zod-from-rules.ts';

// The General tab's rules and Polish messages, shared with the web form (@blog/shared/rules).
export const siteSettingsUpdateSchema = zodFromForm(siteSettingsForm);
