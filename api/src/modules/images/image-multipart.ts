import type { Request, RequestHandler } from 'express';
import multer, { MulterError } from 'multer';
import { AppError, badRequest } from '../../errors.ts';
import { IMAGE_TOO_LARGE, MAX_IMAGE_BYTES } from './image-upload.ts';

export const IMAGE_MISSING = 'Wybierz plik obrazu.';

// One file and nothing else: an inline image is uploaded on its own, before the post is saved.
const upload = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 0, parts: 1 },
}).single('image');

function uploadError(err: unknown): AppError {
  if (err instanceof MulterError) {
    if (err.code === 'LIMIT_FILE_SIZE')
      return new AppError('payload_too_large', IMAGE_TOO_LARGE, { field: 'image' });
    if (err.code === 'LIMIT_UNEXPECTED_FILE' || err.code === 'LIMIT_FILE_COUNT')
      return badRequest('Formularz może zawierać tylko jeden plik, w polu image.', 'image');
    return badRequest('Formularz może zawierać tylko plik obrazu, w polu image.', 'image');
  }
  // busboy: a broken multipart body (no boundary, cut off, malformed headers).
  return badRequest('Nieprawidłowe dane formularza.');
}

/**
 * Reads the multipart body of an inline image upload (contract ImageUploadForm): one `image` file of
 * at most 5 MB, held in memory, the same limits and texts as a post's cover. Anything but multipart is 415.
 */
export const readImageUpload: RequestHandler = (req, res, next) => {
  if (!req.is('multipart/form-data')) {
    next(new AppError('unsupported_media_type', 'Obraz wysyła się jako formularz multipart/form-data.'));
    return;
  }
  upload(req, res, (err?: unknown) => {
    if (err !== undefined) return next(uploadError(err));
    if (!req.file) return next(badRequest(IMAGE_MISSING, 'image'));
    next();
  });
};

/** The bytes of the file a request read through readImageUpload carries. */
export const uploadedImage = (req: Request): { bytes: Buffer; originalFilename: string } => ({
  bytes: req.file!.buffer,
  originalFilename: req.file!.originalname.slice(0, 255),
});
