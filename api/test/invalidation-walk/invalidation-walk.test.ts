// The invalidation walk covers the contract: every state-changing operation has a scenario in one of
// the tables, each walked by its own test file (invalidation-walk.<area>.test.ts).
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { contractOperations } from '../../src/app/contract-operations.ts';
import { WALK_TITLE, type ScenarioTable } from './invalidation-walk.fixtures.ts';
import { CATEGORY_SCENARIOS } from './invalidation-walk.categories.scenarios.ts';
import { COMMENT_SCENARIOS } from './invalidation-walk.comments.scenarios.ts';
import { POST_SCENARIOS } from './invalidation-walk.posts.scenarios.ts';
import { SETTINGS_SCENARIOS } from './invalidation-walk.settings.scenarios.ts';
import { SUBSCRIPTION_CONTACT_SCENARIOS } from './invalidation-walk.subscriptions-contact.scenarios.ts';
import { USER_SCENARIOS } from './invalidation-walk.users.scenarios.ts';

const TABLES = [
  USER_SCENARIOS,
  COMMENT_SCENARIOS,
  SUBSCRIPTION_CONTACT_SCENARIOS,
  POST_SCENARIOS,
  CATEGORY_SCENARIOS,
  SETTINGS_SCENARIOS,
];

/** All the tables as one; an operation in two of them would hide one table's scenarios, so it throws. */
function allScenarios(tables: ScenarioTable[]): ScenarioTable {
  const all: ScenarioTable = {};
  for (const table of tables) {
    for (const [operationId, scenarios] of Object.entries(table)) {
      if (operationId in all) throw new Error(`${operationId}: scenarios in two tables`);
      all[operationId] = scenarios;
    }
  }
  return all;
}

const SCENARIOS = allScenarios(TABLES);

describe(WALK_TITLE, () => {
  const operations = contractOperations().all.filter((operation) => operation.method !== 'GET');

  it('has a scenario for each one (a new operation fails here until it has one)', () => {
    const missing = operations
      .map((operation) => operation.operationId)
      .filter((id) => !SCENARIOS[id]?.length);
    expect(missing).toEqual([]);
    expect(Object.keys(SCENARIOS).filter((id) => !operations.some((op) => op.operationId === id))).toEqual(
      [],
    );
  });

  it('walks every table: each scenarios file is one of the tables above and has its test file', () => {
    const folder = fileURLToPath(new URL('.', import.meta.url));
    const areas = readdirSync(folder)
      .map((name) => /^invalidation-walk\.(.+)\.scenarios\.ts$/.exec(name)?.[1])
      .filter((area) => area !== undefined);
    expect(areas).toHaveLength(TABLES.length);
    for (const area of areas) {
      const test = readFileSync(`${folder}/invalidation-walk.${area}.test.ts`, 'utf8');
      expect(test, area).toMatch(/walkScenarios\(\w+_SCENARIOS\)/);
    }
  });
});
