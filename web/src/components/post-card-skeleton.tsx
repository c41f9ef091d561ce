import { Card, Skeleton, SkeletonText } from '@chakra-ui/react';

/** Placeholder with the shape of a PostCard while posts load. */
export function PostCardSkeleton() {
  return (
    <Card.Root variant="outline" borderRadius="xl" overflow="hidden" aria-hidden="true">
      <Skeleton aspectRatio={3 / 2} width="100%" borderRadius="0" />
      <Card.Body gap="3" p="5">
        <Skeleton height="5" width="24" borderRadius="full" />
        <Skeleton height="6" width="85%" />
        <SkeletonText noOfLines={3} gap="2" />
      </Card.Body>
    </Card.Root>
  );
}
