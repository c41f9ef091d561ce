import { IconButton } from '@chakra-ui/react';
import { Trash2 } from 'lucide-react';

/** The red bin of a list row; `label` is its accessible name (what it deletes). */
export function DeleteIconButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <IconButton size="sm" variant="ghost" colorPalette="red" aria-label={label} onClick={onClick}>
      <Trash2 />
    </IconButton>
  );
}
