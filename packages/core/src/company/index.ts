export { type CompanyNames, companyDisplayName, shortenLegalForm } from './display-name';
