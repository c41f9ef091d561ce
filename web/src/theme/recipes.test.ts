import { recipes as allRecipes, slotRecipes as allSlotRecipes } from '@chakra-ui/react/theme';
import { describe, expect, it } from 'vitest';
import { usedRecipes, usedSlotRecipes } from './recipes.ts';

// Sources as text (Vite's glob): the app's own modules, and Chakra's ESM build to follow each component
// to the recipe keys it looks up (`key: "button"` in its recipe context).
const appSources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!../test/**'], {
  query: '?raw',
  import: 'default',
  eager: true,
});
const CHAKRA = '/node_modules/@chakra-ui/react/dist/esm/';
const chakraSources = import.meta.glob<string>('/node_modules/@chakra-ui/react/dist/esm/**/*.js', {
  query: '?raw',
  import: 'default',
  eager: true,
});

function resolve(from: string, specifier: string): string {
  const parts = from.split('/').slice(0, -1);
  for (const part of specifier.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.') parts.push(part);
  }
  return parts.join('/');
}

/** Named imports from '@chakra-ui/react' anywhere in the app. */
function importedComponents(): Set<string> {
  const names = new Set<string>();
  for (const source of Object.values(appSources)) {
    for (const match of source.matchAll(/import\s*\{([^}]*)\}\s*from\s*'@chakra-ui\/react'/g)) {
      for (const entry of match[1].split(',')) {
        const name = entry
          .replace(/^\s*type\s+/, '')
          .split(/\s+as\s+/)[0]
          .trim();
        if (name) names.add(name);
      }
    }
  }
  return names;
}

/** The module of each export of Chakra's index (plain re-exports and `import * as X` namespaces). */
function chakraExportFiles(): Map<string, string> {
  const index = `${CHAKRA}index.js`;
  const source = chakraSources[index];
  const namespaces = new Map<string, string>();
  for (const m of source.matchAll(/import \* as (\S+) from '(\.[^']+)'/g))
    namespaces.set(m[1], resolve(index, m[2]));
  const files = new Map<string, string>();
  for (const m of source.matchAll(/export \{([^}]*)\}(?: from '([^']+)')?/g)) {
    if (m[2] && !m[2].startsWith('.')) continue;
    for (const entry of m[1].split(',')) {
      const [local, exported = local] = entry.trim().split(/\s+as\s+/);
      const file = m[2] ? resolve(index, m[2]) : namespaces.get(local);
      if (file) files.set(exported, file);
    }
  }
  return files;
}

/** Every recipe key a component's modules (followed through Chakra's own components) look up. */
function recipeKeysOf(file: string): Set<string> {
  const keys = new Set<string>();
  const seen = new Set<string>();
  const stack = [file];
  while (stack.length > 0) {
    const current = stack.pop()!;
    if (seen.has(current) || !(current in chakraSources)) continue;
    seen.add(current);
    const source = chakraSources[current];
    for (const m of source.matchAll(/key: "([a-zA-Z]+)"/g)) keys.add(m[1]);
    for (const m of source.matchAll(/from '(\.[^']+)'/g)) {
      const target = resolve(current, m[1]);
      if (target.includes('/components/')) stack.push(target);
    }
  }
  return keys;
}

describe('the Chakra recipes in the system', () => {
  it('include every recipe of every Chakra component the app imports', () => {
    const files = chakraExportFiles();
    const components = importedComponents();
    expect(components.has('Button')).toBe(true);
    const missing: string[] = [];
    for (const name of components) {
      const file = files.get(name);
      if (!file) continue; // not a component (createSystem, defineConfig, types)
      for (const key of recipeKeysOf(file)) {
        const isRecipe = key in allRecipes || key in allSlotRecipes;
        if (isRecipe && !(key in usedRecipes) && !(key in usedSlotRecipes)) missing.push(`${name} → ${key}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('carry no recipe that no imported component uses', () => {
    const files = chakraExportFiles();
    const needed = new Set<string>();
    for (const name of importedComponents()) {
      const file = files.get(name);
      if (file) for (const key of recipeKeysOf(file)) needed.add(key);
    }
    const unused = [...Object.keys(usedRecipes), ...Object.keys(usedSlotRecipes)].filter(
      (key) => !needed.has(key),
    );
    expect(unused).toEqual([]);
  });
});
