export { trackLastProjectHref } from './lastProjectHref';
export { cabinetHomePath, isDesktopWidth } from './layout';
