// issuing/: making, listing and removing codes (the handlers are its only entry; app.module wires it).

export { CodeCatalogue } from './code-catalogue.service';
export { IssuingHandlers } from './issuing.handlers';
export { QrCodesService } from './qr-codes.service';
