import type { QueryInterface } from 'sequelize';
import type { RunnableMigration } from 'umzug';
import * as initialSchema from './0001-initial-schema.ts';
import * as postWordCount from './0002-post-word-count.ts';
import * as postFirstPublished from './0003-post-first-published.ts';
import * as deliveryClaims from './0004-delivery-claims.ts';
import * as optimisticVersions from './20261125131500-optimistic-versions.ts';
import * as postRevisions from './20261125133000-post-revisions.ts';
import * as postSlugRedirects from './20261125141000-post-slug-redirects.ts';
import * as postScheduling from './20261125142000-post-scheduling.ts';
import * as publicContentNotify from './0005-public-content-notify.ts';
import * as importSources from './20261125170000-import-sources.ts';
import * as importJobs from './20261127001000-import-jobs.ts';
import * as subscriptionConfirmation from './20261125170000-issue-24b-subscription-confirmation.ts';
import * as passwordTemporary from './20261127005000-password-temporary.ts';
import * as postImageAlt from './20261127100000-post-image-alt.ts';
import * as adminListIndexes from './20261127003000-admin-list-indexes.ts';
import * as postSeo from './20261127110000-post-seo.ts';
import * as commentApproval from './20261127120000-comment-approval.ts';
import * as usersSubscriptionsListIndexes from './20261127130000-users-subscriptions-list-indexes.ts';
import * as adminPostsListSpeed from './20261127140000-admin-posts-list-speed.ts';
import * as postRevisionImageAlt from './20261127160000-post-revision-image-alt.ts';
import * as adminPostsShortSearch from './20261128100000-admin-posts-short-search.ts';
import * as commentListCounts from './20261128120000-comment-list-counts.ts';
import * as commentListWeeks from './20261128130000-comment-list-weeks.ts';
import * as repairStoredValues from './20261128140000-repair-stored-values.ts';
import * as commentAuthorBuckets from './20261128150000-comment-author-buckets.ts';
import * as transitionTableJoins from './20261129090000-transition-table-joins.ts';
import * as usersListSortIndexes from './20261129100000-users-list-sort-indexes.ts';
import * as importSourcesLocalPosts from './20261129113000-import-sources-local-posts.ts';
import * as nameSkeletons from './20261129120000-name-skeletons.ts';
import * as polishSearch from './20261129150000-polish-search.ts';
import * as searchWords from './20261129160000-search-words.ts';
import * as postCollabStates from './20261129180000-post-collab-states.ts';
import * as searchWordIndex from './20261129190000-search-word-index.ts';
import * as postBodyNotify from './20261129200000-post-body-notify.ts';
import * as searchTitleIndex from './20261130030000-search-title-index.ts';
import * as dropSearchText from './20261130050000-drop-search-text.ts';
import * as visibilityTruncate from './20261130070000-visibility-truncate.ts';
import * as visiblePostsIndex from './20261130080000-visible-posts-index.ts';
import * as postSearchTable from './20261130100000-post-search-table.ts';
import * as searchWordsNoWait from './20261130130000-search-words-no-wait.ts';
import * as searchWordsShort from './20261201000000-search-words-short.ts';
import * as slugRedirectsNotify from './20261201050000-slug-redirects-notify.ts';
import * as postWords from './20261201120000-post-words.ts';
import * as publicTruncateNotify from './20261202030000-public-truncate-notify.ts';

/** What every migration receives: the query interface of the migrating connection pool. */
export type MigrationContext = QueryInterface;

/**
 * Every migration, oldest first. Names are stored in schema_migrations: never rename one. Dated names
 * stay in name order: a backup's schema version is the greatest name, and a restore migrates up to it.
 */
export const MIGRATIONS: RunnableMigration<MigrationContext>[] = [
  { name: '0001-initial-schema', up: initialSchema.up, down: initialSchema.down },
  { name: '0002-post-word-count', up: postWordCount.up, down: postWordCount.down },
  { name: '0003-post-first-published', up: postFirstPublished.up, down: postFirstPublished.down },
  { name: '0004-delivery-claims', up: deliveryClaims.up, down: deliveryClaims.down },
  { name: '20261125131500-optimistic-versions', up: optimisticVersions.up, down: optimisticVersions.down },
  { name: '20261125133000-post-revisions', up: postRevisions.up, down: postRevisions.down },
  { name: '20261125141000-post-slug-redirects', up: postSlugRedirects.up, down: postSlugRedirects.down },
  { name: '20261125142000-post-scheduling', up: postScheduling.up, down: postScheduling.down },
  { name: '0005-public-content-notify', up: publicContentNotify.up, down: publicContentNotify.down },
  { name: '20261125170000-import-sources', up: importSources.up, down: importSources.down },
  {
    name: '20261125170000-issue-24b-subscription-confirmation',
    up: subscriptionConfirmation.up,
    down: subscriptionConfirmation.down,
  },
  { name: '20261127001000-import-jobs', up: importJobs.up, down: importJobs.down },
  { name: '20261127003000-admin-list-indexes', up: adminListIndexes.up, down: adminListIndexes.down },
  { name: '20261127005000-password-temporary', up: passwordTemporary.up, down: passwordTemporary.down },
  { name: '20261127100000-post-image-alt', up: postImageAlt.up, down: postImageAlt.down },
  { name: '20261127110000-post-seo', up: postSeo.up, down: postSeo.down },
  { name: '20261127120000-comment-approval', up: commentApproval.up, down: commentApproval.down },
  {
    name: '20261127130000-users-subscriptions-list-indexes',
    up: usersSubscriptionsListIndexes.up,
    down: usersSubscriptionsListIndexes.down,
  },
  {
    name: '20261127140000-admin-posts-list-speed',
    up: adminPostsListSpeed.up,
    down: adminPostsListSpeed.down,
  },
  {
    name: '20261127160000-post-revision-image-alt',
    up: postRevisionImageAlt.up,
    down: postRevisionImageAlt.down,
  },
  {
    name: '20261128100000-admin-posts-short-search',
    up: adminPostsShortSearch.up,
    down: adminPostsShortSearch.down,
  },
  { name: '20261128120000-comment-list-counts', up: commentListCounts.up, down: commentListCounts.down },
  { name: '20261128130000-comment-list-weeks', up: commentListWeeks.up, down: commentListWeeks.down },
  { name: '20261128140000-repair-stored-values', up: repairStoredValues.up, down: repairStoredValues.down },
  {
    name: '20261128150000-comment-author-buckets',
    up: commentAuthorBuckets.up,
    down: commentAuthorBuckets.down,
  },
  {
    name: '20261129090000-transition-table-joins',
    up: transitionTableJoins.up,
    down: transitionTableJoins.down,
  },
  {
    name: '20261129100000-users-list-sort-indexes',
    up: usersListSortIndexes.up,
    down: usersListSortIndexes.down,
  },
  {
    name: '20261129113000-import-sources-local-posts',
    up: importSourcesLocalPosts.up,
    down: importSourcesLocalPosts.down,
  },
  { name: '20261129120000-name-skeletons', up: nameSkeletons.up, down: nameSkeletons.down },
  { name: '20261129150000-polish-search', up: polishSearch.up, down: polishSearch.down },
  { name: '20261129160000-search-words', up: searchWords.up, down: searchWords.down },
  { name: '20261129180000-post-collab-states', up: postCollabStates.up, down: postCollabStates.down },
  { name: '20261129190000-search-word-index', up: searchWordIndex.up, down: searchWordIndex.down },
  { name: '20261129200000-post-body-notify', up: postBodyNotify.up, down: postBodyNotify.down },
  { name: '20261130030000-search-title-index', up: searchTitleIndex.up, down: searchTitleIndex.down },
  { name: '20261130050000-drop-search-text', up: dropSearchText.up, down: dropSearchText.down },
  {
    name: '20261130070000-visibility-truncate',
    up: visibilityTruncate.up,
    down: visibilityTruncate.down,
  },
  {
    name: '20261130080000-visible-posts-index',
    up: visiblePostsIndex.up,
    down: visiblePostsIndex.down,
  },
  { name: '20261130100000-post-search-table', up: postSearchTable.up, down: postSearchTable.down },
  { name: '20261130130000-search-words-no-wait', up: searchWordsNoWait.up, down: searchWordsNoWait.down },
  { name: '20261201000000-search-words-short', up: searchWordsShort.up, down: searchWordsShort.down },
  {
    name: '20261201050000-slug-redirects-notify',
    up: slugRedirectsNotify.up,
    down: slugRedirectsNotify.down,
  },
  { name: '20261201120000-post-words', up: postWords.up, down: postWords.down },
  {
    name: '20261202030000-public-truncate-notify',
    up: publicTruncateNotify.up,
    down: publicTruncateNotify.down,
  },
];
