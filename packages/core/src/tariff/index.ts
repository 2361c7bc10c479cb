export {
  type ActiveTariff,
  activeTariffSchema,
  parseTariffDate,
  TARIFF_LOADING,
  TARIFF_TYPES,
  type TariffState,
  type TariffType,
  tariffStateFromError,
  tariffStateFromResponse,
} from './tariff-state';
