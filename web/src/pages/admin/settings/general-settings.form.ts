import type { SiteSettings, SiteSettingsUpdate } from '@blog/shared';
import { siteSettingsForm, type SiteSettingsValues } from '@blog/shared/rules';
import type * as yup from 'yup';
import { yupFromForm } from '../../../lib/yup-from-rules.ts';

export interface GeneralSettingsFormValues {
  titleLink: string;
  blogDescription: string;
  aboutPageContent: string;
  commentsEnabled: boolean;
  commentsRequireApproval: boolean;
}

/** The form starts from the saved settings (defaults already filled in by the API). */
export function generalSettingsInitialValues(settings: SiteSettings): GeneralSettingsFormValues {
  return {
    titleLink: settings.titleLink,
    blogDescription: settings.blogDescription,
    aboutPageContent: settings.aboutPageContent,
    commentsEnabled: settings.commentsEnabled,
    commentsRequireApproval: settings.commentsRequireApproval,
  };
}

// Rules and Polish messages from @blog/shared/rules, the same the API applies.
export const generalSettingsSchema: yup.ObjectSchema<Omit<SiteSettingsValues, 'version'>> =
  yupFromForm(siteSettingsForm);

/**
 * Every field is sent (the switch too: unlike the original app, it is a real setting); texts trimmed.
 * `version`: the settings' as loaded (a save after someone else's answers 409).
 */
export function buildSiteSettingsPayload(
  values: GeneralSettingsFormValues,
  version: number,
): SiteSettingsUpdate {
  return {
    version,
    titleLink: values.titleLink.trim(),
    blogDescription: values.blogDescription.trim(),
    aboutPageContent: values.aboutPageContent.trim(),
    commentsEnabled: values.commentsEnabled,
    commentsRequireApproval: values.commentsRequireApproval,
  };
}
