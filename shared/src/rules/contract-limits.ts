import { commentPathForm } from './comments.ts';
import { FORMS, type FormName } from './forms.ts';
import {
  MAX_BULK_COMMENTS,
  MAX_BULK_POSTS,
  MAX_LIST_LIMIT,
  MAX_LIST_PAGE,
  MAX_LIST_QUERY_LENGTH,
} from './lists.ts';
import { LOG_LIMITS } from './logs.ts';
import { postPathForm } from './posts.ts';
import { ID_MAX, type Field, type Form, type Rule } from './rule.ts';
import { CONFIRM_TOKEN_MAX_LENGTH } from './subscriptions.ts';

/**
 * The limits of the contract (shared/openapi.yaml) come from here, in one direction: the rules are
 * where a limit is written, with its Polish message, and `npm run contract:generate` writes each
 * rule-backed schema's `minLength`, `maxLength`, `pattern`, `minimum`, `maximum`, `minItems` and
 * `maxItems` into the YAML (shared/src/contract-limits.ts); `npm run contract:check` fails while the
 * YAML says anything else. Types, `required`, enums and formats stay hand-written in the YAML, and the
 * agreement test (contract-agreement.test.ts) keeps them equal to the rules.
 */

export const LIMIT_KEYWORDS = [
  'minLength',
  'maxLength',
  'pattern',
  'minimum',
  'maximum',
  'minItems',
  'maxItems',
] as const;
export type LimitKeyword = (typeof LIMIT_KEYWORDS)[number];
/** A schema's limits; `enum` only where a list of allowed numbers is the limit (the logs' line counts). */
export type Limits = { -readonly [K in LimitKeyword]?: K extends 'pattern' ? string : number } & {
  enum?: readonly number[];
};

/** Where a form's values go: a request-body schema, or the query parameters of one operation. */
export type FormTarget = { schema: string } | { query: [path: string, method: string] } | 'browser only';
/** The same, or one path parameter (`components/parameters`). */
export type ContractTarget = Exclude<FormTarget, 'browser only'> | { parameter: string };

export const FORM_TARGETS: Record<FormName, FormTarget> = {
  comment: { schema: 'CommentCreate' },
  contact: { schema: 'ContactMessageCreate' },
  login: { schema: 'LoginRequest' },
  register: { schema: 'RegisterRequest' },
  passwordChange: { schema: 'PasswordChange' },
  passwordResetRequest: { schema: 'PasswordResetRequest' },
  passwordResetConfirm: { schema: 'PasswordResetConfirm' },
  userCreate: { schema: 'UserCreate' },
  userEdit: { schema: 'UserUpdate' },
  post: { schema: 'PostInput' },
  revisionRestore: { schema: 'RevisionRestoreRequest' },
  editorLink: 'browser only',
  editorImage: 'browser only',
  postListQuery: { query: ['/posts', 'get'] },
  category: { schema: 'CategoryInput' },
  subscribe: { schema: 'SubscribeRequest' },
  subscriptionLimit: { schema: 'SubscriptionLimitUpdate' },
  unsubscribeLink: { query: ['/unsubscribe', 'get'] },
  siteSettings: { schema: 'SiteSettingsUpdate' },
  smtpSettings: { schema: 'EmailSettingsInput' },
  testEmail: { schema: 'TestEmailRequest' },
  notificationSettings: { schema: 'NotificationSettingsInput' },
};

/** Forms of path parameters (not in FORMS: no person fills them in). */
export const PATH_FORM_TARGETS: readonly { name: string; form: Form; target: ContractTarget }[] = [
  { name: 'postPath', form: postPathForm, target: { parameter: 'SlugOrIdPath' } },
  { name: 'commentPath', form: commentPathForm, target: { parameter: 'PostIdPath' } },
];

const idLimits: Limits = { minimum: 1, maximum: ID_MAX };
const bulkPostsAt = '#/components/schemas/BulkPostsRequest/properties/posts';

/**
 * Limits no form states: the values the API checks with zod of its own (lists, bulk actions, logs,
 * the double opt-in link), each read from the same constant as that zod schema. Keyed by the YAML
 * pointer of the schema they apply to.
 */
export const SCHEMA_LIMITS: Readonly<Record<string, Limits>> = {
  '#/components/schemas/Id': idLimits,
  // Every `version` refers to it; the bulk actions' is the one no form states.
  '#/components/schemas/Version': idLimits,
  '#/components/schemas/ListPageNumber': { minimum: 1, maximum: MAX_LIST_PAGE },
  '#/components/schemas/ListLimit': { minimum: 1, maximum: MAX_LIST_LIMIT },
  '#/components/parameters/ListPage/schema': { minimum: 1, maximum: MAX_LIST_PAGE },
  '#/components/parameters/ListQuery/schema': { maxLength: MAX_LIST_QUERY_LENGTH },
  [bulkPostsAt]: { minItems: 1, maxItems: MAX_BULK_POSTS },
  '#/components/schemas/BulkDeleteRequest/properties/ids': { minItems: 1, maxItems: MAX_BULK_COMMENTS },
  '#/components/schemas/ConfirmSubscriptionRequest/properties/token': {
    minLength: 1,
    maxLength: CONFIRM_TOKEN_MAX_LENGTH,
  },
  '#/components/parameters/LogLines/schema': {
    minimum: Math.min(...LOG_LIMITS),
    maximum: Math.max(...LOG_LIMITS),
    enum: LOG_LIMITS,
  },
};

const ofKind = <K extends Rule['kind']>(field: Field, kind: K) =>
  field.rules.filter((rule): rule is Extract<Rule, { kind: K }> => rule.kind === kind);
const valueOf = (field: Field, kind: 'minLength' | 'maxLength' | 'min' | 'max' | 'maxItems') =>
  field.rules.find((rule): rule is Extract<Rule, { kind: typeof kind }> => rule.kind === kind)?.value;

const defined = (limits: Limits): Limits =>
  Object.fromEntries(Object.entries(limits).filter(([, value]) => value !== undefined)) as Limits;

/**
 * What the YAML says about one field's limits, derived from its rules: for a list, the list's own
 * (`list`) and each item's (`item`); otherwise `item` only.
 */
export function fieldLimits(field: Field): { list?: Limits; item: Limits } {
  const textual = field.type === 'text' || field.type === 'secret' || field.type === 'choice';
  const patterns = ofKind(field, 'pattern');
  const isRequired = ofKind(field, 'required').length > 0;
  const item = defined({
    // A required text must not be empty: JSON Schema says so with minLength 1, unless a format or
    // pattern already refuses ''.
    minLength:
      valueOf(field, 'minLength') ??
      (textual && isRequired && patterns.length === 0 && ofKind(field, 'email').length === 0 ? 1 : undefined),
    maxLength: valueOf(field, 'maxLength'),
    // Several patterns (the password strength rules) cannot sit in one keyword: the YAML states their
    // messages in prose instead.
    pattern: patterns.length === 1 ? patterns[0]!.source : undefined,
    minimum: valueOf(field, 'min'),
    maximum: valueOf(field, 'max'),
  });
  if (field.type !== 'integerList' && field.type !== 'textList') return { item };
  return { list: defined({ maxItems: valueOf(field, 'maxItems') }), item };
}

/** Every form whose values the contract describes, with where. */
export const formTargets = (): { name: string; form: Form; target: ContractTarget }[] => [
  ...(Object.entries(FORM_TARGETS) as [FormName, FormTarget][])
    .filter((entry): entry is [FormName, Exclude<FormTarget, 'browser only'>] => entry[1] !== 'browser only')
    .map(([name, target]) => ({ name, form: FORMS[name], target })),
  ...PATH_FORM_TARGETS,
];
