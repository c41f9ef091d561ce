import {
  alertSlotRecipe,
  buttonRecipe,
  cardSlotRecipe,
  containerRecipe,
  headingRecipe,
  linkRecipe,
  skeletonRecipe,
  spinnerRecipe,
} from '@chakra-ui/react/theme';

// Recipes of the Chakra components the first screen renders (everything start.tsx imports statically):
// they are in the system from the start. Keys are the ones Chakra's components look up; a component whose
// recipe is missing renders unstyled, without an error. The recipes of components that only lazily loaded
// screens use live in more-recipes.ts. recipes.test.ts checks both lists against the imports.

/**
 * Recipes the first screen no longer renders (its frame and home page are static CSS, public-static.css)
 * but most lazily loaded public pages do (their Container, Heading, Link): kept here, ~1 kB, rather than
 * pulling more-recipes.ts into each of those pages' downloads.
 */
export const KEPT_FOR_PUBLIC_PAGES = ['container', 'heading', 'link'];

export const firstScreenRecipes = {
  button: buttonRecipe, // Button, IconButton, CloseButton
  container: containerRecipe,
  heading: headingRecipe,
  link: linkRecipe,
  skeleton: skeletonRecipe, // Skeleton, SkeletonText
  spinner: spinnerRecipe, // Spinner, Button's loading state
};

export const firstScreenSlotRecipes = {
  alert: alertSlotRecipe,
  card: cardSlotRecipe,
};
