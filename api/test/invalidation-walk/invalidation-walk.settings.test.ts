// The invalidation walk (invalidation-walk.fixtures.ts) over settings.
import { walkScenarios } from './invalidation-walk.fixtures.ts';
import { SETTINGS_SCENARIOS } from './invalidation-walk.settings.scenarios.ts';

walkScenarios(SETTINGS_SCENARIOS);
