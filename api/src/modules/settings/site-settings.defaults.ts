// The blog's name and the public defaults are shared with the web: written once in @blog/shared/rules.
export { BLOG_NAME, SITE_SETTINGS_DEFAULTS } from '@blog/shared/rules';
