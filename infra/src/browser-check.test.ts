import { describe, expect, it } from 'vitest';
import { chromiumPath, chromiumRuns, missingChromiumMessage, selectsBrowserTests } from './browser-check.ts';

describe('the test runner’s Chromium check', () => {
  it('reads CHROMIUM_PATH, else Debian’s path', () => {
    expect(chromiumPath({})).toBe('/usr/bin/chromium');
    expect(chromiumPath({ CHROMIUM_PATH: '/opt/chrome/chrome' })).toBe('/opt/chrome/chrome');
  });

  it('tells a browser that starts from a missing or broken one', () => {
    expect(chromiumRuns('/nie/ma/chromium')).toBe(false);
    expect(chromiumRuns('/bin/false')).toBe(false);
    expect(chromiumRuns('/bin/true')).toBe(true);
  });

  it('knows when the browser project is selected', () => {
    expect(selectsBrowserTests([])).toBe(true);
    expect(selectsBrowserTests(['api/src/app'])).toBe(true);
    expect(selectsBrowserTests(['--project', 'api'])).toBe(false);
    expect(selectsBrowserTests(['--project=web'])).toBe(false);
    expect(selectsBrowserTests(['--project', 'api', '--project', 'e2e'])).toBe(true);
  });

  it('says in one line what to do', () => {
    const message = missingChromiumMessage('/usr/bin/chromium');
    expect(message).not.toContain('\n');
    expect(message).toMatch(/apt-get install chromium/);
    expect(message).toMatch(/CHROMIUM_PATH/);
  });
});
