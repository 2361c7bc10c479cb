export { LAST_PROJECT_HREF_COOKIE, trackLastProjectHref } from './lastProjectHref';
export { cabinetHomePath, isDesktopWidth } from './layout';
