export { CARD_CATALOG } from './card-catalog';
export { cardWords, type CardWords } from './card-words';
