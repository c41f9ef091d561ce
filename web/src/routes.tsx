import {
  ADMIN_PAGES,
  ADMIN_PAGES_BASE,
  type AdminPage,
  type PublicPage,
  PUBLIC_PAGES,
} from '@blog/shared/addresses';
import { PageLoading } from './components/page-loading.tsx';
import { type ComponentType, lazy, Suspense, useState } from 'react';
import { matchPath, Route, Routes, useLocation } from 'react-router';
import { PublicLayout } from './components/public-layout.tsx';
import { routerPath } from './lib/router-path.ts';
import { HomePage } from './pages/public/home-page.tsx';

/**
 * React.lazy for a named export: each page becomes its own chunk, loaded on first visit. `preload()`
 * fetches it ahead: a page whose code is already here renders at once, without the loading spinner
 * (which, on the first screen, would show the footer and then push it down). A page module's
 * `preloadParts` (the chunk of a form it draws) is loaded with it.
 */
function lazyPage<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string) {
  let loaded: ComponentType | undefined;
  const pick = async () => {
    if (loaded) return loaded;
    const module = await load();
    const parts = module.preloadParts as (() => Promise<unknown>) | undefined;
    await parts?.();
    return (loaded = module[name] as ComponentType);
  };
  const Lazy = lazy(async () => ({ default: await pick() }));
  function Page() {
    // Decided once per mount, so the element type never changes under a mounted page.
    const [Ready] = useState(() => loaded);
    return Ready ? <Ready /> : <Lazy />;
  }
  return Object.assign(Page, { preload: pick });
}

// Only the home page is in the first download; every other reader page is a small chunk of its own
// (the article page is fetched in parallel with its data, so a direct visit does not wait longer).
const PostsPage = lazyPage(() => import('./pages/public/posts-page.tsx'), 'PostsPage');
const PostPage = lazyPage(() => import('./pages/public/post-page.tsx'), 'PostPage');
const ContactPage = lazyPage(() => import('./pages/public/contact-page.tsx'), 'ContactPage');
const AboutPage = lazyPage(() => import('./pages/public/about-page.tsx'), 'AboutPage');
const CookiesPage = lazyPage(() => import('./pages/public/cookies-page.tsx'), 'CookiesPage');
const AuthPage = lazyPage(() => import('./pages/public/auth-page.tsx'), 'AuthPage');
const PasswordResetPage = lazyPage(
  () => import('./pages/public/password-reset-page.tsx'),
  'PasswordResetPage',
);
const UnsubscribePage = lazyPage(() => import('./pages/public/unsubscribe-page.tsx'), 'UnsubscribePage');
const SubscriptionConfirmPage = lazyPage(
  () => import('./pages/public/subscription-confirm-page.tsx'),
  'SubscriptionConfirmPage',
);
const CategoryPage = lazyPage(() => import('./pages/public/archive-page.tsx'), 'CategoryPage');
const TagPage = lazyPage(() => import('./pages/public/archive-page.tsx'), 'TagPage');
const NotFoundPage = lazyPage(() => import('./pages/public/not-found-page.tsx'), 'NotFoundPage');

// The shell (guard, sidebar, header) is one lazy chunk too: nothing of the panel is in the reader's download.
const AdminLayout = lazyPage(() => import('./pages/admin/shell/admin-layout.tsx'), 'AdminLayout');
const AdminOnlyOutlet = lazyPage(() => import('./pages/admin/shell/admin-layout.tsx'), 'AdminOnlyOutlet');
const AdminDashboardPage = lazyPage(() => import('./pages/admin/dashboard-page.tsx'), 'AdminDashboardPage');
const AdminPostsPage = lazyPage(() => import('./pages/admin/posts-page.tsx'), 'AdminPostsPage');
const AdminPostNewPage = lazyPage(() => import('./pages/admin/post-new-page.tsx'), 'AdminPostNewPage');
const AdminPostEditPage = lazyPage(() => import('./pages/admin/post-edit-page.tsx'), 'AdminPostEditPage');
const AdminCategoriesPage = lazyPage(
  () => import('./pages/admin/categories-page.tsx'),
  'AdminCategoriesPage',
);
const AdminCommentsPage = lazyPage(() => import('./pages/admin/comments-page.tsx'), 'AdminCommentsPage');
const AdminUsersPage = lazyPage(() => import('./pages/admin/users-page.tsx'), 'AdminUsersPage');
const AdminSubscriptionsPage = lazyPage(
  () => import('./pages/admin/subscriptions-page.tsx'),
  'AdminSubscriptionsPage',
);
const AdminSettingsPage = lazyPage(() => import('./pages/admin/settings-page.tsx'), 'AdminSettingsPage');
const AdminLogsPage = lazyPage(() => import('./pages/admin/logs-page.tsx'), 'AdminLogsPage');

/** Every reader page by its name in PUBLIC_PAGES (@blog/shared/addresses), the table the server answers too. */
const READER_PAGES: Record<PublicPage, ComponentType> = {
  home: HomePage,
  posts: PostsPage,
  post: PostPage,
  contact: ContactPage,
  about: AboutPage,
  cookies: CookiesPage,
  auth: AuthPage,
  passwordReset: PasswordResetPage,
  unsubscribe: UnsubscribePage,
  subscriptionConfirm: SubscriptionConfirmPage,
  category: CategoryPage,
  tag: TagPage,
};

// Reader pages a visit can start on, by path: the lazily loaded ones (the home page is in the entry).
const FIRST_SCREEN_PAGES: [string, { preload(): Promise<unknown> }][] = (
  Object.keys(READER_PAGES) as PublicPage[]
).flatMap((name) => {
  const page = READER_PAGES[name] as Partial<{ preload(): Promise<unknown> }>;
  return page.preload ? [[PUBLIC_PAGES[name], page as { preload(): Promise<unknown> }]] : [];
});

/** Loads the code of the reader page at `pathname` before the first render; null when it is in the entry. */
export function preloadFirstScreen(pathname: string): Promise<unknown> | null {
  const page = FIRST_SCREEN_PAGES.find(([pattern]) => matchPath(pattern, pathname))?.[1];
  return page ? page.preload() : null;
}

/** An admin screen's pattern (ADMIN_PAGES) relative to the panel's route. */
const adminRoute = (page: Exclude<AdminPage, 'dashboard'>) =>
  ADMIN_PAGES[page].slice(ADMIN_PAGES_BASE.length + 1);

/** What `.` in a route's pattern does not match. */
const LINE_BREAK = /[\n\r\u2028\u2029]/;

/** Every route of the product. The home page is in the main bundle; every other page loads lazily. */
export function AppRoutes() {
  // A route's pattern cannot match a line break (`/abc%0A`): such a path would match no route at all,
  // not even `*`, and draw an empty page answered 200 — it is no page of ours.
  if (LINE_BREAK.test(routerPath(useLocation().pathname)))
    return (
      <Suspense fallback={<PageLoading />}>
        <NotFoundPage />
      </Suspense>
    );
  return (
    <Suspense fallback={<PageLoading />}>
      <Routes>
        <Route element={<PublicLayout />}>
          {(Object.keys(READER_PAGES) as PublicPage[]).map((name) => {
            const Page = READER_PAGES[name];
            return name === 'home' ? (
              <Route key={name} index element={<Page />} />
            ) : (
              <Route key={name} path={PUBLIC_PAGES[name].slice(1)} element={<Page />} />
            );
          })}
        </Route>

        {/* Every /admin page renders inside the guarded shell; the admin-only sections sit behind a second check. */}
        <Route path={ADMIN_PAGES_BASE.slice(1)} element={<AdminLayout />}>
          <Route index element={<AdminDashboardPage />} />
          <Route path={adminRoute('posts')} element={<AdminPostsPage />} />
          <Route path={adminRoute('postNew')} element={<AdminPostNewPage />} />
          <Route path={adminRoute('postEdit')} element={<AdminPostEditPage />} />
          <Route path={adminRoute('categories')} element={<AdminCategoriesPage />} />
          <Route path={adminRoute('comments')} element={<AdminCommentsPage />} />
          <Route element={<AdminOnlyOutlet />}>
            <Route path={adminRoute('users')} element={<AdminUsersPage />} />
            <Route path={adminRoute('subscriptions')} element={<AdminSubscriptionsPage />} />
            <Route path={adminRoute('settings')} element={<AdminSettingsPage />} />
            <Route path={adminRoute('logs')} element={<AdminLogsPage />} />
          </Route>
        </Route>

        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Suspense>
  );
}
