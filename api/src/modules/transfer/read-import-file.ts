import { IMPORT_TOO_LARGE, MAX_IMPORT_BYTES } from '@blog/shared/rules';
import { AppError, badRequest } from '../../errors.ts';
import { type GhostTagsAs, ghostData, parseGhost } from './ghost-parser.ts';
import type { SkippedItem } from './import-report.ts';
import { assertDatesAccepted, transferDateRefusal } from './transfer-dates.ts';
import { TRANSFER_FORMAT, type TransferDocument, transferDocumentSchema } from './transfer-document.ts';
import { parseWxr } from './wxr-parser.ts';

export const WRONG_KIND =
  'Nieznany rodzaj pliku. Zaimportować można eksport WordPressa (plik XML z Narzędzia → Eksport), eksport Ghosta (plik JSON z Settings → Labs → Export) albo eksport tego bloga.';
const NOT_UTF8 = 'Plik nie jest tekstem w UTF-8, a eksporty WordPressa i Ghosta zawsze nim są.';
const BAD_JSON = 'Plik JSON jest uszkodzony i nie da się go odczytać.';
const BAD_TRANSFER = 'Eksport tego bloga jest niekompletny lub zmieniony';

const NUL_IN_FILE =
  'Plik zawiera znak NUL, którego żaden eksport WordPressa, Ghosta ani tego bloga nie zawiera.';

export interface ImportOptions {
  /** Ghost tags as categories (default) or as tags. */
  ghostTagsAs?: GhostTagsAs;
}

export const tooLarge = () => new AppError('payload_too_large', IMPORT_TOO_LARGE);

/**
 * The transfer document of an export file, whatever produced it: WXR is XML whose root is <rss>,
 * Ghost and this blog write JSON (told apart by `format`). The content decides, never the file
 * name. Everything refused here throws an AppError with a Polish message, before anything is written.
 */
export function readImportFile(
  bytes: Buffer,
  skipped: SkippedItem[],
  options: ImportOptions = {},
): TransferDocument {
  if (bytes.length > MAX_IMPORT_BYTES) throw tooLarge();
  let content: string;
  try {
    content = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw badRequest(NOT_UTF8);
  }
  if (content.includes('\u0000') || content.includes('\\u0000')) throw badRequest(NUL_IN_FILE);
  const start = content.trimStart()[0];
  if (start === '<') return withAcceptedDates(parseWxr(content, skipped));
  if (start !== '{') throw new AppError('unsupported_media_type', WRONG_KIND);
  let json: unknown;
  try {
    json = JSON.parse(content);
  } catch {
    throw badRequest(BAD_JSON);
  }
  if ((json as { format?: unknown }).format === TRANSFER_FORMAT) {
    const parsed = transferDocumentSchema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw (
        transferDateRefusal(json, issue.path) ??
        badRequest(`${BAD_TRANSFER} (${issue.path.join('.') || 'dokument'}).`)
      );
    }
    return parsed.data;
  }
  if (ghostData(json))
    return withAcceptedDates(parseGhost(json, skipped, options.ghostTagsAs ?? 'categories'));
  throw new AppError('unsupported_media_type', WRONG_KIND);
}

/** A parsed WordPress or Ghost file, once every date in it is one the blog can keep (transfer-dates.ts). */
function withAcceptedDates(document: TransferDocument): TransferDocument {
  assertDatesAccepted(document);
  return document;
}
