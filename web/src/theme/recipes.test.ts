import { recipes as allRecipes, slotRecipes as allSlotRecipes } from '@chakra-ui/react/theme';
import { describe, expect, it, vi } from 'vitest';
import { moreRecipes, moreSlotRecipes } from './more-recipes.ts';
import { firstScreenRecipes, firstScreenSlotRecipes, KEPT_FOR_PUBLIC_PAGES } from './recipes.ts';

// Sources as text (Vite's glob): the app's own modules, and Chakra's ESM build to follow each component
// to the recipe keys it looks up (`key: "button"` in its recipe context).
const appSources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}'], {
  query: '?raw',
  import: 'default',
  eager: true,
});
const viteConfig = Object.values(
  import.meta.glob<string>('/web/vite.config.ts', { query: '?raw', import: 'default', eager: true }),
)[0];
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

/** Named value imports from '@chakra-ui/react' of one app module. */
function chakraImportsOf(source: string): string[] {
  const names: string[] = [];
  for (const match of source.matchAll(/import\s*\{([^}]*)\}\s*from\s*'@chakra-ui\/react'/g)) {
    for (const entry of match[1].split(',')) {
      if (/^\s*type\s/.test(entry)) continue;
      const name = entry.split(/\s+as\s+/)[0].trim();
      if (name) names.push(name);
    }
  }
  return names;
}

/** Named imports from '@chakra-ui/react' anywhere in the app. */
function importedComponents(): Set<string> {
  return new Set(Object.values(appSources).flatMap(chakraImportsOf));
}

/** The app's sources by path from web/ ('src/main.tsx'); glob keys are relative to this folder. */
const appByPath = new Map(
  Object.entries(appSources).map(([key, source]) => [resolve('src/theme/x', key), source]),
);

/** App modules the app's start (start.tsx, which main.tsx loads) reaches statically: the first download. */
function firstScreenModules(): Set<string> {
  const seen = new Set<string>();
  const stack = ['src/start.tsx'];
  while (stack.length > 0) {
    const current = stack.pop()!;
    const source = appByPath.get(current);
    if (seen.has(current) || source === undefined) continue;
    seen.add(current);
    for (const m of source.matchAll(/^import\s+(?!type\s)[^;]*?from\s+'(\.[^']+)'/gm))
      stack.push(resolve(current, m[1]));
  }
  return seen;
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
    const included = { ...firstScreenRecipes, ...firstScreenSlotRecipes, ...moreRecipes, ...moreSlotRecipes };
    for (const name of components) {
      const file = files.get(name);
      if (!file) continue; // not a component (createSystem, defineConfig, types)
      for (const key of recipeKeysOf(file)) {
        const isRecipe = key in allRecipes || key in allSlotRecipes;
        if (isRecipe && !(key in included)) missing.push(`${name} → ${key}`);
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
    const listed = [firstScreenRecipes, firstScreenSlotRecipes, moreRecipes, moreSlotRecipes].flatMap(
      Object.keys,
    );
    expect(listed.filter((key) => !needed.has(key))).toEqual([]);
    expect(new Set(listed).size).toBe(listed.length);
  });

  it('of the first screen are exactly those of the components start.tsx reaches statically', () => {
    const files = chakraExportFiles();
    const modules = firstScreenModules();
    expect(modules.has('src/pages/public/home-page.tsx')).toBe(true);
    expect(modules.has('src/theme/system.ts')).toBe(true);
    expect(modules.has('src/theme/more-recipes.ts')).toBe(false);
    const needed = new Set<string>();
    for (const module of modules) {
      for (const name of chakraImportsOf(appByPath.get(module) ?? '')) {
        const file = files.get(name);
        if (file)
          for (const key of recipeKeysOf(file))
            if (key in allRecipes || key in allSlotRecipes) needed.add(key);
      }
    }
    expect([...Object.keys(firstScreenRecipes), ...Object.keys(firstScreenSlotRecipes)].sort()).toEqual(
      [...new Set([...needed, ...KEPT_FOR_PUBLIC_PAGES])].sort(),
    );
  });

  it('of lazily loaded components are added by every module that renders them (admin pages: by the shell)', () => {
    const files = chakraExportFiles();
    const deferred = new Set([...Object.keys(moreRecipes), ...Object.keys(moreSlotRecipes)]);
    const importsMore = (source: string) => /^import '(\.\.?\/)+theme\/more-recipes\.ts';$/m.test(source);
    expect(importsMore(appByPath.get('src/pages/admin/shell/admin-layout.tsx') ?? '')).toBe(true);
    const forgotten: string[] = [];
    for (const [module, source] of appByPath) {
      if (module.startsWith('src/pages/admin/') || importsMore(source)) continue;
      for (const name of chakraImportsOf(source)) {
        const file = files.get(name);
        if (file && [...recipeKeysOf(file)].some((key) => deferred.has(key)))
          forgotten.push(`${module}: ${name}`);
      }
    }
    expect(forgotten).toEqual([]);
  });

  it('of the first screen are the ones the build keeps in the initial chunk (vite.config.ts)', () => {
    const list = /const FIRST_SCREEN_RECIPES = new Set\(\[([^\]]*)\]\)/.exec(viteConfig)?.[1] ?? '';
    const files = [...list.matchAll(/'([a-z-]+)'/g)].map((m) => m[1]).sort();
    const kebab = (key: string) => key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
    expect(files).toEqual(
      [...Object.keys(firstScreenRecipes), ...Object.keys(firstScreenSlotRecipes)].map(kebab).sort(),
    );
  });

  it('added later reach the running system', async () => {
    // A fresh system: this file's own import of more-recipes.ts has already added them to the first one.
    vi.resetModules();
    const system = (await import('./system.ts')).appSystem();
    expect(system.getSlotRecipe('table')).toBeUndefined();
    await import('./more-recipes.ts');
    expect(system.getSlotRecipe('table')).toMatchObject({ className: 'chakra-table' });
    expect(system.getRecipe('input')).toMatchObject({ className: 'chakra-input' });
    expect(system.getRecipe('button')).toMatchObject({ className: 'chakra-button' });
    expect(system.getSlotRecipeFn('table')({}).root).not.toEqual({});
  });

  it('added before the system is built are in it (a lazy first page is loaded before the first render)', async () => {
    vi.resetModules();
    const { appSystem } = await import('./system.ts');
    await import('./more-recipes.ts');
    const system = appSystem();
    expect(system.getSlotRecipe('table')).toMatchObject({ className: 'chakra-table' });
    expect(system.getRecipe('button')).toMatchObject({ className: 'chakra-button' });
  });
});
