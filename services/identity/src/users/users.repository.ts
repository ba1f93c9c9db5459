import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { User } from './user.entity';

/** Usernames and e-mails are unique regardless of case (see the migration's indexes). */
@Injectable()
export class UsersRepository {
  constructor(private readonly em: EntityManager) {}

  findById(id: string): Promise<User | null> {
    return this.em.findOne(User, { id });
  }

  findByUsername(username: string): Promise<User | null> {
    return this.em
      .createQueryBuilder(User)
      .where('lower(username) = ?', [username.trim().toLowerCase()])
      .getSingleResult();
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

  listByCompany(companyId: string): Promise<User[]> {
    return this.em.find(User, { companyId }, { orderBy: { createdAt: 'asc' } });
  }

  countSuperAdmins(): Promise<number> {
    return this.em.count(User, { role: 'super_admin' });
  }

  async deactivateCompanyUsers(companyId: string): Promise<string[]> {
    const users = await this.em.find(User, { companyId, isActive: true });
    users.forEach((u) => (u.isActive = false));
    await this.em.flush();
    return users.map((u) => u.id);
  }
}
