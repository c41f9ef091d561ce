/**
 * The agreement between the API and the web's server renderer (web/src/entry-server.tsx, compiled by
 * `vite build --ssr`): the API hands the renderer a source of reader data built from its own services
 * and presenters, the renderer answers with the page. Types and the page's element ids, nothing that
 * runs, so both sides (and the browser) can import it.
 */
import type { components } from '../generated/schema.d.ts';

type PostSummary = components['schemas']['PostSummary'];
type PostDetail = components['schemas']['PostDetail'];
type SiteSettings = components['schemas']['SiteSettings'];
type Category = components['schemas']['Category'];

/** One page of the public list as the web holds it: GET /api/posts's body with its paging headers. */
export interface PostListPage {
  posts: PostSummary[];
  total: number;
  totalPages: number;
  page: number;
  limit: number;
}

export interface PostListQuery {
  page: number;
  limit: number;
  /** Trimmed search text; empty for none. */
  q: string;
  /** A category page: only posts of this category. */
  category?: number;
  /** A tag page: only posts carrying this tag. */
  tag?: string;
}

/**
 * What the renderer may ask for; each answer is exactly what the named call answers a reader who is
 * not signed in. A rejection means "unknown here": the page then renders without it and the browser
 * fetches it after hydration.
 */
export interface ReaderSource {
  /** GET /api/site-settings */
  siteSettings(): Promise<SiteSettings>;
  /** GET /api/categories (the visible ones). */
  categories(): Promise<Category[]>;
  /** GET /api/posts?page&limit&q&category&tag with X-Total-Count, X-Total-Pages, X-Page, X-Limit. */
  postList(query: PostListQuery): Promise<PostListPage>;
  /** GET /api/posts/{slug}; null when readers may not see it (the call answers 404). */
  post(slug: string): Promise<PostDetail | null>;
}

/** What the page carries for the browser to hydrate with (written as JSON into the HTML). */
export interface PageData {
  /** SWR's fallback: the data every hook of the page reads, by SWR's serialized key. */
  fallback: Record<string, unknown>;
  /** The day of the render in Europe/Warsaw (YYYY-MM-DD): "today" on the page while it hydrates. */
  today: string;
}

export interface RenderedPage {
  status: 200 | 404;
  /**
   * False when the source failed for some of the data, or a part of the page failed to draw: the page
   * then shows loading states or nothing in their place (the browser fetches and draws them) and must
   * not be cached.
   */
  complete: boolean;
  /** The document title, as the page sets it in the browser. */
  title: string;
  /**
   * The styles every page of the renderer's process carries (the global and static CSS as <style>
   * elements), the same text each time: the API encodes and compresses it once. First at the end of
   * <head>.
   */
  sharedStyles: string;
  /** The page's own styles (emotion's extracted CSS as <style> elements), after sharedStyles. */
  styles: string;
  /** The app's markup, the content of #root. */
  html: string;
  data: PageData;
}

/** `url`: path and query of the request. */
export type RenderPage = (url: string, source: ReaderSource) => Promise<RenderedPage>;

/** The element of index.html the app is drawn into, and the server puts a page's markup in. */
export const APP_ROOT_ID = 'root';

/** The element of a server-drawn page that carries its PageData (JSON, never executed) for the browser. */
export const PAGE_DATA_ID = 'page-data';
