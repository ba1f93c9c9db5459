// i18n/: the service's catalog of what it writes to people (decision 354).

export { localizedWord, passStringsIn, WALLET_CATALOG } from './wallet-catalog';
