import type { SiteSettings } from '@blog/shared';

const FIELD_LABELS: Record<keyof Omit<SiteSettings, 'version'>, string> = {
  titleLink: 'link w tytule bloga',
  blogDescription: 'opis bloga',
  commentsEnabled: 'komentarze',
  commentsRequireApproval: 'zatwierdzanie komentarzy',
  aboutPageContent: 'strona O Blogu',
};

/** The fields someone else changed between the copy this form was opened from and the one saved since. */
export function changedSettings(base: SiteSettings, server: SiteSettings): string[] {
  return (Object.keys(FIELD_LABELS) as (keyof typeof FIELD_LABELS)[])
    .filter((key) => base[key] !== server[key])
    .map((key) => FIELD_LABELS[key]);
}
