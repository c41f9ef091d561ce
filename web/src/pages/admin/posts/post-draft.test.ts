import { describe, expect, it } from 'vitest';
import { newPostValues } from './post.form.ts';
import { clearDraft, draftKey, readDraft, recoveryQuestion, writeDraft } from './post-draft.ts';

describe('post drafts in the browser', () => {
  it('keeps, reads back and clears a draft per post, `new` for an unsaved one', () => {
    const storage = window.localStorage;
    const values = {
      ...newPostValues,
      title: 'Zażółć gęślą jaźń',
      content: '<p>Każdy znak</p>',
      tags: ['a'],
    };
    expect(draftKey(7)).toBe('blog:post-draft:7');
    expect(draftKey(undefined)).toBe('blog:post-draft:new');
    expect(writeDraft(storage, draftKey(7), { values, savedAt: 1, baseVersion: 3 })).toBe(true);
    expect(readDraft(storage, draftKey(7))).toEqual({ values, savedAt: 1, baseVersion: 3 });
    expect(readDraft(storage, draftKey(8))).toBeNull();
    clearDraft(storage, draftKey(7));
    expect(readDraft(storage, draftKey(7))).toBeNull();
  });

  it('ignores what is not a draft and survives a storage that refuses', () => {
    window.localStorage.setItem('blog:post-draft:9', '{"values":1}');
    expect(readDraft(window.localStorage, 'blog:post-draft:9')).toBeNull();
    window.localStorage.setItem('blog:post-draft:9', 'nie json');
    expect(readDraft(window.localStorage, 'blog:post-draft:9')).toBeNull();
    const refusing = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('blocked');
      },
    } as unknown as Storage;
    expect(readDraft(refusing, 'x')).toBeNull();
    expect(writeDraft(refusing, 'x', { values: newPostValues, savedAt: 1 })).toBe(false);
    expect(() => clearDraft(refusing, 'x')).not.toThrow();
  });

  it('asks with the local hour and minute', () => {
    const savedAt = new Date(2026, 10, 25, 9, 5).getTime();
    expect(recoveryQuestion({ values: newPostValues, savedAt })).toBe(
      'Przywrócić niezapisane zmiany z 09:05?',
    );
  });
});
