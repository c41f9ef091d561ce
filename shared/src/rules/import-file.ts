/** Bigger exports than this are refused before a byte of them is parsed (and by the panel before upload). */
export const MAX_IMPORT_BYTES = 100 * 1024 * 1024;
export const IMPORT_TOO_LARGE = 'Plik importu może mieć najwyżej 100 MB.';

/**
 * The panel's check of a chosen export file, before any upload: its size. The server refuses a bigger
 * upload by its announced length and closes the connection, which a browser may report as a network
 * error instead of the answer; so the panel says it first. Returns the server's message, or null.
 */
export function importFileProblem(file: { size: number }): string | null {
  return file.size > MAX_IMPORT_BYTES ? IMPORT_TOO_LARGE : null;
}
