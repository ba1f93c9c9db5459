import { defineCatalog } from '@avpass/platform';

/**
 * The pages the gateway draws itself for a member (issue 42), beside the voucher page's own catalog:
 * the unsubscribe link's page. Spanish in the usted form. `catalog.spec.ts` fails on a key missing in a
 * language or unused by the code.
 */
export const GATEWAY_CATALOG = defineCatalog(
  {
    'unsubscribe.title': 'Unsubscribe',
    'unsubscribe.confirm': 'Stop receiving vouchers and news from us by e-mail?',
    'unsubscribe.button': 'Unsubscribe',
    'unsubscribe.done': 'You will get no more e-mails from us.',
    'unsubscribe.invalid': 'This unsubscribe link is not valid. Ask the club to stop the e-mails.',
  },
  {
    'unsubscribe.title': 'Cancelar la suscripción',
    'unsubscribe.confirm': '¿Desea dejar de recibir cupones y novedades nuestras por correo electrónico?',
    'unsubscribe.button': 'Cancelar la suscripción',
    'unsubscribe.done': 'Ya no recibirá más correos nuestros.',
    'unsubscribe.invalid':
      'Este enlace para cancelar la suscripción no es válido. Pídale al club que deje de enviarle correos.',
  },
);
