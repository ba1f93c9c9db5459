// trainers/: what other folders of the vouchers service may use (avpass/folder-boundaries).

export { type TillTerms, TrainersRepository } from './trainers.repository';
