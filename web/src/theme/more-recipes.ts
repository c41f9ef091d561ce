import {
  badgeRecipe,
  checkboxSlotRecipe,
  checkmarkRecipe,
  collapsibleSlotRecipe,
  dialogSlotRecipe,
  drawerSlotRecipe,
  fieldSlotRecipe,
  fieldsetSlotRecipe,
  iconRecipe,
  inputAddonRecipe,
  inputRecipe,
  listSlotRecipe,
  nativeSelectSlotRecipe,
  progressSlotRecipe,
  separatorRecipe,
  skipNavLinkRecipe,
  statSlotRecipe,
  switchSlotRecipe,
  tableSlotRecipe,
  tabsSlotRecipe,
  tagSlotRecipe,
  textareaRecipe,
  toastSlotRecipe,
} from '@chakra-ui/react/theme';
import { addRecipes } from './system.ts';

/**
 * Recipes of components that only lazily loaded screens render (forms, the article, the mobile menu,
 * toasts, the admin panel): ~6 kB gzip kept out of the first download. A module that renders one of
 * these components imports this file, so the recipes are in the system before its first render
 * (admin pages: through the admin shell). recipes.test.ts checks that rule.
 */
export const moreRecipes = {
  badge: badgeRecipe, // the admin tables (the public category badges are static CSS)
  checkmark: checkmarkRecipe, // Checkbox.Indicator
  icon: iconRecipe, // Field.RequiredIndicator
  input: inputRecipe,
  inputAddon: inputAddonRecipe, // InputGroup
  separator: separatorRecipe,
  skipNavLink: skipNavLinkRecipe, // the admin shell's SkipNavLink (the public layout's is static CSS)
  textarea: textareaRecipe,
};

export const moreSlotRecipes = {
  checkbox: checkboxSlotRecipe,
  collapsible: collapsibleSlotRecipe, // the editor's SEO panel
  dialog: dialogSlotRecipe,
  drawer: drawerSlotRecipe,
  field: fieldSlotRecipe,
  fieldset: fieldsetSlotRecipe,
  list: listSlotRecipe,
  nativeSelect: nativeSelectSlotRecipe,
  progress: progressSlotRecipe,
  stat: statSlotRecipe,
  switch: switchSlotRecipe,
  table: tableSlotRecipe,
  tabs: tabsSlotRecipe,
  tag: tagSlotRecipe,
  toast: toastSlotRecipe,
};

addRecipes(moreRecipes, moreSlotRecipes);
