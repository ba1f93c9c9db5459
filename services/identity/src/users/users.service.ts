import {
  createPortalUserRequestSchema,
  updateProfileRequestSchema,
  type Actor,
  type ChangePasswordRequest,
  type PortalUser,
} from '@avpass/contracts';
import { DomainError } from '@avpass/platform';
import { Injectable } from '@nestjs/common';
import type { z } from 'zod';
import { PasswordHasher } from '../auth/password-hasher';
import { SessionsService } from '../sessions/sessions.service';
import { User } from './user.entity';
import { toPortalUser } from './user.mapper';
import { UsersRepository } from './users.repository';

@Injectable()
export class UsersService {
  constructor(
    private readonly users: UsersRepository,
    private readonly hasher: PasswordHasher,
    private readonly sessions: SessionsService,
  ) {}

  async createPortalUser(
    companyId: string,
    input: z.output<typeof createPortalUserRequestSchema>,
  ): Promise<PortalUser> {
    await this.assertAvailable(input.username, input.email);
    const user = await this.users.insertUnique({
      username: input.username,
      email: input.email ?? null,
      firstName: input.firstName ?? null,
      lastName: input.lastName ?? null,
      passwordHash: await this.hasher.hash(input.password),
      role: 'company_admin',
      companyId,
    });
    if (!user) throw taken();
    return toPortalUser(user);
  }

  async listCompanyUsers(companyId: string): Promise<PortalUser[]> {
    return (await this.users.listByCompany(companyId)).map(toPortalUser);
  }

  /** The user's actor as their record says now (role, company), or null when unknown or deactivated. */
  async actorOf(userId: string): Promise<Actor | null> {
    const user = await this.users.findById(userId);
    if (!user?.isActive) return null;
    return { userId: user.id, role: user.role, companyId: user.companyId };
  }

  /** Deactivating a user ends its sessions at once. */
  async setActive(companyId: string, userId: string, isActive: boolean): Promise<PortalUser> {
    const user = await this.users.findById(userId);
    if (!user || user.companyId !== companyId) throw DomainError.notFound('User');
    user.isActive = isActive;
    await this.users.save(user);
    if (!isActive) await this.sessions.endAllFor([user.id]);
    return toPortalUser(user);
  }

  async updateProfile(actor: Actor, input: z.output<typeof updateProfileRequestSchema>): Promise<User> {
    const user = await this.requireUser(actor.userId);
    await this.assertAvailable(input.username, input.email, user.id);
    // Only what was sent changes; a field sent empty is cleared (null).
    const changes = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
    if (!(await this.users.assignUnique(user, changes))) throw taken();
    return user;
  }

  /** Other sessions of the user end; the one that made the change stays signed in. */
  async changePassword(actor: Actor, input: ChangePasswordRequest): Promise<void> {
    const user = await this.requireUser(actor.userId);
    if (!(await this.hasher.verify(user.passwordHash, input.currentPassword))) {
      throw DomainError.validation('Current password is incorrect', {
        currentPassword: ['Current password is incorrect'],
      });
    }
    user.passwordHash = await this.hasher.hash(input.newPassword);
    await this.users.save(user);
    await this.sessions.endAllFor([user.id], actor.sessionId);
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

/** The unique indexes are the real guard; two simultaneous requests get a 409, not a 500. */
function taken(): DomainError {
  return DomainError.conflict('That username or email is already in use');
}
