import 'reflect-metadata';
import { runService } from '@avpass/platform';
import { vouchersService } from './service';

runService(vouchersService);
