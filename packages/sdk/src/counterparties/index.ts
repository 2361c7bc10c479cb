export {
  createCounterparty,
  deleteCounterparty,
  listCounterparties,
  updateCounterparty,
} from './counterpartiesApi';
export { $counterparties, type CounterpartiesStore } from './counterpartyStore';
