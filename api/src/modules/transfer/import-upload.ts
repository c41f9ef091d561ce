import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { Request, RequestHandler } from 'express';
import multer, { MulterError } from 'multer';
import { AppError, badRequest } from '../../errors.ts';
import { IMPORT_TOO_LARGE, MAX_IMPORT_BYTES } from '@blog/shared/rules';

export const NO_IMPORT_FILE = 'Wybierz plik eksportu do zaimportowania (pole file).';
const NOT_MULTIPART = 'Plik importu wysyła się jako formularz multipart/form-data.';
const BAD_FORM = 'Nieprawidłowe dane formularza.';
/** Room for the multipart framing around a file of the largest size. */
const FRAMING_BYTES = 64 * 1024;

/** The staged upload of a request that went through readImportUpload. */
export interface StagedUpload {
  /** Absolute path in the staging folder; the file's name there is ours, never the browser's. */
  file: string;
  stagedFile: string;
  originalName: string;
  size: number;
}

const stagedOf = (req: Request): string | undefined => (req as { stagedFile?: string }).stagedFile;

function uploadError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  if (err instanceof MulterError) {
    if (err.code === 'LIMIT_FILE_SIZE')
      return new AppError('payload_too_large', IMPORT_TOO_LARGE, { field: 'file' });
    if (err.code === 'LIMIT_UNEXPECTED_FILE' || err.code === 'LIMIT_FILE_COUNT')
      return badRequest('Formularz może zawierać tylko jeden plik, w polu file.', 'file');
  }
  // busboy: a broken multipart body (no boundary, cut off, malformed headers).
  return badRequest(BAD_FORM);
}

/**
 * Reads the multipart body of POST /admin/imports: one `file` of at most 100 MB, streamed to disk in
 * the staging folder (never held in memory) under a random name. A body that announces more than that
 * is refused before it is read; anything refused leaves no file behind.
 */
export function readImportUpload(stagingDir: string): RequestHandler {
  const upload = multer({
    storage: multer.diskStorage({
      destination: (_req, _file, callback) => {
        mkdirSync(stagingDir, { recursive: true });
        callback(null, stagingDir);
      },
      filename: (req, _file, callback) => {
        const name = `${randomUUID()}.upload`;
        (req as { stagedFile?: string }).stagedFile = name;
        callback(null, name);
      },
    }),
    limits: { fileSize: MAX_IMPORT_BYTES, files: 1, fields: 0, parts: 1 },
  }).single('file');
  return (req, res, next) => {
    if (!req.is('multipart/form-data')) return next(new AppError('unsupported_media_type', NOT_MULTIPART));
    if (Number(req.headers['content-length']) > MAX_IMPORT_BYTES + FRAMING_BYTES) {
      res.setHeader('Connection', 'close');
      return next(new AppError('payload_too_large', IMPORT_TOO_LARGE, { field: 'file' }));
    }
    upload(req, res, (err?: unknown) => {
      if (err === undefined && req.file) return next();
      const staged = stagedOf(req);
      const removed = staged ? rm(path.join(stagingDir, staged), { force: true }) : Promise.resolve();
      void removed.then(() =>
        next(err === undefined ? badRequest(NO_IMPORT_FILE, 'file') : uploadError(err)),
      );
    });
  };
}

export function stagedUpload(req: Request): StagedUpload {
  const file = req.file!;
  return {
    file: file.path,
    stagedFile: file.filename,
    originalName: file.originalname.slice(0, 255),
    size: file.size,
  };
}
