import {
  AUDIT_PEOPLE_LIMIT,
  createPortalUserRequestSchema,
  updateProfileRequestSchema,
  type Actor,
  type AuditPerson,
  type ChangePasswordRequest,
  type Language,
  type PortalUser,
  type RpcMeta,
} from '@avpass/contracts';
import { AuditTrail, diffChanges, DomainError, Transactions } from '@avpass/platform';
import { Injectable } from '@nestjs/common';
import type { z } from 'zod';
import { SessionsService } from '../sessions';
import { PasswordHasher } from './password-hasher';
import { User } from './user.entity';
import { displayNameOf, toPortalUser } from './user.mapper';
import { UsersRepository } from './users.repository';

@Injectable()
export class UsersService {
  constructor(
    private readonly users: UsersRepository,
    private readonly hasher: PasswordHasher,
    private readonly sessions: SessionsService,
    private readonly transactions: Transactions,
    private readonly audit: AuditTrail,
  ) {}

  async createPortalUser(
    companyId: string,
    input: z.output<typeof createPortalUserRequestSchema>,
    meta: RpcMeta,
  ): Promise<PortalUser> {
    await this.assertAvailable(input.username, input.email);
    const passwordHash = await this.hasher.hash(input.password);
    return this.transactions.run(async (tx) => {
      const user = await this.users.insertUnique({
        username: input.username,
        email: input.email ?? null,
        firstName: input.firstName ?? null,
        lastName: input.lastName ?? null,
        passwordHash,
        role: 'company_admin',
        companyId,
      });
      if (user === 'conflict') throw taken();
      this.audit.appendEntry(tx, meta, {
        action: 'identity.portal-user.created',
        targetType: 'user',
        targetId: user.id,
        companyId,
        changes: diffChanges(null, { ...profileOf(user), role: user.role, isActive: user.isActive }),
      });
      return toPortalUser(user);
    });
  }

  async listCompanyUsers(companyId: string): Promise<PortalUser[]> {
    return (await this.users.listByCompany(companyId)).map(toPortalUser);
  }

  /** The active portal users of these companies, ordered by company. */
  async activeUsersOfCompanies(companyIds: string[]): Promise<PortalUser[]> {
    return (await this.users.listActiveByCompanies(companyIds)).map(toPortalUser);
  }

  /** The audit person picker's suggestions (issue 44): usernames starting with `prefix`. */
  async searchByUsername(prefix: string): Promise<AuditPerson[]> {
    const users = await this.users.searchByUsernamePrefix(prefix, AUDIT_PEOPLE_LIMIT);
    return users.map((user) => ({
      id: user.id,
      username: user.username,
      name: displayNameOf(user),
      role: user.role,
    }));
  }

  /** The user's actor as their record says now (role, company), or null when unknown or deactivated. */
  async actorOf(userId: string): Promise<Actor | null> {
    const user = await this.users.findById(userId);
    if (!user?.isActive) return null;
    return { userId: user.id, role: user.role, companyId: user.companyId };
  }

  /** Deactivating a user ends its sessions at once; setting the state it already has records nothing. */
  async setActive(companyId: string, userId: string, isActive: boolean, meta: RpcMeta): Promise<PortalUser> {
    return this.transactions.run(async (tx) => {
      const user = await this.users.findById(userId);
      if (!user || user.companyId !== companyId) throw DomainError.notFound('User');
      const before = user.isActive;
      user.isActive = isActive;
      await this.users.save(user);
      if (!isActive) await this.sessions.endAllFor([user.id], tx);
      if (before !== isActive) {
        this.audit.appendEntry(tx, meta, {
          action: isActive ? 'identity.portal-user.activated' : 'identity.portal-user.deactivated',
          targetType: 'user',
          targetId: user.id,
          companyId,
          changes: diffChanges({ isActive: before }, { isActive }),
        });
      }
      return toPortalUser(user);
    });
  }

  /** Records the fields that changed; a change to nothing records nothing. */
  async updateProfile(
    actor: Actor,
    input: z.output<typeof updateProfileRequestSchema>,
    meta: RpcMeta,
  ): Promise<User> {
    return this.transactions.run(async (tx) => {
      const user = await this.requireUser(actor.userId);
      await this.assertAvailable(input.username, input.email, user.id);
      // Only what was sent changes; a field sent empty is cleared (null).
      const changes = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
      const before = profileOf(user);
      if ((await this.users.assignUnique(user, changes)) === 'conflict') throw taken();
      const diff = diffChanges(before, profileOf(user));
      if (diff && Object.keys(diff).length) {
        // A session's actor carries the name (a till redemption records it): gateways ask again.
        this.sessions.forgetAfterCommit(tx, [user.id]);
        this.audit.appendEntry(tx, meta, {
          action: 'identity.user.profile-changed',
          targetType: 'user',
          targetId: user.id,
          companyId: user.companyId,
          changes: diff,
        });
      }
      return user;
    });
  }

  /** The user's own language (issue 42), audited as a profile change; the same language records nothing. */
  async setLanguage(actor: Actor, language: Language, meta: RpcMeta): Promise<User> {
    return this.transactions.run(async (tx) => {
      const user = await this.requireUser(actor.userId);
      const before = user.language;
      if (before === language) return user;
      user.language = language;
      await this.users.save(user);
      this.audit.appendEntry(tx, meta, {
        action: 'identity.user.profile-changed',
        targetType: 'user',
        targetId: user.id,
        companyId: user.companyId,
        changes: diffChanges({ language: before }, { language }),
      });
      return user;
    });
  }

  /**
   * Other sessions of the user end; the one that made the change stays signed in. The entry says
   * that the password changed, never what to (no `changes`).
   */
  async changePassword(actor: Actor, input: ChangePasswordRequest, meta: RpcMeta): Promise<void> {
    const user = await this.requireUser(actor.userId);
    if (!(await this.hasher.verify(user.passwordHash, input.currentPassword))) {
      throw DomainError.validation('Current password is incorrect', {
        currentPassword: ['Current password is incorrect'],
      });
    }
    const passwordHash = await this.hasher.hash(input.newPassword);
    await this.transactions.run(async (tx) => {
      const current = await this.requireUser(actor.userId);
      current.passwordHash = passwordHash;
      await this.users.save(current);
      await this.sessions.endAllFor([current.id], tx, actor.sessionId);
      this.audit.appendEntry(tx, meta, {
        action: 'identity.user.password-changed',
        targetType: 'user',
        targetId: current.id,
        companyId: current.companyId,
        changes: null,
      });
    });
  }

  async requireUser(id: string): Promise<User> {
    const user = await this.users.findById(id);
    if (!user) throw DomainError.notFound('User');
    return user;
  }

  private async assertAvailable(
    username: string,
    email: string | null | undefined,
    exceptId?: string,
  ): Promise<void> {
    if (await this.users.isTaken('username', username, exceptId)) {
      throw DomainError.conflict('That username is already taken', {
        username: ['That username is already taken'],
      });
    }
    if (email && (await this.users.isTaken('email', email, exceptId))) {
      throw DomainError.conflict('That email is already in use', { email: ['That email is already in use'] });
    }
  }
}

/** A user's recorded fields (never its password hash). */
function profileOf(user: User) {
  return {
    username: user.username,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
  };
}

/** The unique indexes are the real guard; two simultaneous requests get a 409, not a 500. */
function taken(): DomainError {
  return DomainError.conflict('That username or email is already in use');
}
