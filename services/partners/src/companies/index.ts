// The companies folder's entry: what the portal users and the public partner pages use of it.
export { CompaniesRepository } from './companies.repository';
export { CompaniesService } from './companies.service';
export { Company } from './company.entity';
