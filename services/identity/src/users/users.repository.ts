import { EntityManager, type RequiredEntityData } from '@mikro-orm/postgresql';
import { conflictOnUniqueViolation, likeEscape, type Conflict } from '@avpass/platform';
import { Injectable } from '@nestjs/common';
import { User } from './user.entity';

/** Usernames and e-mails are unique regardless of case (see the migration's indexes). */
@Injectable()
export class UsersRepository {
  constructor(private readonly em: EntityManager) {}

  findById(id: string): Promise<User | null> {
    return this.em.findOne(User, { id });
  }

  findByIds(ids: readonly string[]): Promise<User[]> {
    return ids.length ? this.em.find(User, { id: { $in: [...ids] } }) : Promise.resolve([]);
  }

  findByUsername(username: string): Promise<User | null> {
    return this.em
      .createQueryBuilder(User)
      .where('lower(username) = ?', [username.trim().toLowerCase()])
      .getSingleResult();
  }

  /**
   * The first `limit` users whose username starts with `prefix`, any case, by username: a range scan
   * of users_username_prefix_index (lower(username) text_pattern_ops). `%` and `_` typed are literal
   * (likeEscape; backslash is PostgreSQL's default LIKE escape).
   */
  async searchByUsernamePrefix(
    prefix: string,
    limit: number,
  ): Promise<Pick<User, 'id' | 'username' | 'firstName' | 'lastName' | 'role'>[]> {
    const rows: {
      id: string;
      username: string;
      first_name: string | null;
      last_name: string | null;
      role: User['role'];
    }[] = await this.em.getConnection().execute(
      `select id, username, first_name, last_name, role from users
        where lower(username) like ? order by lower(username), id limit ?`,
      [`${likeEscape(prefix.trim().toLowerCase())}%`, limit],
    );
    return rows.map((r) => ({
      id: r.id,
      username: r.username,
      firstName: r.first_name,
      lastName: r.last_name,
      role: r.role,
    }));
  }

  findByEmail(email: string): Promise<User | null> {
    return this.em
      .createQueryBuilder(User)
      .where('lower(email) = ?', [email.trim().toLowerCase()])
      .getSingleResult();
  }

  async isTaken(field: 'username' | 'email', value: string, exceptId?: string): Promise<boolean> {
    const qb = this.em.createQueryBuilder(User).where(`lower(${field}) = ?`, [value.trim().toLowerCase()]);
    if (exceptId) qb.andWhere({ id: { $ne: exceptId } });
    return (await qb.getCount()) > 0;
  }

  listByCompany(companyId: string, tx: EntityManager = this.em): Promise<User[]> {
    return tx.find(User, { companyId }, { orderBy: { createdAt: 'asc' } });
  }

  listActiveByCompanies(companyIds: string[], tx: EntityManager = this.em): Promise<User[]> {
    return tx.find(
      User,
      { companyId: { $in: [...new Set(companyIds.map((id) => id.toLowerCase()))] }, isActive: true },
      { orderBy: { companyId: 'asc', createdAt: 'asc' } },
    );
  }

  /** Stores a new user; 'conflict' when the username or e-mail is taken after all (the unique indexes). */
  insertUnique(fields: RequiredEntityData<User>): Promise<User | Conflict> {
    return this.flushUnique(this.em, this.em.create(User, fields));
  }

  /** Changes a user; 'conflict' when the new username or e-mail is taken after all (the unique indexes). */
  async assignUnique(user: User, changes: Partial<User>): Promise<User | Conflict> {
    this.em.assign(user, changes);
    return this.flushUnique(this.em, user);
  }

  /** Writes the changes made to a user read through this repository. */
  async save(user: User): Promise<void> {
    await this.em.persistAndFlush(user);
  }

  /** At start-up, outside any request: is there an administrator yet? */
  async hasSuperAdmin(): Promise<boolean> {
    return (await this.em.fork().count(User, { role: 'super_admin' })) > 0;
  }

  /** At start-up, outside any request: the first administrator, or 'conflict' when another instance made it. */
  insertSuperAdmin(fields: RequiredEntityData<User>): Promise<User | Conflict> {
    const em = this.em.fork();
    return this.flushUnique(em, em.create(User, { ...fields, role: 'super_admin' }));
  }

  /** Deactivates every user of a company in the caller's transaction; answers their ids. */
  async deactivateCompanyUsers(tx: EntityManager, companyId: string): Promise<string[]> {
    return (await this.deactivateCompanyUsersReporting(tx, companyId)).all;
  }

  /** The same, also answering which of them were active until now. */
  async deactivateCompanyUsersReporting(
    tx: EntityManager,
    companyId: string,
  ): Promise<{ all: string[]; wereActive: string[] }> {
    const users = await tx.find(User, { companyId });
    const wereActive = users.filter((u) => u.isActive).map((u) => u.id);
    users.forEach((u) => (u.isActive = false));
    await tx.flush();
    return { all: users.map((u) => u.id), wereActive };
  }

  /** The unique indexes are the real guard: two simultaneous requests get 'conflict' (a 409), not a 500. */
  private async flushUnique(em: EntityManager, user: User): Promise<User | Conflict> {
    const outcome = await conflictOnUniqueViolation(() => em.persistAndFlush(user));
    if (outcome !== 'conflict') return user;
    em.clear();
    return outcome;
  }
}
