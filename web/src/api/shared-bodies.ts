/**
 * The posts whose body this tab edits in the live shared session (collab-mode.ts marks them): a
 * save of one says so (X-Shared-Body), so the server does not send the body back to the editors as a
 * replacement of the document they already hold.
 */
const shared = new Map<number, number>();

/** Marks `postId` as edited shared until the returned function is called. */
export function markSharedBody(postId: number): () => void {
  shared.set(postId, (shared.get(postId) ?? 0) + 1);
  return () => {
    const left = (shared.get(postId) ?? 1) - 1;
    if (left > 0) shared.set(postId, left);
    else shared.delete(postId);
  };
}

/** The header of a save of `postId`'s body: set when the body is the shared session's document. */
export function sharedBodyHeader(postId: number): { 'X-Shared-Body'?: '1' } {
  return shared.has(postId) ? { 'X-Shared-Body': '1' } : {};
}
