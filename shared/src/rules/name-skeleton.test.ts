import { describe, expect, it } from 'vitest';
import { displayNameSkeleton, nameSkeleton } from './name-skeleton.ts';

describe('nameSkeleton (UTS #39 confusable skeleton, case folded)', () => {
  it.each([
    ['\u0430dmin', 'admin'], // a Cyrillic „а”
    ['\u0410DMIN', 'admin'], // a Cyrillic „А”, in capitals
    ['adrnin', 'admin'], // 'rn' for 'm'
    ['g00gle', 'google'], // zeros for o's
    ['Ola\u00A0 Nowak', 'ola nowak'], // a no-break space and a doubled one
    ['A\u0328na', '\u0104na'], // NFD and NFC of „Ąna”
  ])('%s looks like %s', (a, b) => {
    expect(nameSkeleton(a)).toBe(nameSkeleton(b));
  });

  it.each([
    ['łukasz', 'lukasz'],
    ['żaba', 'zaba'],
    ['ola', 'ala'],
    ['jan-2', 'jan-3'],
  ])('%s does not look like %s', (a, b) => {
    expect(nameSkeleton(a)).not.toBe(nameSkeleton(b));
  });

  it('has no display-name skeleton for an empty or blank name', () => {
    expect(displayNameSkeleton(null)).toBeNull();
    expect(displayNameSkeleton('   ')).toBeNull();
    expect(displayNameSkeleton('Ola')).toBe(nameSkeleton('ola'));
  });
});
