/**
 * `@blog/shared` (a workspace package shared with the Node side) also exports `openapiPath`, computed with
 * node:module. The web imports only its types, but type-checking that module needs node:module to exist;
 * this one declaration stands in for @types/node so Node globals do not leak into browser code.
 */
declare module 'node:module' {
  export function createRequire(url: string | URL): { resolve(specifier: string): string };
}
