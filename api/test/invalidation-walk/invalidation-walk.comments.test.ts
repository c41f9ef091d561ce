// The invalidation walk (invalidation-walk.fixtures.ts) over comments.
import { walkScenarios } from './invalidation-walk.fixtures.ts';
import { COMMENT_SCENARIOS } from './invalidation-walk.comments.scenarios.ts';

walkScenarios(COMMENT_SCENARIOS);
