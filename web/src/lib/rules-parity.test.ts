import {
  FORMS,
  prepareValue,
  ruleHolds,
  type Field,
  type Form,
  type FormName,
  type Rule,
} from '@blog/shared/rules';
import { describe, expect, it } from 'vitest';
import { ValidationError } from 'yup';
// A test is never bundled, so reaching into the API's builder by path drags nothing into the web build.
import { zodFromForm } from '../../../api/src/validation/zod-from-rules.ts';
import { yupFromForm } from './yup-from-rules.ts';

/**
 * Server and browser give the same message for the same bad value, for every rule of every form:
 * for each rule a value is searched that breaks that rule first (and valid values fill the other
 * fields), then the zod schema (API) and the yup schema (web) built from the rules both run on it.
 */

const PASSWORD = 'Tajne1!hasło';

/** A valid filling of every form; TypeScript makes a new form add its own. */
const VALID: Record<FormName, Record<string, unknown>> = {
  comment: { author: 'Ola', email: 'ola@example.com', content: 'Świetny tekst!', postId: 7 },
  contact: {
    name: 'Jan',
    email: 'jan@example.com',
    message: 'Dzień dobry, mam pytanie.',
    captchaId: '0b0e3c3e-9b1a-4c55-8f3e-2a6b7c8d9e0f',
    captcha: 'x7Kq5',
  },
  login: { username: 'admin', password: 'cokolwiek' },
  register: {
    username: 'nowy_czytelnik',
    email: 'czytelnik@example.com',
    displayName: 'Czytelnik',
    password: PASSWORD,
    confirmPassword: PASSWORD,
  },
  passwordChange: { currentPassword: 'stare hasło', newPassword: PASSWORD, confirmPassword: PASSWORD },
  passwordResetRequest: { email: 'ola@example.com' },
  passwordResetConfirm: { token: 'abc123token', password: PASSWORD, confirmPassword: PASSWORD },
  userCreate: {
    username: 'redaktor',
    email: 'redaktor@example.com',
    displayName: 'Redaktor',
    role: 'publisher',
  },
  userEdit: { email: 'ola@example.com', displayName: 'Ola', role: 'subscriber', isActive: true, version: 1 },
  post: {
    title: 'Mój pierwszy wpis',
    slug: 'moj-pierwszy-wpis',
    content: '<p>Treść wpisu, dość długa.</p>',
    excerpt: 'Krótko o wpisie',
    published: true,
    imageUrl: '/uploads/obraz.webp',
    categories: [1, 2],
    tags: ['ai', 'biznes'],
    version: 3,
  },
  revisionRestore: { version: 2 },
  editorLink: { href: 'https://example.com/strona' },
  editorImage: { src: 'https://example.com/obraz.png' },
  postListQuery: { page: '2', limit: '6', q: 'uwaga' },
  category: { name: 'Technologia', version: 1 },
  subscribe: { email: 'ola@example.com', categoryId: '3', consent: true },
  subscriptionLimit: { limit: '10' },
  unsubscribeLink: { email: 'ola@example.com', category: '3', token: 'podpis' },
  siteSettings: {
    titleLink: 'https://example.com',
    blogDescription: 'Blog o technologii',
    aboutPageContent: '<p>O nas</p>',
    commentsEnabled: true,
  },
  smtpSettings: {
    smtpHost: 'smtp.example.com',
    smtpPort: '587',
    smtpUser: 'poczta',
    smtpPassword: 'sekret',
    senderEmail: 'blog@example.com',
    smtpSecure: false,
  },
  testEmail: { email: 'blog@example.com', subject: 'Test', content: 'Wiadomość testowa' },
  notificationSettings: { notificationsEnabled: false },
};

const FIXED_CANDIDATES: unknown[] = [
  undefined,
  null,
  '',
  '   ',
  'x',
  'abc',
  'not-an-email',
  'ola@',
  'Zły Slug',
  'a--b',
  '-ab',
  'ftp://example.com',
  'javascript:alert(1)',
  'data:image/png;base64,AAAA',
  'nieznana-rola',
  0,
  -1,
  1.5,
  '1.5',
  'abc1',
  false,
  'tak',
  [0],
  [1.5],
  ['abc'],
  [''],
  ['a'.repeat(51)],
  // Tag names that would be path segments (/tag/..) or break a line.
  ['..'],
  ['zły\ntag'],
  'Ad\u200Bmin',
  // Look-alike spellings (NFD, no-break space, nothing but a zero-width space): normalized alike on both sides.
  'wys\u0301cig',
  'Ala\u00A0Kot',
  '\u200B',
  ['\u200B'],
  // Header injection (SMTP fields are one line, the server name one word).
  'poczta\r\nBcc: obcy@example.com',
  'smtp.example.com evil',
];

/** Values likely to break some rule of this field, derived from its valid value and its rules. */
function candidates(field: Field, valid: unknown): unknown[] {
  const out = [...FIXED_CANDIDATES];
  for (const rule of field.rules) {
    if (rule.kind === 'maxLength') {
      out.push('a'.repeat(rule.value + 1));
      if (typeof valid === 'string') out.push(valid + 'a'.repeat(rule.value + 1 - [...valid].length));
    }
    if (rule.kind === 'max') out.push(rule.value + 1, String(rule.value + 1), [rule.value + 1]);
    if (rule.kind === 'min') out.push(rule.value - 1);
    // A day the calendar has not got, and a moment that is year 10000 once its offset is applied.
    if (rule.kind === 'instant') out.push('2027-02-30T10:00Z', '9999-12-31T23:30:00-23:00');
    if (rule.kind === 'maxItems') {
      out.push(Array.from({ length: rule.value + 1 }, (_, i) => i + 1));
      out.push(Array.from({ length: rule.value + 1 }, (_, i) => `t${i}`));
    }
  }
  if (typeof valid === 'string') {
    for (let k = 0; k < valid.length; k++) out.push(valid.slice(0, k));
    out.push(
      `${valid}X`,
      `${valid}\u202E${valid}`,
      `${valid}\n${valid}`,
      valid.toUpperCase(),
      valid.replace(/\p{Lu}/gu, ''),
      valid.replace(/\p{Ll}/gu, ''),
      valid.replace(/\p{Nd}/gu, ''),
      valid.replace(/[^\p{L}\p{N}]/gu, ''),
    );
  }
  return out;
}

/** The rule the evaluator reports first for this value, or undefined when the value passes. */
function firstBrokenRule(
  form: Form,
  name: string,
  values: Record<string, unknown>,
): Rule | 'type' | undefined {
  const field = form.fields[name]!;
  const prepared = prepareValue(field, values[name]);
  if (prepared.state === 'wrongType') return 'type';
  if (prepared.state === 'empty') return field.rules.find((rule) => rule.kind === 'required');
  return field.rules.find((rule) => {
    if (rule.kind !== 'equalsField') return !ruleHolds(rule, prepared);
    const other = prepareValue(form.fields[rule.field]!, values[rule.field]);
    return !ruleHolds(rule, prepared, other.state === 'value' ? other.value : undefined);
  });
}

function zodMessage(form: Form, values: Record<string, unknown>, name: string): string | undefined {
  const result = zodFromForm(form, { allFields: true }).safeParse(values);
  return result.success ? undefined : result.error.issues.find((issue) => issue.path[0] === name)?.message;
}

async function yupMessage(
  form: Form,
  values: Record<string, unknown>,
  name: string,
): Promise<string | undefined> {
  try {
    // abortEarly: false is how Formik validates: every field at once.
    await yupFromForm(form, { allFields: true }).validate(values, { abortEarly: false });
    return undefined;
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    return error.inner.find((inner) => inner.path === name)?.message;
  }
}

const cases = Object.entries(FORMS).flatMap(([formName, form]) =>
  Object.entries(form.fields as Form['fields']).flatMap(([name, field]) =>
    field.rules.map((rule, index) => ({
      title: `${formName}.${name} rule ${index} (${rule.kind})`,
      formName: formName as FormName,
      form: form as Form,
      name,
      field,
      rule,
      index,
    })),
  ),
);

describe('rules parity between the API (zod) and the web (yup)', () => {
  it.each(Object.keys(FORMS) as FormName[])('%s: both accept the valid filling', async (formName) => {
    const form: Form = FORMS[formName];
    const values = VALID[formName];
    expect(zodFromForm(form, { allFields: true }).safeParse(values).success).toBe(true);
    await expect(yupFromForm(form, { allFields: true }).isValid(values)).resolves.toBe(true);
  });

  it.each(cases)('$title: same message on both sides', async (c) => {
    const valid = VALID[c.formName];
    const bad = candidates(c.field, valid[c.name])
      .map((value) => ({ ...valid, [c.name]: value }))
      .find((values) => firstBrokenRule(c.form, c.name, values) === c.rule);
    expect(bad, `no value breaks ${c.formName}.${c.name} rule ${c.index} first`).toBeDefined();
    const server = zodMessage(c.form, bad!, c.name);
    const browser = await yupMessage(c.form, bad!, c.name);
    expect(server).toBe(c.rule.message);
    expect(browser).toBe(server);
  });

  it.each(Object.keys(FORMS) as FormName[])(
    '%s: a wrong type gives one message on both sides',
    async (formName) => {
      const form: Form = FORMS[formName];
      for (const name of Object.keys(form.fields)) {
        const values = { ...VALID[formName], [name]: { not: 'a value' } };
        const server = zodMessage(form, values, name);
        expect(server, `${formName}.${name}`).toEqual(expect.any(String));
        expect(await yupMessage(form, values, name), `${formName}.${name}`).toBe(server);
      }
    },
  );
});
