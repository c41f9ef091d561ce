/** The small logo square next to the blog name (same drawing as the favicon); `small` in the footer. */
export function BrandMark({ small = false }: { small?: boolean }) {
  // Styled by theme/public-static.css.
  return (
    <span className={small ? 'brand-mark brand-mark--small' : 'brand-mark'} aria-hidden="true">
      <svg viewBox="0 0 64 64" width="100%" height="100%" role="presentation">
        <rect width="64" height="64" rx="14" fill="#3347d8" />
        <path d="M32 15v22" stroke="#fff" strokeWidth="8" strokeLinecap="round" />
        <circle cx="32" cy="48" r="5" fill="#fbbf24" />
      </svg>
    </span>
  );
}
