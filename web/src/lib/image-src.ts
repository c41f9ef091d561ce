/**
 * Where the browser loads a post image from. Stored paths under /uploads/ are served by the API at
 * /api/images/{filename}; absolute URLs are used as they are.
 */
export function imageSrc(url: string | null | undefined): string | null {
  const value = url?.trim();
  if (!value) return null;
  if (value.startsWith('/uploads/')) {
    const filename = value.slice('/uploads/'.length).split('/').pop();
    return filename ? `/api/images/${filename}` : null;
  }
  return value;
}
