/**
 * The data bench/admin-lists.ts seeds (100,000 posts, 100,000 subscriptions, 500,000 comments, 10,000
 * reader accounts, by SQL) and the calls it measures on each admin list, as [name, query string].
 */
export const SEED = `
INSERT INTO users (username, email, password_hash, role, display_name)
  SELECT 'autor' || i, 'autor' || i || '@example.com', 'x', 'publisher', 'Autor ' || i FROM generate_series(1, 20) i;
INSERT INTO users (username, email, password_hash, role, display_name, is_active)
  SELECT 'czytelnik' || i, CASE WHEN i % 10 <> 0 THEN 'czytelnik' || i || '@example.com' END, 'x', 'subscriber',
         CASE WHEN i % 4 = 0 THEN 'Łucja Żółkiewska ' || i ELSE 'Czytelnik ' || i END, i % 25 <> 0
    FROM generate_series(1, 10000) i;
INSERT INTO categories (name) SELECT 'Kategoria ' || i FROM generate_series(1, 10) i;
INSERT INTO posts (title, slug, content, content_text, excerpt, published, user_id, created_at, updated_at, scheduled_at)
  SELECT 'Wpis ' || i || CASE WHEN i % 7 = 0 THEN ' zażółć gęślą jaźń' ELSE ' o programowaniu' END,
         'wpis-' || i, '<p>Treść wpisu ' || i || '</p>', 'Treść wpisu ' || i, 'Zajawka ' || i,
         i % 5 <> 0, (SELECT min(id) FROM users WHERE username LIKE 'autor%') + i % 20,
         now() - make_interval(mins => i), now() - make_interval(mins => i % 997),
         CASE WHEN i % 50 = 0 THEN now() + interval '1 day' END
    FROM generate_series(1, 100000) i;
INSERT INTO post_categories (post_id, category_id)
  SELECT p.id, (SELECT min(id) FROM categories) + p.id % 10 FROM posts p;
INSERT INTO user_subscriptions (email, category_id, active, created_at, updated_at)
  SELECT 'czytelnik' || i || '@example.com', (SELECT min(id) FROM categories) + i % 10, i % 3 <> 0,
         now() - make_interval(mins => i), now()
    FROM generate_series(1, 100000) i;
-- One comment every 5 minutes, newest first: 500,000 over ~4.75 years (~2,000 a week), as a live
-- blog spreads them; the week buckets of comment_list_counts would be meaningless over a few days.
INSERT INTO comments (content, author, email, post_id, created_at, status)
  SELECT 'Komentarz ' || i || CASE WHEN i % 7 = 0 THEN ' zażółć gęślą jaźń' ELSE ' o artykule, dzięki' END,
         'Czytelnik ' || i, 'c' || i || '@example.com',
         (SELECT min(id) FROM posts) + i % 100000, now() - make_interval(secs => i * 300),
         CASE WHEN i % 100 = 0 THEN 'pending' ELSE 'approved' END
    FROM generate_series(1, 500000) i;
`;

const POST_CALLS: [string, string][] = [
  // The floor: an author with no posts is one index probe, so this is sign-in check + HTTP + JSON.
  ['floor (no match)', 'author=2147483647'],
  ['page 1 (the screen)', ''],
  ['late page (5,000 of 10,000)', 'page=5000'],
  ['last page', 'page=10000'],
  ['search, common word', 'q=programowaniu'],
  ['search, Polish letters', 'q=g%C4%99%C5%9Bl%C4%85'],
  ['search, rare (one post)', 'q=wpis-99999'],
  ['search, two letters', 'q=zy'],
  ['status published', 'status=published'],
  ['status hidden', 'status=hidden'],
  ['status draft', 'status=draft'],
  ['status scheduled', 'status=scheduled'],
  ['author', 'author=AUTHOR'],
  ['category', 'category=CATEGORY'],
  ['sort title asc', 'sort=title&order=asc'],
  ['sort title desc', 'sort=title&order=desc'],
  ['sort updatedAt desc', 'sort=updatedAt'],
  ['sort createdAt asc', 'order=asc'],
  ['limit 100', 'limit=100'],
  ['search + status + sort', 'q=programowaniu&status=draft&sort=title&order=asc'],
];

/** GET /api/admin/comments: 20 a page, search over author, e-mail and content, status, post, sorts. */
const COMMENT_CALLS: [string, string][] = [
  ['page 1 (the screen)', ''],
  ['late page (12,500 of 25,000)', 'page=12500'],
  ['last page', 'page=25000'],
  // The middle of the approved comments oldest first, and of the author sort (walked as before).
  ['late page, approved, oldest first', 'status=approved&order=asc&page=12375'],
  ['late page, by author', 'sort=author&page=12500'],
  ['late page, by author, oldest first', 'sort=author&order=asc&page=12500'],
  ['late page, by author, approved', 'sort=author&status=approved&page=12375'],
  ['late page, by author, pending oldest first', 'sort=author&status=pending&order=asc&page=125'],
  ['search, common word', 'q=artykule'],
  ['search, Polish letters', 'q=g%C4%99%C5%9Bl%C4%85'],
  ['search, rare (one comment)', 'q=c123457%40'],
  ['search, two letters', 'q=zy'],
  ['status pending (the queue)', 'status=pending'],
  ['status approved', 'status=approved'],
  ['post', 'post=POST'],
  ['sort author asc', 'sort=author&order=asc'],
  ['sort createdAt asc', 'order=asc'],
  ['limit 100', 'limit=100'],
  ['dashboard (limit 5)', 'limit=5'],
  ['search + status + sort', 'q=artykule&status=pending&sort=author&order=asc'],
];

/** GET /api/admin/users: search over username, display name and e-mail, role, status, sorts. */
const USER_CALLS: [string, string][] = [
  ['page 1 (the screen)', ''],
  ['last page', 'page=501'],
  ['search, Polish letters', 'q=%C5%BC%C3%B3%C5%82kiewska'],
  ['search, rare (one account)', 'q=czytelnik9999%40'],
  ['role subscriber', 'role=subscriber'],
  ['status inactive', 'status=inactive'],
  ['sort createdAt desc', 'sort=createdAt&order=desc'],
  ['sort email', 'sort=email'],
];

/** GET /api/admin/subscriptions: search over e-mail and category, status, category, sorts. */
const SUBSCRIPTION_CALLS: [string, string][] = [
  ['page 1 (the screen)', ''],
  ['late page (2,500 of 5,000)', 'page=2500'],
  ['last page', 'page=5000'],
  ['search, common', 'q=czytelnik1'],
  ['search, rare (one row)', 'q=czytelnik99999%40'],
  ['search, category name', 'q=kategoria%203'],
  ['status active', 'status=active'],
  ['status inactive', 'status=inactive'],
  ['status pending (none)', 'status=pending'],
  ['category', 'category=CATEGORY'],
  ['category + inactive', 'category=CATEGORY&status=inactive'],
  ['sort email asc', 'sort=email&order=asc'],
  ['sort createdAt asc', 'order=asc'],
  ['limit 100', 'limit=100'],
];

export const LISTS: Record<string, [string, string][]> = {
  posts: POST_CALLS,
  comments: COMMENT_CALLS,
  users: USER_CALLS,
  subscriptions: SUBSCRIPTION_CALLS,
};
