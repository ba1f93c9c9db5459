import type { CurrentUser, PortalUser } from '@avpass/contracts';
import type { User } from './user.entity';

export function toCurrentUser(user: User, companyName: string | null): CurrentUser {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    role: user.role,
    companyId: user.companyId,
    companyName,
    language: user.language,
  };
}

export function toPortalUser(user: User): PortalUser {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    isActive: user.isActive,
    companyId: user.companyId,
    language: user.language,
    createdAt: user.createdAt.toISOString(),
    lastLogin: user.lastLogin?.toISOString() ?? null,
  };
}

/** The name staff see for a user: first and last name when given, else the username. */
export function displayNameOf(user: Pick<User, 'firstName' | 'lastName' | 'username'>): string {
  const full = [user.firstName, user.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return full || user.username;
}
