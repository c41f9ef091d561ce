// The invalidation walk (invalidation-walk.fixtures.ts) over users.
import { walkScenarios } from './invalidation-walk.fixtures.ts';
import { USER_SCENARIOS } from './invalidation-walk.users.scenarios.ts';

walkScenarios(USER_SCENARIOS);
