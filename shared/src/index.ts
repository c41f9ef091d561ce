/**
 * The HTTP contract as TypeScript: the types openapi-typescript generates from
 * openapi.yaml, a short alias per schema, and where the YAML lives (for the request and
 * response validator and for contract tests).
 */
import { createRequire } from 'node:module';
import type { components, operations } from '../generated/schema.d.ts';

export type { $defs, components, operations, paths, webhooks } from '../generated/schema.d.ts';

/**
 * Absolute path of openapi.yaml, found through the package's own exports so it holds wherever this
 * module runs from: the sources, or the API compiled into one file (infra/src/build-server.ts).
 */
export const openapiPath = createRequire(import.meta.url).resolve('@blog/shared/openapi.yaml');

/** Every operationId of the contract. */
export type OperationId = keyof operations;

/** Per operationId, its `x-auth` (access) and `x-owner` (owner), generated from the same YAML. */
export type { OperationAccess } from '../generated/operation-access.ts';

// One alias per components/schemas entry (checked by src/check-drift.ts). `Error` and
// `ErrorCode` get an Api prefix so they do not shadow the global Error or the API's own codes.
export type ApiError = components['schemas']['Error'];
export type ApiErrorCode = components['schemas']['ErrorCode'];
export type MessageResponse = components['schemas']['MessageResponse'];
export type Role = components['schemas']['Role'];
export type Id = components['schemas']['Id'];
export type Version = components['schemas']['Version'];
export type CsrfToken = components['schemas']['CsrfToken'];
export type SessionUser = components['schemas']['SessionUser'];
export type LoginRequest = components['schemas']['LoginRequest'];
export type RegisterRequest = components['schemas']['RegisterRequest'];
export type Username = components['schemas']['Username'];
export type NewPassword = components['schemas']['NewPassword'];
export type DisplayName = components['schemas']['DisplayName'];
export type PasswordResetRequest = components['schemas']['PasswordResetRequest'];
export type PasswordResetConfirm = components['schemas']['PasswordResetConfirm'];
export type PasswordChange = components['schemas']['PasswordChange'];
export type User = components['schemas']['User'];
export type UserCreate = components['schemas']['UserCreate'];
export type UserCreated = components['schemas']['UserCreated'];
export type UserUpdate = components['schemas']['UserUpdate'];
export type PasswordResetResult = components['schemas']['PasswordResetResult'];
export type UserMapRequest = components['schemas']['UserMapRequest'];
export type UserMapResult = components['schemas']['UserMapResult'];
export type Category = components['schemas']['Category'];
export type CategoryRef = components['schemas']['CategoryRef'];
export type CategoryInput = components['schemas']['CategoryInput'];
export type PostAuthor = components['schemas']['PostAuthor'];
export type PostSummary = components['schemas']['PostSummary'];
export type SearchFragmentPart = components['schemas']['SearchFragmentPart'];
export type PostDetail = components['schemas']['PostDetail'];
export type TagCount = components['schemas']['TagCount'];
export type AdminPostListItem = components['schemas']['AdminPostListItem'];
export type AdminPostPage = components['schemas']['AdminPostPage'];
export type BulkPostsRequest = components['schemas']['BulkPostsRequest'];
export type BulkPostsResult = components['schemas']['BulkPostsResult'];
export type BulkPostOutcome = components['schemas']['BulkPostOutcome'];
export type AdminUserPage = components['schemas']['AdminUserPage'];
export type AdminSubscriptionPage = components['schemas']['AdminSubscriptionPage'];
export type SubscriptionStatus = components['schemas']['SubscriptionStatus'];
export type ListTotal = components['schemas']['ListTotal'];
export type ListPageNumber = components['schemas']['ListPageNumber'];
export type ListLimit = components['schemas']['ListLimit'];
export type AdminPost = components['schemas']['AdminPost'];
export type PostInput = components['schemas']['PostInput'];
export type PostUploadForm = components['schemas']['PostUploadForm'];
export type UploadedInlineImage = components['schemas']['UploadedInlineImage'];
export type ImageUploadForm = components['schemas']['ImageUploadForm'];
export type PostVisibility = components['schemas']['PostVisibility'];
export type PostRevisionSummary = components['schemas']['PostRevisionSummary'];
export type PostRevision = components['schemas']['PostRevision'];
export type RevisionRestoreRequest = components['schemas']['RevisionRestoreRequest'];
export type PublicComment = components['schemas']['PublicComment'];
export type CommentStatus = components['schemas']['CommentStatus'];
export type CreatedComment = components['schemas']['CreatedComment'];
export type CommentCreate = components['schemas']['CommentCreate'];
export type PostRef = components['schemas']['PostRef'];
export type AdminComment = components['schemas']['AdminComment'];
export type AdminCommentPage = components['schemas']['AdminCommentPage'];
export type BulkDeleteRequest = components['schemas']['BulkDeleteRequest'];
export type BulkDeleteResult = components['schemas']['BulkDeleteResult'];
export type Captcha = components['schemas']['Captcha'];
export type ContactMessageCreate = components['schemas']['ContactMessageCreate'];
export type ContactMessage = components['schemas']['ContactMessage'];
export type SubscriptionStats = components['schemas']['SubscriptionStats'];
export type Subscription = components['schemas']['Subscription'];
export type SubscribeRequest = components['schemas']['SubscribeRequest'];
export type SubscribeResult = components['schemas']['SubscribeResult'];
export type SubscribePendingResult = components['schemas']['SubscribePendingResult'];
export type ConfirmSubscriptionRequest = components['schemas']['ConfirmSubscriptionRequest'];
export type ConfirmSubscriptionResult = components['schemas']['ConfirmSubscriptionResult'];
export type SubscriptionSettings = components['schemas']['SubscriptionSettings'];
export type SubscriptionSettingsResult = components['schemas']['SubscriptionSettingsResult'];
export type SubscriptionStatsResult = components['schemas']['SubscriptionStatsResult'];
export type SubscriptionLimitUpdate = components['schemas']['SubscriptionLimitUpdate'];
export type UnsubscribeResult = components['schemas']['UnsubscribeResult'];
export type OneClickUnsubscribeForm = components['schemas']['OneClickUnsubscribeForm'];
export type SiteSettings = components['schemas']['SiteSettings'];
export type SiteSettingsUpdate = components['schemas']['SiteSettingsUpdate'];
export type EmailSettings = components['schemas']['EmailSettings'];
export type EmailSettingsInput = components['schemas']['EmailSettingsInput'];
export type TestEmailRequest = components['schemas']['TestEmailRequest'];
export type CategoryDeleteImpact = components['schemas']['CategoryDeleteImpact'];
export type SenderEmail = components['schemas']['SenderEmail'];
export type NotificationSettingsInput = components['schemas']['NotificationSettingsInput'];
export type NotificationSettingsResult = components['schemas']['NotificationSettingsResult'];
export type LogType = components['schemas']['LogType'];
export type LogsResponse = components['schemas']['LogsResponse'];
export type ImageLogEntry = components['schemas']['ImageLogEntry'];
export type LogsClearRequest = components['schemas']['LogsClearRequest'];
export type ImportUploadForm = components['schemas']['ImportUploadForm'];
export type ImportCounts = components['schemas']['ImportCounts'];
export type ImportCount = components['schemas']['ImportCount'];
export type ImportResult = components['schemas']['ImportResult'];
export type ImportAccount = components['schemas']['ImportAccount'];
export type ImportPostLosses = components['schemas']['ImportPostLosses'];
export type ImportJob = components['schemas']['ImportJob'];
export type Health = components['schemas']['Health'];
export type Readiness = components['schemas']['Readiness'];
export type DependencyStatus = components['schemas']['DependencyStatus'];
