import { escapeMarkup } from '@blog/api/html/escape-markup';

/** Markup already escaped (or written by us): the only thing `html` interpolates as it is. */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString() {
    return this.value;
  }
}

type HtmlValue = string | number | SafeHtml | readonly SafeHtml[];

/**
 * A tagged template for e-mail HTML that escapes every interpolated value, so a display name
 * like `<b>Ala</b>` arrives as text. Nest `html` results (or arrays of them) to compose.
 */
export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): SafeHtml {
  let out = strings[0] ?? '';
  values.forEach((value, i) => {
    out += render(value) + (strings[i + 1] ?? '');
  });
  return new SafeHtml(out);
}

function render(value: HtmlValue): string {
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map((item: SafeHtml) => item.value).join('');
  return escapeMarkup(String(value));
}
