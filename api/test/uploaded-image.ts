/** An image as uploaded here: its id, its largest variant and the srcset the server builds for it. */
export const UPLOAD_ID = '0123456789abcdef0123456789abcdef';
export const UPLOAD = `/api/images/${UPLOAD_ID}-1600w.webp`;
export const UPLOAD_SRCSET = [480, 960, 1600]
  .map((w) => `/api/images/${UPLOAD_ID}-${w}w.webp ${w}w`)
  .join(', ');
