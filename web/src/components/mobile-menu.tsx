import type { ReactNode } from 'react';

/** The menu's element: the header's button names it as the popover it opens. */
export const MOBILE_MENU_ID = 'menu-mobilne';

/** Chakra's close icon, drawn as its CloseButton draws it. */
const CLOSE_ICON =
  'M18.7071 6.70711C19.0976 6.31658 19.0976 5.68342 18.7071 5.29289C18.3166 4.90237 17.6834 4.90237 17.2929 5.29289L12 10.5858L6.70711 5.29289C6.31658 4.90237 5.68342 4.90237 5.29289 5.29289C4.90237 5.68342 4.90237 6.31658 5.29289 6.70711L10.5858 12L5.29289 17.2929C4.90237 17.6834 4.90237 18.3166 5.29289 18.7071C5.68342 19.0976 6.31658 19.0976 6.70711 18.7071L12 13.4142L17.2929 18.7071C17.6834 19.0976 18.3166 19.0976 18.7071 18.7071C19.0976 18.3166 19.0976 17.6834 18.7071 17.2929L13.4142 12L18.7071 6.70711Z';

/**
 * The header's side menu on small screens: an HTML popover, so the browser opens and closes it (the
 * button, a tap outside, Escape) without any of the app's code — a tap before the page's script has
 * arrived is not lost, and focus goes back to the button on close. Hidden by the browser's own
 * `[popover]:not(:popover-open)` rule: nothing here sets `display`. Styled by theme/public-static.css.
 */
export function MobileMenu({ children }: { children: ReactNode }) {
  return (
    <div
      id={MOBILE_MENU_ID}
      className="mobile-menu"
      popover="auto"
      role="dialog"
      aria-labelledby={`${MOBILE_MENU_ID}-title`}
    >
      <div className="mobile-menu__head">
        <h2 id={`${MOBILE_MENU_ID}-title`} className="mobile-menu__title">
          Menu
        </h2>
        <button
          type="button"
          className="site-icon-button site-icon-button--small"
          aria-label="Zamknij menu"
          popoverTarget={MOBILE_MENU_ID}
          popoverTargetAction="hide"
        >
          <svg viewBox="0 0 24 24">
            <path fillRule="evenodd" clipRule="evenodd" d={CLOSE_ICON} />
          </svg>
        </button>
      </div>
      {children}
    </div>
  );
}
