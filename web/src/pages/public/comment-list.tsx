import type { PublicComment } from '@blog/shared';
import { InitialsAvatar } from '../../components/initials-avatar.tsx';
import { formatDateTime, isoDateTime } from '../../lib/dates.ts';

/**
 * Comments of an article, oldest first (the server's order). Content is plain text, never HTML.
 * Plain elements styled by theme/public-static.css.
 */
export function CommentList({ comments }: { comments: PublicComment[] }) {
  if (comments.length === 0) {
    return <p className="muted-text">Brak komentarzy. Napisz pierwszy!</p>;
  }
  return (
    <ol className="comment-list">
      {comments.map((comment) => (
        <li key={comment.id} className="comment">
          <article aria-label={`Komentarz: ${comment.author}`}>
            <div className="comment__head">
              <InitialsAvatar name={comment.author} />
              <div className="comment__who">
                <p className="comment__author">{comment.author}</p>
                <time className="comment__time" dateTime={isoDateTime(comment.createdAt)}>
                  {formatDateTime(comment.createdAt)}
                </time>
              </div>
            </div>
            <p className="comment__text">{comment.content}</p>
          </article>
        </li>
      ))}
    </ol>
  );
}
