// issuing/: what other folders of the statements service may use (avpass/folder-boundaries).

export { IssuingService } from './issuing.service';
