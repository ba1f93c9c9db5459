import { RPC } from '@avpass/contracts';
import { ServicePlatformModule, type ServiceDatabase } from '@avpass/platform';
import { Module, type DynamicModule } from '@nestjs/common';
import { CompaniesHandlers } from './companies/companies.handlers';
import { CompaniesRepository } from './companies/companies.repository';
import { CompaniesService } from './companies/companies.service';
import { Company } from './companies/company.entity';
import { PARTNERS_CONFIG, type PartnersConfig } from './config';
import { migrations } from './migrations';
import { PortalUsersHandlers } from './portal-users/portal-users.handlers';
import { PortalUsersService } from './portal-users/portal-users.service';
import { PublicPartnersHandlers } from './public-partners/public-partners.handlers';
import { PublicPartnersService } from './public-partners/public-partners.service';

@Module({})
export class PartnersModule {
  static register(config: PartnersConfig, database: ServiceDatabase): DynamicModule {
    return {
      module: PartnersModule,
      imports: [
        ServicePlatformModule.forRoot({
          name: 'partners',
          config,
          database,
          entities: [Company],
          migrations,
          healthPattern: RPC.partners.health,
        }),
      ],
      controllers: [CompaniesHandlers, PublicPartnersHandlers, PortalUsersHandlers],
      providers: [
        { provide: PARTNERS_CONFIG, useValue: config },
        CompaniesService,
        CompaniesRepository,
        PublicPartnersService,
        PortalUsersService,
      ],
    };
  }
}
