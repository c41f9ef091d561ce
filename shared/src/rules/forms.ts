import {
  loginForm,
  passwordChangeForm,
  passwordResetConfirmForm,
  passwordResetRequestForm,
  registerForm,
  userCreateForm,
  userEditForm,
} from './accounts.ts';
import { categoryForm } from './categories.ts';
import { commentForm } from './comments.ts';
import { contactForm } from './contact.ts';
import {
  editorImageForm,
  editorLinkForm,
  postForm,
  postListQueryForm,
  revisionRestoreForm,
} from './posts.ts';
import type { Form } from './rule.ts';
import { notificationSettingsForm, siteSettingsForm, smtpSettingsForm, testEmailForm } from './settings.ts';
import { subscribeForm, subscriptionLimitForm, unsubscribeLinkForm } from './subscriptions.ts';

/** Every form by name: the parity and contract tests walk this, so a new form is checked once listed here. */
export const FORMS = {
  comment: commentForm,
  contact: contactForm,
  login: loginForm,
  register: registerForm,
  passwordChange: passwordChangeForm,
  passwordResetRequest: passwordResetRequestForm,
  passwordResetConfirm: passwordResetConfirmForm,
  userCreate: userCreateForm,
  userEdit: userEditForm,
  post: postForm,
  revisionRestore: revisionRestoreForm,
  editorLink: editorLinkForm,
  editorImage: editorImageForm,
  postListQuery: postListQueryForm,
  category: categoryForm,
  subscribe: subscribeForm,
  subscriptionLimit: subscriptionLimitForm,
  unsubscribeLink: unsubscribeLinkForm,
  siteSettings: siteSettingsForm,
  smtpSettings: smtpSettingsForm,
  testEmail: testEmailForm,
  notificationSettings: notificationSettingsForm,
} as const satisfies Record<string, Form>;

export type FormName = keyof typeof FORMS;
