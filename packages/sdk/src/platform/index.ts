export type { MobileAppInfo, MobilePlatform } from './mobileApp';
export { $mobileApp, detectMobileApp } from './mobileApp';
