import { SUBJECTS, ZBypassReply, ZLoginReply, ZMe, ZTenantResolveReply } from '@gavel/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAssociation, parseCommandLine, type TNewAssociation } from '../src/add-association.js';
import { ctx, type Harness, startHarness } from './support.js';

const BOARD: TNewAssociation = {
  name: 'Board of Realtors',
  domains: ['Vote.Board.test', 'board.test'],
  admin: { email: 'ada@board.test', first_name: 'Ada', last_name: 'Lovelace', password: 'a long passphrase' },
};

describe('adding an association (operators, after install)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.stop();
  });

  it('serves it on its host names, with a global admin who signs in by password or by the printed code', async () => {
    const added = await addAssociation(h.service.runtime.prisma, BOARD);
    expect(added).toMatchObject({ created: true, adminCreated: true, bypass: { to: '/' } });
    const tenant = await h.call(
      SUBJECTS.identity.tenantResolve,
      ctx(''),
      { host: 'vote.board.test' },
      ZTenantResolveReply,
    );
    expect(tenant).toMatchObject({ id: added.tenantId, name: 'Board of Realtors' });
    const login = await h.call(
      SUBJECTS.identity.login,
      ctx(added.tenantId),
      { email: 'ada@board.test', password: 'a long passphrase' },
      ZLoginReply,
    );
    const me = await h.call(SUBJECTS.identity.me, ctx(added.tenantId, { userId: login.userId }), {}, ZMe);
    expect(me.roles.map((r) => r.name)).toEqual(['global admin']);
    const byCode = await h.call(
      SUBJECTS.identity.bypass,
      ctx(added.tenantId),
      { code: added.bypass.code },
      ZBypassReply,
    );
    expect(byCode.userId).toBe(login.userId);
  });

  it('run again, adds only missing host names and a fresh code, and leaves the administrator as they are', async () => {
    const again = await addAssociation(h.service.runtime.prisma, {
      ...BOARD,
      domains: ['vote.board.test', 'elections.board.test'],
      admin: { ...BOARD.admin, first_name: 'Someone', password: 'another long passphrase' },
    });
    expect(again).toMatchObject({ created: false, domainsAdded: 1, adminCreated: false });
    const tenant = await h.call(
      SUBJECTS.identity.tenantResolve,
      ctx(''),
      { host: 'elections.board.test' },
      ZTenantResolveReply,
    );
    expect(tenant?.id).toBe(again.tenantId);
    await expect(
      h.call(
        SUBJECTS.identity.login,
        ctx(again.tenantId),
        { email: 'ada@board.test', password: 'another long passphrase' },
        ZLoginReply,
      ),
    ).rejects.toMatchObject({ code: 'unauthenticated' });
  });

  it('refuses bad input before writing anything, and reads the password from the environment only', async () => {
    await expect(
      addAssociation(h.service.runtime.prisma, { ...BOARD, domains: ['https://bad.test:443'] }),
    ).rejects.toThrow(/host name/);
    await expect(
      addAssociation(h.service.runtime.prisma, {
        ...BOARD,
        domains: ['short.test'],
        admin: { ...BOARD.admin, password: 'short' },
      }),
    ).rejects.toThrow(/at least 12 characters/);
    const none = await h.call(
      SUBJECTS.identity.tenantResolve,
      ctx(''),
      { host: 'short.test' },
      ZTenantResolveReply,
    );
    expect(none).toBeNull();
    const argv = [
      '--name',
      'X',
      '--domain',
      'a.test',
      '--domain',
      'b.test',
      '--admin-email',
      'e@a.test',
      '--admin-first',
      'F',
      '--admin-last',
      'L',
    ];
    expect(parseCommandLine(argv, { GAVEL_ADMIN_PASSWORD: 'from the environment' })).toEqual({
      name: 'X',
      domains: ['a.test', 'b.test'],
      admin: { email: 'e@a.test', first_name: 'F', last_name: 'L', password: 'from the environment' },
    });
    expect(() => parseCommandLine([...argv, '--password', 'x'], {})).toThrow();
  });
});
