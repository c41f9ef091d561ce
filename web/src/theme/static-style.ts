/**
 * A static CSS file's rules, as a server-rendered page carries them and as the browser adds them to a page
 * whose HTML came without them: one `<style>` element, found again by its mark.
 */
export interface StaticStyle {
  /** The style element as a page's HTML carries it (`data-s`: emotion leaves it where it is). */
  tag(): string;
  /** Adds the element to the document's head, once. */
  insert(): void;
}

/** `mark`: the attribute that names the element; `css`: the file's text (`?inline`, minified by the build). */
export function staticStyle(mark: string, css: string): StaticStyle {
  return {
    tag: () => `<style data-s="" ${mark}="">${css}</style>`,
    insert() {
      if (document.head.querySelector(`style[${mark}]`)) return;
      const style = document.createElement('style');
      style.setAttribute(mark, '');
      style.textContent = css;
      document.head.append(style);
    },
  };
}
