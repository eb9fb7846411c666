import {
  EVENTS,
  ROLE_ADMIN,
  ROLE_GLOBAL_ADMIN,
  ROLE_SITE_ADMIN,
  SUBJECTS,
  type TRequestContext,
  type TTenant,
  type TUser,
  type TUserEvent,
  type TUserUpdateInput,
  USER_SEARCH_LIMIT,
  ZUserEditView,
  ZUserListReply,
} from '@gavel/contracts';
import { eventually } from '@gavel/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ctx,
  type Harness,
  newRole,
  newTenant,
  newUser,
  outboxDrained,
  signedIn,
  startHarness,
  streamEvents,
} from './support.js';

describe('users', () => {
  let h: Harness;
  let tenant: TTenant;
  let other: TTenant;
  let admin: TRequestContext;

  beforeAll(async () => {
    h = await startHarness();
    tenant = await newTenant(h);
    other = await newTenant(h);
    admin = (await signedIn(h, tenant.id, { roles: [ROLE_ADMIN] })).ctx;
    await newRole(h, tenant.id, 'Meeting Runner', ['run meetings', 'modify meeting attendance']);
    await newRole(h, tenant.id, 'Staff', ['view any meeting']);
  });
  afterAll(async () => {
    await h?.stop();
  });

  const list = (as: TRequestContext, input: Record<string, string | number | null | undefined>) =>
    h.call(SUBJECTS.identity.usersList, as, input, ZUserListReply);
  const get = (as: TRequestContext, id: string) =>
    h.call(SUBJECTS.identity.usersGet, as, { id }, ZUserEditView);
  const update = (as: TRequestContext, user: TUser, changes: Partial<TUserUpdateInput> = {}) =>
    h.call(
      SUBJECTS.identity.usersUpdate,
      as,
      {
        id: user.id,
        first_name: user.first_name,
        last_name: user.last_name,
        email: user.email,
        roles: [],
        ...changes,
      },
      ZUserEditView,
    );

  describe('search', () => {
    let marker: string;
    beforeAll(async () => {
      marker = `Zq${Date.now().toString(36)}`;
      await newUser(h, tenant.id, {
        first_name: 'Robert',
        displayed_first_name: 'Bob',
        last_name: `${marker}Smith`,
        nrds: '123456789',
        password: null,
      });
      await newUser(h, tenant.id, { first_name: 'Alice', last_name: `${marker}Adams`, password: null });
      await newUser(h, tenant.id, {
        first_name: 'Carol',
        last_name: `${marker}Adams`,
        email: `carol.${marker.toLowerCase()}@example.test`,
        password: null,
      });
      await newUser(h, other.id, { first_name: 'Alice', last_name: `${marker}Adams`, password: null });
    });

    it('matches substrings case-insensitively, sorted by last then first name', async () => {
      const found = await list(admin, { last_name: marker.toUpperCase() });
      expect(found.map((u) => `${u.first_name} ${u.last_name}`)).toEqual([
        `Alice ${marker}Adams`,
        `Carol ${marker}Adams`,
        `Robert ${marker}Smith`,
      ]);
      const bob = found[2];
      expect(bob).toMatchObject({
        displayed_first_name: 'Bob',
        name: `Bob ${marker}Smith`,
        sort_name: `${marker}Smith, Bob`,
        nrds: '123456789',
      });
    });

    it('requires every given criterion and ignores empty ones', async () => {
      const found = await list(admin, { last_name: marker, first_name: 'aLi', email: '', nrds: null });
      expect(found.map((u) => u.first_name)).toEqual(['Alice']);
      expect((await list(admin, { nrds: '3456', last_name: marker })).map((u) => u.first_name)).toEqual([
        'Robert',
      ]);
      expect((await list(admin, { email: `CAROL.${marker}` })).map((u) => u.first_name)).toEqual(['Carol']);
    });

    it('finds people by the first name they go by', async () => {
      expect((await list(admin, { first_name: 'bob', last_name: marker })).map((u) => u.first_name)).toEqual([
        'Robert',
      ]);
    });

    it('matches free text word by word across the search fields, up to the asked limit', async () => {
      const byName = await list(admin, { query: `bob ${marker.toLowerCase()}` });
      expect(byName.map((u) => u.first_name)).toEqual(['Robert']);
      expect((await list(admin, { query: `${marker} 345678` })).map((u) => u.first_name)).toEqual(['Robert']);
      expect((await list(admin, { query: `carol.${marker}` })).map((u) => u.first_name)).toEqual(['Carol']);
      expect(await list(admin, { query: `${marker} nobody` })).toEqual([]);
      expect(await list(admin, { query: marker, limit: 2 })).toHaveLength(2);
    });

    it('ranks exact matches of a typed query first, then prefix matches, then the rest by name', async () => {
      const m = `mb${Date.now().toString(36)}`;
      const member = (n: number, last: string) =>
        newUser(h, tenant.id, { first_name: 'Member', last_name: last, email: `${m}${n}@example.test` });
      for (const [n, last] of [
        [1, 'One'],
        [10, 'Ten'],
        [11, 'Eleven'],
        [12, 'Twelve'],
      ] as const) {
        await member(n, last);
      }
      // Contain the query but do not start with it, and sort before the others by name.
      for (let i = 0; i < 10; i++) {
        await newUser(h, tenant.id, {
          first_name: 'Aaron',
          last_name: `Aardvark${i}`,
          email: `x${m}1${i}@example.test`,
        });
      }
      const typed = await list(admin, { query: `${m.toUpperCase()}1`, limit: 10 });
      expect(typed.map((u) => u.last_name)).toEqual([
        'One',
        'Eleven',
        'Ten',
        'Twelve',
        ...Array.from({ length: 6 }, (_, i) => `Aardvark${i}`),
      ]);

      // Username, NRDS and full name count as exact too.
      await newUser(h, tenant.id, { first_name: 'Zoe', last_name: 'Zulu', username: `${m}user` });
      await newUser(h, tenant.id, {
        first_name: 'Abe',
        last_name: 'Able',
        email: `${m}user.abe@example.test`,
      });
      expect((await list(admin, { query: `${m}user` })).map((u) => u.first_name)).toEqual(['Zoe', 'Abe']);

      const nrds = String(Date.now()).slice(-9);
      await newUser(h, tenant.id, { first_name: 'Zed', last_name: 'Zz', nrds });
      await newUser(h, tenant.id, { first_name: 'Abby', last_name: 'Aa', nrds: `${nrds}0` });
      expect((await list(admin, { query: nrds })).map((u) => u.first_name)).toEqual(['Zed', 'Abby']);

      await newUser(h, tenant.id, { first_name: 'Azed', last_name: `Lee${m}` });
      await newUser(h, tenant.id, {
        first_name: 'Robert',
        displayed_first_name: 'Zed',
        last_name: `Lee${m}`,
      });
      expect((await list(admin, { query: `  zed   LEE${m} ` })).map((u) => u.first_name)).toEqual([
        'Robert',
        'Azed',
      ]);
    });

    it('matches % and _ literally', async () => {
      expect(await list(admin, { last_name: '%' })).toEqual([]);
      expect(await list(admin, { first_name: '_' })).toEqual([]);
    });

    it("never shows another tenant's users", async () => {
      const otherAdmin = (await signedIn(h, other.id, { roles: [ROLE_ADMIN] })).ctx;
      const theirs = await list(otherAdmin, { last_name: marker });
      expect(theirs).toHaveLength(1);
      const ours = await list(admin, { last_name: marker });
      expect(ours.map((u) => u.id)).not.toContain(theirs[0]?.id);
    });

    it('answers at most USER_SEARCH_LIMIT users', async () => {
      const many = `Many${Date.now().toString(36)}`;
      for (let i = 0; i < USER_SEARCH_LIMIT + 3; i++) {
        await newUser(h, tenant.id, { last_name: `${many}${String(i).padStart(2, '0')}`, password: null });
      }
      const found = await list(admin, { last_name: many });
      expect(found).toHaveLength(USER_SEARCH_LIMIT);
      expect(found[0]?.last_name).toBe(`${many}00`);
    });

    it('is open to admins and to holders of an attendance, RSVP or committee permission only', async () => {
      const plain = (await signedIn(h, tenant.id)).ctx;
      await expect(list(plain, { last_name: marker })).rejects.toMatchObject({
        code: 'forbidden',
        message: 'You are not allowed to search users.',
      });
      const staff = (await signedIn(h, tenant.id, { roles: ['Staff'] })).ctx;
      await expect(list(staff, { last_name: marker })).rejects.toMatchObject({ code: 'forbidden' });
      const runner = (await signedIn(h, tenant.id, { roles: ['Meeting Runner'] })).ctx;
      expect(await list(runner, { last_name: marker })).toHaveLength(3);
      const rsvp = (await signedIn(h, tenant.id, { permissions: ['modify meeting rsvps'] })).ctx;
      expect(await list(rsvp, { last_name: marker })).toHaveLength(3);
    });

    it('answers the notice when no criterion is given', async () => {
      await expect(list(admin, {})).rejects.toMatchObject({
        code: 'bad_request',
        message: 'No Search Criteria Entered',
      });
      await expect(list(admin, { first_name: '  ', email: '' })).rejects.toMatchObject({
        message: 'No Search Criteria Entered',
      });
    });
  });

  describe('edit view', () => {
    it('shows the user, their roles and the roles to choose from, to admins only', async () => {
      const user = await newUser(h, tenant.id, { roles: ['Staff'] });
      const view = await get(admin, user.id);
      expect(view.user).toEqual(user);
      expect(view.roles).toEqual(['Staff']);
      expect(view.available_roles.map((r) => r.name)).toEqual(
        expect.arrayContaining([ROLE_ADMIN, ROLE_GLOBAL_ADMIN, ROLE_SITE_ADMIN, 'Meeting Runner', 'Staff']),
      );
      expect(view.available_roles.find((r) => r.name === 'Staff')?.permissions).toEqual([
        { name: 'view any meeting' },
      ]);

      const runner = (await signedIn(h, tenant.id, { roles: ['Meeting Runner'] })).ctx;
      await expect(get(runner, user.id)).rejects.toMatchObject({ code: 'forbidden' });
    });

    it("answers not found for another tenant's user or an unknown id", async () => {
      const foreign = await newUser(h, other.id);
      await expect(get(admin, foreign.id)).rejects.toMatchObject({
        code: 'not_found',
        message: 'User not found.',
      });
      await expect(get(admin, '00000000-0000-4000-8000-000000000000')).rejects.toMatchObject({
        code: 'not_found',
      });
      await expect(get(admin, 'nope')).rejects.toMatchObject({ code: 'not_found' });
    });
  });

  describe('update', () => {
    it('changes names, email (stored lowercase) and roles, and emits userUpdated exactly once', async () => {
      const user = await newUser(h, tenant.id, { first_name: 'Pat', last_name: 'Before' });
      const view = await update(admin, user, {
        first_name: 'Patricia',
        last_name: 'After',
        displayed_first_name: 'Patty',
        nickname: 'P',
        email: `  Patricia.${user.email.toUpperCase()}`,
        roles: ['Staff', 'Meeting Runner', 'Staff'],
      });
      const email = `patricia.${user.email}`;
      expect(view.user).toMatchObject({
        first_name: 'Patricia',
        last_name: 'After',
        displayed_first_name: 'Patty',
        nickname: 'P',
        name: 'Patty After',
        email,
      });
      expect(view.roles).toEqual(['Meeting Runner', 'Staff']);
      expect((await get(admin, user.id)).roles).toEqual(['Meeting Runner', 'Staff']);

      await eventually(async () => (await streamEvents(h, EVENTS.identity.userUpdated)).length > 0, 10_000);
      await outboxDrained(h);
      const events = (await streamEvents<TUserEvent>(h, EVENTS.identity.userUpdated)).filter(
        (e) => e.payload.user.id === user.id,
      );
      expect(events).toHaveLength(1);
      expect(events[0]?.payload).toEqual({
        tenantId: tenant.id,
        user: {
          id: user.id,
          nrds: null,
          first_name: 'Patricia',
          last_name: 'After',
          displayed_first_name: 'Patty',
          nickname: 'P',
          name: 'Patty After',
          email,
          username: null,
          profile_display_url: null,
        },
      });
    });

    it('clears the displayed first name and nickname when sent empty, keeps them when left out', async () => {
      const user = await newUser(h, tenant.id, { displayed_first_name: 'Dee', nickname: 'D' });
      expect((await get(admin, user.id)).own_displayed_first_name).toBe('Dee');
      expect((await update(admin, user, { last_name: 'Kept' })).user).toMatchObject({
        displayed_first_name: 'Dee',
        nickname: 'D',
      });
      const cleared = await update(admin, user, { displayed_first_name: '', nickname: null });
      expect(cleared.user).toMatchObject({ displayed_first_name: user.first_name, nickname: null });
      // The edit form starts from what is set (nothing), not from the first name shown in its place.
      expect(cleared.own_displayed_first_name).toBeNull();
      expect((await get(admin, user.id)).own_displayed_first_name).toBeNull();
    });

    it('refuses an email another user of the tenant has, in any case, and changes nothing', async () => {
      const taken = await newUser(h, tenant.id);
      const user = await newUser(h, tenant.id, { last_name: 'Unchanged' });
      await expect(
        update(admin, user, { email: taken.email.toUpperCase(), last_name: 'Changed' }),
      ).rejects.toMatchObject({
        code: 'conflict',
        errors: { email: ['The email has already been taken.'] },
      });
      expect((await get(admin, user.id)).user.last_name).toBe('Unchanged');
    });

    it('allows an email a user of another tenant has', async () => {
      const foreign = await newUser(h, other.id);
      const user = await newUser(h, tenant.id);
      expect((await update(admin, user, { email: foreign.email })).user.email).toBe(foreign.email);
    });

    it('refuses role names the tenant does not have', async () => {
      await newRole(h, other.id, 'Only Elsewhere', []);
      const user = await newUser(h, tenant.id);
      await expect(update(admin, user, { roles: ['Staff', 'Only Elsewhere'] })).rejects.toMatchObject({
        code: 'bad_request',
        errors: { roles: ['The role "Only Elsewhere" does not exist.'] },
      });
    });

    it('refuses tens of thousands of role names (as many as a request body holds) with a 400, not a 500', async () => {
      const user = await newUser(h, tenant.id, { roles: ['Staff'] });
      const many = ['Staff', ...Array.from({ length: 70_000 }, (_, i) => `Role ${i}`)];
      await expect(update(admin, user, { first_name: 'Changed', roles: many })).rejects.toMatchObject({
        code: 'bad_request',
        errors: { roles: ['A user may have at most 100 roles.'] },
      });
      // Within the bound, unknown names are listed up to ten, and the rest counted.
      const unknown = ['Staff', ...Array.from({ length: 99 }, (_, i) => `Role ${i}`)];
      await expect(update(admin, user, { first_name: 'Changed', roles: unknown })).rejects.toMatchObject({
        code: 'bad_request',
        errors: {
          roles: [
            ...Array.from({ length: 10 }, (_, i) => `The role "Role ${i}" does not exist.`),
            '89 more of the roles do not exist.',
          ],
        },
      });
      expect(await get(admin, user.id)).toMatchObject({
        user: { first_name: user.first_name },
        roles: ['Staff'],
      });
    });

    it('does not let a plain admin grant or remove site or global admin, nor edit those who hold them', async () => {
      const user = await newUser(h, tenant.id);
      await expect(update(admin, user, { roles: [ROLE_GLOBAL_ADMIN] })).rejects.toMatchObject({
        code: 'forbidden',
      });
      await expect(update(admin, user, { roles: [ROLE_SITE_ADMIN] })).rejects.toMatchObject({
        code: 'forbidden',
      });
      expect((await get(admin, user.id)).roles).toEqual([]);
      // A plain admin may still hand out 'admin'.
      expect((await update(admin, user, { roles: [ROLE_ADMIN] })).roles).toEqual([ROLE_ADMIN]);

      const boss = await newUser(h, tenant.id, { roles: [ROLE_GLOBAL_ADMIN] });
      await expect(update(admin, boss, { roles: [] })).rejects.toMatchObject({ code: 'forbidden' });
      await expect(
        update(admin, boss, { email: 'takeover@example.test', roles: [ROLE_GLOBAL_ADMIN] }),
      ).rejects.toMatchObject({
        code: 'forbidden',
      });
      expect((await get(admin, boss.id)).user.email).toBe(boss.email);
    });

    it('lets a site admin grant site admin but not global admin; a global admin grants both', async () => {
      const siteAdmin = (await signedIn(h, tenant.id, { roles: [ROLE_SITE_ADMIN] })).ctx;
      const globalAdmin = (await signedIn(h, tenant.id, { roles: [ROLE_GLOBAL_ADMIN] })).ctx;
      const user = await newUser(h, tenant.id);
      expect((await update(siteAdmin, user, { roles: [ROLE_SITE_ADMIN] })).roles).toEqual([ROLE_SITE_ADMIN]);
      await expect(
        update(siteAdmin, user, { roles: [ROLE_SITE_ADMIN, ROLE_GLOBAL_ADMIN] }),
      ).rejects.toMatchObject({ code: 'forbidden' });
      expect((await update(globalAdmin, user, { roles: [ROLE_GLOBAL_ADMIN] })).roles).toEqual([
        ROLE_GLOBAL_ADMIN,
      ]);
      expect((await update(globalAdmin, user, { roles: [] })).roles).toEqual([]);
    });

    it('refuses to let an admin remove their own admin role, and changes nothing', async () => {
      const only = await signedIn(h, tenant.id, { roles: [ROLE_GLOBAL_ADMIN, 'Staff'] });
      await expect(
        update(only.ctx, only.user, { last_name: 'Gone', roles: ['Staff'] }),
      ).rejects.toMatchObject({
        code: 'forbidden',
        message: 'You cannot remove your own global admin role. Another admin can.',
      });
      expect(await get(only.ctx, only.user.id)).toMatchObject({
        user: { last_name: only.user.last_name },
        roles: ['Staff', ROLE_GLOBAL_ADMIN],
      });
      // Their other roles are theirs to change.
      expect((await update(only.ctx, only.user, { roles: [ROLE_GLOBAL_ADMIN] })).roles).toEqual([
        ROLE_GLOBAL_ADMIN,
      ]);
    });

    it("is for admins only and never reaches another tenant's user", async () => {
      const user = await newUser(h, tenant.id);
      const runner = (await signedIn(h, tenant.id, { roles: ['Meeting Runner'] })).ctx;
      await expect(update(runner, user, { last_name: 'Nope' })).rejects.toMatchObject({ code: 'forbidden' });
      const foreign = await newUser(h, other.id);
      await expect(update(admin, foreign, { last_name: 'Nope' })).rejects.toMatchObject({
        code: 'not_found',
      });
      await expect(update(ctx(tenant.id), user)).rejects.toMatchObject({ code: 'forbidden' });
    });
  });

  describe('create', () => {
    it('emits userCreated exactly once, in the same transaction as the user', async () => {
      const user = await newUser(h, tenant.id, { first_name: 'Nina', last_name: 'New', nrds: '555' });
      await eventually(
        async () =>
          (await streamEvents<TUserEvent>(h, EVENTS.identity.userCreated)).some(
            (e) => e.payload.user.id === user.id,
          ),
        10_000,
      );
      await outboxDrained(h);
      const events = (await streamEvents<TUserEvent>(h, EVENTS.identity.userCreated)).filter(
        (e) => e.payload.user.id === user.id,
      );
      expect(events).toHaveLength(1);
      expect(events[0]?.payload).toMatchObject({
        tenantId: tenant.id,
        user: { name: 'Nina New', nrds: '555' },
      });
    });

    it('refuses a duplicate email without writing the user or an event', async () => {
      const first = await newUser(h, tenant.id);
      const outboxBefore = await h.service.runtime.prisma.$queryRawUnsafe<{ n: number }[]>(
        'SELECT count(*)::int AS n FROM identity.gavel_outbox',
      );
      await expect(newUser(h, tenant.id, { email: first.email.toUpperCase() })).rejects.toMatchObject({
        code: 'conflict',
      });
      const outboxAfter = await h.service.runtime.prisma.$queryRawUnsafe<{ n: number }[]>(
        'SELECT count(*)::int AS n FROM identity.gavel_outbox',
      );
      expect(outboxAfter[0]?.n).toBe(outboxBefore[0]?.n);
    });
  });
});
