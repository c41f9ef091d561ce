// The invalidation walk (invalidation-walk.fixtures.ts) over subscriptions and contact.
import { walkScenarios } from './invalidation-walk.fixtures.ts';
import { SUBSCRIPTION_CONTACT_SCENARIOS } from './invalidation-walk.subscriptions-contact.scenarios.ts';

walkScenarios(SUBSCRIPTION_CONTACT_SCENARIOS);
