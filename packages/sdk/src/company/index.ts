export { $actingCompanyBin, actingCompanyBin } from './actingCompany';
export type { CompanyListState, CompanyListStore } from './companyListStore';
export type { CompanyScope } from './companyScope';
export type { CompaniesLoad } from './companyStore';
export {
  $companies,
  $companiesLoad,
  $currentCompany,
  $selectedCompanyBin,
  attachByIin,
  confirmAttachByIin,
  currentCompanyOf,
  lookupRegistry,
  pickSelectedBin,
  reloadCompanies,
  selectCompany,
  setMainCompany,
} from './companyStore';
