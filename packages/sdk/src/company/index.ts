export {
  $companies,
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
