import 'reflect-metadata';
import { runService } from '@avpass/platform';
import { inventoryService } from './service';

runService(inventoryService);
