import 'reflect-metadata';
import { runService } from '@avpass/platform';
import { walletService } from './service';

runService(walletService);
