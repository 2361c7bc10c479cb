export { CounterpartyList, type CounterpartyListProps } from './CounterpartyList';
