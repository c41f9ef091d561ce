// The invalidation walk (invalidation-walk.fixtures.ts) over posts.
import { walkScenarios } from './invalidation-walk.fixtures.ts';
import { POST_SCENARIOS } from './invalidation-walk.posts.scenarios.ts';

walkScenarios(POST_SCENARIOS);
