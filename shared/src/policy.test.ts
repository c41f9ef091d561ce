import { describe, expect, it } from 'vitest';
import {
  ROLES,
  STAFF_ROLES,
  can,
  isRole,
  isStaff,
  meetsAccess,
  type Action,
  type Actor,
  type Role,
} from './policy.ts';

const admin: Actor = { id: 1, role: 'admin' };
const publisher: Actor = { id: 2, role: 'publisher' };
const subscriber: Actor = { id: 3, role: 'subscriber' };

describe('roles', () => {
  it('staff are the admin and publisher roles, and isStaff says so for each role', () => {
    expect(STAFF_ROLES).toEqual(['admin', 'publisher']);
    expect(ROLES.filter((role) => isStaff(role))).toEqual([...STAFF_ROLES]);
    expect(isStaff(undefined)).toBe(false);
    expect(isStaff(null)).toBe(false);
  });

  it('isRole accepts exactly the roles', () => {
    for (const role of ROLES) expect(isRole(role)).toBe(true);
    for (const value of ['Admin', 'editor', '', null, 1]) expect(isRole(value)).toBe(false);
  });

  it('meetsAccess agrees with can() for the panel and the site administration', () => {
    for (const role of ROLES) {
      expect(meetsAccess('staff', role)).toBe(can({ role }, 'enterPanel'));
      expect(meetsAccess('admin', role)).toBe(can({ role }, 'administerSite'));
    }
  });
});

describe('can', () => {
  const roleOnly: Action[] = [
    'enterPanel',
    'createPost',
    'editCategories',
    'moderateComments',
    'administerSite',
  ];
  const expected: Record<Role, Action[]> = {
    admin: roleOnly,
    publisher: ['enterPanel', 'createPost', 'editCategories', 'moderateComments'],
    subscriber: [],
  };

  it('grants the role-only actions as the roles table says', () => {
    for (const actor of [admin, publisher, subscriber]) {
      const granted = roleOnly.filter((action) => can(actor, action as 'enterPanel'));
      expect(granted, actor.role).toEqual(expected[actor.role]);
    }
  });

  it('refuses everything to someone signed out', () => {
    expect(can(null, 'enterPanel')).toBe(false);
    expect(can(undefined, 'changePost', { authorId: 1 })).toBe(false);
    expect(can(null, 'changeCategory', { holdsOthersWork: false })).toBe(false);
  });

  it('lets an admin change any post and a publisher only their own', () => {
    expect(can(admin, 'changePost', { authorId: publisher.id! })).toBe(true);
    expect(can(admin, 'changePost', { authorId: null })).toBe(true);
    expect(can(publisher, 'changePost', { authorId: publisher.id! })).toBe(true);
    expect(can(publisher, 'changePost', { authorId: admin.id! })).toBe(false);
    // A post whose author was removed is nobody's: only an admin may change it.
    expect(can(publisher, 'changePost', { authorId: null })).toBe(false);
    // Without an id the publisher cannot be the author.
    expect(can({ role: 'publisher' }, 'changePost', { authorId: 2 })).toBe(false);
    expect(can(subscriber, 'changePost', { authorId: subscriber.id! })).toBe(false);
  });

  it('lets a publisher change only a category that holds none of others’ work', () => {
    expect(can(admin, 'changeCategory', { holdsOthersWork: true })).toBe(true);
    expect(can(publisher, 'changeCategory', { holdsOthersWork: false })).toBe(true);
    expect(can(publisher, 'changeCategory', { holdsOthersWork: true })).toBe(false);
    expect(can(subscriber, 'changeCategory', { holdsOthersWork: false })).toBe(false);
  });
});
