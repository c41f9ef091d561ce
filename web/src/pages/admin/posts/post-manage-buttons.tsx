import { adminPostEditPath } from '@blog/shared/addresses';
import { IconButton } from '@chakra-ui/react';
import { Pencil } from 'lucide-react';
import { Link as RouterLink } from 'react-router';
import { DeleteIconButton } from '../shell/delete-icon-button.tsx';

/** A post's edit link and delete button, for a user who may manage the post (posts list, dashboard). */
export function PostManageButtons<P extends { id: number; title: string }>({
  post,
  onDelete,
}: {
  post: P;
  onDelete: (post: P) => void;
}) {
  return (
    <>
      <IconButton asChild size="sm" variant="ghost" aria-label={`Edytuj post ${post.title}`}>
        <RouterLink to={adminPostEditPath(post.id)}>
          <Pencil />
        </RouterLink>
      </IconButton>
      <DeleteIconButton label={`Usuń post ${post.title}`} onClick={() => onDelete(post)} />
    </>
  );
}
