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
