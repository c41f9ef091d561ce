/**
 * `@blog/openapi` (a workspace package shared with the Node side) also exports `openapiPath`, computed with
 * node:url. The web imports only its types, but type-checking that module needs node:url to exist; this one
 * declaration stands in for @types/node so Node globals do not leak into browser code.
 */
declare module 'node:url' {
  export function fileURLToPath(url: string | URL): string;
}
