import 'reflect-metadata';
import { runService } from '@avpass/platform';
import { renderingService } from './service';

runService(renderingService);
