import { RPC, type Actor } from '@avpass/contracts';
import { identityService } from '@avpass/identity-service';
import { createServiceApp } from '@avpass/platform';
import type { TestBed } from '@avpass/platform/testing';

const ADMIN_LOGIN = { username: 'admin', password: 'rendering-test-password' };

/**
 * Starts the identity service in the bed and makes `actor` its administrator (sets its userId). A
 * ZIP worker renders as the job's owner as identity knows them now (never the actor written in the
 * job), so the owner of every job a test queues must be a real user.
 */
export async function addIdentityAdmin(bed: TestBed, actor: Actor): Promise<void> {
  await bed.add(
    createServiceApp(identityService, {
      env: { ...bed.env, ADMIN_USERNAME: ADMIN_LOGIN.username, ADMIN_PASSWORD: ADMIN_LOGIN.password },
    }),
  );
  const { user } = await bed.call(RPC.identity.login, ADMIN_LOGIN, { actor: null });
  actor.userId = user.id;
}
