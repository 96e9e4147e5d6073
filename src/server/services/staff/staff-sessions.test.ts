import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { testEngines, useMigratedTestDatabase } from '../../test-support/test-databases.ts';
import type { StaffMember } from './staff-members.ts';
import {
  createStaffSessions,
  purgeEndedStaffSessions,
  STAFF_IDLE_TIMEOUT_MS,
  STAFF_ROLES_CHECK_MS,
  STAFF_SESSION_MAX_MS,
  type RecheckTokens,
  type RolesRecheck,
} from './staff-sessions.ts';
import { listStaffActions } from '../../db/staff-audit-repository.ts';

const minute = 60_000;
const signIn = new Date('2026-03-02T08:00:00Z');
const at = (ms: number) => new Date(signIn.getTime() + ms);
const ann: StaffMember = {
  id: 'staff-ann',
  name: 'Ann Caseworker',
  email: 'ann@example.gov.uk',
  roles: ['CASEWORKER', 'CASEWORKER_ADMIN'],
};
const idToken = 'header.payload.signature';

describe.each(testEngines())('staff sessions on $name', (engine) => {
  const test = useMigratedTestDatabase(engine);
  const sessions = () => createStaffSessions(test.db);

  it('opens an active session with the caseworker, their roles and a CSRF token of its own', async () => {
    const { id, csrfToken } = await sessions().create(ann, idToken, signIn);
    const other = await sessions().create(ann, idToken, signIn);
    expect(id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(csrfToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(other.id).not.toBe(id);
    expect(other.csrfToken).not.toBe(csrfToken);
    expect(await sessions().read(id, at(5 * minute))).toEqual({
      outcome: 'active',
      session: {
        staff: { id: 'staff-ann', name: 'Ann Caseworker', roles: ['CASEWORKER', 'CASEWORKER_ADMIN'] },
        csrfToken,
        signedInAt: signIn,
        lastActiveAt: signIn,
        endsAt: at(STAFF_IDLE_TIMEOUT_MS),
      },
    });
  });

  it('lists the sessions still open with their address, and ends every session of one member of staff at once', async () => {
    const bob: StaffMember = { id: 'staff-bob', name: 'Bob', roles: ['CASEWORKER'] };
    const first = await sessions().create(ann, idToken, signIn, { clientAddress: '192.0.2.1' });
    const second = await sessions().create(ann, idToken, at(minute), { clientAddress: '2001:db8::1' });
    const bobs = await sessions().create(bob, idToken, signIn);
    const idle = await sessions().create(bob, idToken, at(-STAFF_IDLE_TIMEOUT_MS));
    expect(await sessions().listSignedIn(at(2 * minute))).toEqual([
      {
        staffId: 'staff-ann',
        name: 'Ann Caseworker',
        roles: ['CASEWORKER', 'CASEWORKER_ADMIN'],
        signedInAt: at(minute),
        lastActiveAt: at(minute),
        clientAddress: '2001:db8::1',
      },
      expect.objectContaining({ staffId: 'staff-ann', signedInAt: signIn, clientAddress: '192.0.2.1' }),
      expect.objectContaining({ staffId: 'staff-bob', clientAddress: null }),
    ]);
    expect(await sessions().endAllOf('staff-ann')).toBe(2);
    expect(await sessions().endAllOf('staff-ann')).toBe(0);
    for (const id of [first.id, second.id])
      expect(await sessions().read(id, at(2 * minute))).toEqual({ outcome: 'none' });
    expect((await sessions().read(bobs.id, at(2 * minute))).outcome).toBe('active');
    expect((await sessions().read(idle.id, at(2 * minute))).outcome).toBe('idle');
  });

  it('reads the roles again every 15 minutes, once for requests at the same time; none left, a refusal or no token at all ends the session', async () => {
    const asked: (string | undefined)[] = [];
    let answer: RolesRecheck = {
      outcome: 'roles',
      staffId: 'staff-ann',
      roles: ['CASEWORKER'],
      refreshToken: 'rotated',
      accessToken: 'access-2',
    };
    const checked = createStaffSessions(test.db, {
      recheckRoles: (held) => {
        asked.push(held.refreshToken);
        return Promise.resolve(answer);
      },
    });
    const { id } = await checked.create(ann, idToken, signIn, { refreshToken: 'first' });
    const before = at(STAFF_ROLES_CHECK_MS - 1);
    await checked.touch(id, before);
    expect((await checked.read(id, before)).outcome).toBe('active');
    expect(asked).toEqual([]);

    const due = at(STAFF_ROLES_CHECK_MS);
    const [one, two] = await Promise.all([checked.read(id, due), checked.read(id, due)]);
    expect(asked).toEqual(['first']);
    const roles = [one, two].map((read) => (read.outcome === 'active' ? read.session.staff.roles : read.outcome));
    expect(roles).toContainEqual(['CASEWORKER']);
    expect((await checked.read(id, due)).outcome === 'active' && (await checked.read(id, due))).toMatchObject({
      session: { staff: { roles: ['CASEWORKER'] } },
    });

    // The rotated refresh token next time; another subject's answer, or no role, ends it.
    answer = { outcome: 'roles', staffId: 'staff-ann', roles: [] };
    await checked.touch(id, at(2 * STAFF_ROLES_CHECK_MS));
    expect(await checked.read(id, at(2 * STAFF_ROLES_CHECK_MS))).toEqual({ outcome: 'revoked' });
    expect(asked).toEqual(['first', 'rotated']);
    expect(await checked.read(id, at(2 * STAFF_ROLES_CHECK_MS))).toEqual({ outcome: 'none' });

    answer = { outcome: 'refused', reason: 'the identity provider answered invalid_grant' };
    const refused = await checked.create(ann, idToken, signIn, { refreshToken: 'first' });
    expect(await checked.read(refused.id, due)).toEqual({ outcome: 'revoked' });
    const without = await checked.create(ann, idToken, signIn);
    expect(await checked.read(without.id, due)).toEqual({ outcome: 'revoked' });

    const { lines } = await listStaffActions(test.db, { action: 'session-revoked' }, { limit: 5, offset: 0 });
    expect(lines.map((line) => line.details)).toEqual([
      { why: 'no-console-role' },
      { why: 'provider-refused', reason: 'no refresh or access token' },
      { why: 'provider-refused', reason: 'the identity provider answered invalid_grant' },
    ]);
  });

  it('reads the roles again with the access token where the provider gave no refresh token, keeping the new tokens after a refresh', async () => {
    const asked: RecheckTokens[] = [];
    const answers: RolesRecheck[] = [
      { outcome: 'roles', staffId: 'staff-ann', roles: ['CASEWORKER'] },
      { outcome: 'refused', reason: 'the identity provider answered invalid_token' },
    ];
    const checked = createStaffSessions(test.db, {
      recheckRoles: (held) => {
        asked.push(held);
        return Promise.resolve(answers.shift() ?? { outcome: 'refused', reason: 'no more answers' });
      },
    });
    const { id } = await checked.create(ann, idToken, signIn, { accessToken: 'access-1' });
    const due = at(STAFF_ROLES_CHECK_MS);
    await checked.touch(id, due);
    expect(await checked.read(id, due)).toMatchObject({
      outcome: 'active',
      session: { staff: { roles: ['CASEWORKER'] } },
    });
    expect(asked).toEqual([{ staffId: 'staff-ann', accessToken: 'access-1' }]);
    // The access token has expired at the provider: the session ends.
    await checked.touch(id, at(2 * STAFF_ROLES_CHECK_MS));
    expect(await checked.read(id, at(2 * STAFF_ROLES_CHECK_MS))).toEqual({ outcome: 'revoked' });
    expect(asked[1]).toEqual({ staffId: 'staff-ann', accessToken: 'access-1' });
    const { lines } = await listStaffActions(test.db, { action: 'session-revoked' }, { limit: 5, offset: 0 });
    expect(lines.map((line) => line.details)).toEqual([
      { why: 'provider-refused', reason: 'the identity provider answered invalid_token' },
    ]);

    // With both, the refresh: its new access token and refresh token are kept for the next check.
    answers.push(
      {
        outcome: 'roles',
        staffId: 'staff-ann',
        roles: ['CASEWORKER'],
        refreshToken: 'refresh-2',
        accessToken: 'access-2',
      },
      { outcome: 'roles', staffId: 'staff-ann', roles: ['CASEWORKER'] },
    );
    const both = await checked.create(ann, idToken, signIn, { refreshToken: 'refresh-1', accessToken: 'access-1' });
    expect((await checked.read(both.id, due)).outcome).toBe('active');
    await checked.touch(both.id, due);
    expect((await checked.read(both.id, at(2 * STAFF_ROLES_CHECK_MS))).outcome).toBe('active');
    expect(asked.slice(2)).toEqual([
      { staffId: 'staff-ann', refreshToken: 'refresh-1', accessToken: 'access-1' },
      { staffId: 'staff-ann', refreshToken: 'refresh-2', accessToken: 'access-2' },
    ]);
  });

  it('is idle after 30 minutes without activity, and a touch then does not bring it back', async () => {
    const { id } = await sessions().create(ann, idToken, signIn);
    expect((await sessions().read(id, at(STAFF_IDLE_TIMEOUT_MS - 1))).outcome).toBe('active');
    expect(await sessions().read(id, at(STAFF_IDLE_TIMEOUT_MS))).toEqual({ outcome: 'idle' });
    await sessions().touch(id, at(STAFF_IDLE_TIMEOUT_MS + minute));
    expect(await sessions().read(id, at(STAFF_IDLE_TIMEOUT_MS + minute))).toEqual({ outcome: 'idle' });
  });

  it('stays active while touched, writing at most once a minute', async () => {
    const { id } = await sessions().create(ann, idToken, signIn);
    // Touched every 20 minutes for two hours: never idle.
    for (let t = 20 * minute; t <= 120 * minute; t += 20 * minute) {
      const read = await sessions().read(id, at(t));
      expect(read.outcome, `at ${t / minute} minutes`).toBe('active');
      await sessions().touch(id, at(t));
    }
    const lastActive = async (now: Date) => {
      const read = await sessions().read(id, now);
      return read.outcome === 'active' ? read.session.lastActiveAt : undefined;
    };
    expect(await lastActive(at(121 * minute))).toEqual(at(120 * minute));
    // Within the minute: nothing written.
    await sessions().touch(id, at(120 * minute + 30_000));
    expect(await lastActive(at(121 * minute))).toEqual(at(120 * minute));
    // With the read's lastActiveAt, a recent touch is not even a query: a closed database shows it.
    const touchedAt = at(120 * minute);
    const closed = createStaffSessions({
      ...test.db,
      query: () => Promise.reject(new Error('no query expected')),
    });
    await closed.touch(id, at(120 * minute + 59_000), touchedAt);
    // After the minute, written.
    await sessions().touch(id, at(121 * minute));
    expect(await lastActive(at(122 * minute))).toEqual(at(121 * minute));
    expect((await sessions().read(id, at(121 * minute + STAFF_IDLE_TIMEOUT_MS - 1))).outcome).toBe('active');
  });

  it('is expired 12 hours after its sign-in, however active', async () => {
    const { id } = await sessions().create(ann, idToken, signIn);
    for (let t = 10 * minute; t < STAFF_SESSION_MAX_MS; t += 10 * minute) await sessions().touch(id, at(t));
    const nearEnd = await sessions().read(id, at(STAFF_SESSION_MAX_MS - 1));
    expect(nearEnd).toMatchObject({ outcome: 'active', session: { endsAt: at(STAFF_SESSION_MAX_MS) } });
    expect(await sessions().read(id, at(STAFF_SESSION_MAX_MS))).toEqual({ outcome: 'expired' });
    await sessions().touch(id, at(STAFF_SESSION_MAX_MS + minute));
    expect(await sessions().read(id, at(STAFF_SESSION_MAX_MS + minute))).toEqual({ outcome: 'expired' });
  });

  it('ends: deleted, giving back the ID token for the provider’s sign-out, once', async () => {
    const { id } = await sessions().create(ann, idToken, signIn);
    expect(await sessions().end(id)).toEqual({ idToken });
    expect(await sessions().read(id, at(minute))).toEqual({ outcome: 'none' });
    expect(await sessions().end(id)).toBeUndefined();
  });

  it('knows no session for an id it did not issue', async () => {
    await sessions().create(ann, idToken, signIn);
    for (const id of ['', 'x', 'A'.repeat(43), `${'A'.repeat(42)}!`, 'A'.repeat(44)]) {
      expect(await sessions().read(id, at(minute)), id).toEqual({ outcome: 'none' });
      expect(await sessions().end(id)).toBeUndefined();
      await sessions().touch(id, at(minute));
    }
  });

  it('stores the id only as its SHA-256', async () => {
    const { id, csrfToken } = await sessions().create(ann, idToken, signIn);
    const { rows } = await test.db.query<{ idHash: Uint8Array; dump: string }>(
      'SELECT id_hash AS "idHash", s::text AS dump FROM staff_sessions s',
    );
    expect(rows).toHaveLength(1);
    expect(Buffer.from(rows[0]?.idHash ?? [])).toEqual(createHash('sha256').update(id).digest());
    expect(rows[0]?.dump).not.toContain(id);
    expect(rows[0]?.dump).toContain(csrfToken);
    // The email is not kept: the staff id and name are enough for the console.
    expect(rows[0]?.dump).not.toContain(ann.email);
  });

  it('refuses roles the console does not know', async () => {
    const unknown = { ...ann, roles: ['SUPERUSER'] } as unknown as StaffMember;
    await expect(sessions().create(unknown, idToken, signIn)).rejects.toThrow();
  });

  it('purges the sessions that are over, and only those', async () => {
    const now = at(40 * minute);
    const idle = await sessions().create(ann, idToken, signIn);
    const busy = await sessions().create(ann, idToken, signIn);
    await sessions().touch(busy.id, at(25 * minute));
    const old = await sessions().create(ann, idToken, new Date(now.getTime() - STAFF_SESSION_MAX_MS));
    for (let t = now.getTime() - STAFF_SESSION_MAX_MS; t < now.getTime(); t += 20 * minute)
      await sessions().touch(old.id, new Date(t));
    expect((await sessions().read(old.id, new Date(now.getTime() - 1))).outcome).toBe('active');
    expect(await purgeEndedStaffSessions(test.db, now)).toBe(2);
    expect((await sessions().read(idle.id, now)).outcome).toBe('none');
    expect((await sessions().read(old.id, now)).outcome).toBe('none');
    expect((await sessions().read(busy.id, now)).outcome).toBe('active');
    expect(await purgeEndedStaffSessions(test.db, now)).toBe(0);
  });
});
