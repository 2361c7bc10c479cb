export { CounterpartyForm, type CounterpartyFormProps, type RegisterNames } from './CounterpartyForm';
export {
  type CounterpartyField,
  type CounterpartyValues,
  checkCounterparty,
  counterpartyValuesOf,
} from './counterparty-model';
