// The invalidation walk (invalidation-walk.fixtures.ts) over categories.
import { walkScenarios } from './invalidation-walk.fixtures.ts';
import { CATEGORY_SCENARIOS } from './invalidation-walk.categories.scenarios.ts';

walkScenarios(CATEGORY_SCENARIOS);
