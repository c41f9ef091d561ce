import {
  alertSlotRecipe,
  avatarSlotRecipe,
  badgeRecipe,
  breadcrumbSlotRecipe,
  buttonRecipe,
  cardSlotRecipe,
  checkboxSlotRecipe,
  checkmarkRecipe,
  containerRecipe,
  dialogSlotRecipe,
  drawerSlotRecipe,
  fieldSlotRecipe,
  fieldsetSlotRecipe,
  headingRecipe,
  iconRecipe,
  inputAddonRecipe,
  inputRecipe,
  linkRecipe,
  listSlotRecipe,
  nativeSelectSlotRecipe,
  progressSlotRecipe,
  separatorRecipe,
  skeletonRecipe,
  skipNavLinkRecipe,
  spinnerRecipe,
  statSlotRecipe,
  switchSlotRecipe,
  tableSlotRecipe,
  tabsSlotRecipe,
  tagSlotRecipe,
  textareaRecipe,
  toastSlotRecipe,
  tooltipSlotRecipe,
} from '@chakra-ui/react/theme';

// The recipes of every Chakra component the app renders (public side and admin: the system is global).
// Keys are the ones Chakra's components look up; a component used without its recipe here renders
// unstyled, without an error. recipes.test.ts checks this list against the components the app imports.

export const usedRecipes = {
  badge: badgeRecipe,
  button: buttonRecipe, // Button, IconButton, CloseButton
  checkmark: checkmarkRecipe, // Checkbox.Indicator
  container: containerRecipe,
  heading: headingRecipe,
  icon: iconRecipe, // Field.RequiredIndicator
  input: inputRecipe,
  inputAddon: inputAddonRecipe, // InputGroup
  link: linkRecipe,
  separator: separatorRecipe,
  skeleton: skeletonRecipe, // Skeleton, SkeletonText
  skipNavLink: skipNavLinkRecipe, // SkipNavLink, SkipNavContent
  spinner: spinnerRecipe, // Spinner, Button's loading state
  textarea: textareaRecipe,
};

export const usedSlotRecipes = {
  alert: alertSlotRecipe,
  avatar: avatarSlotRecipe,
  breadcrumb: breadcrumbSlotRecipe,
  card: cardSlotRecipe,
  checkbox: checkboxSlotRecipe,
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
  tooltip: tooltipSlotRecipe,
};
