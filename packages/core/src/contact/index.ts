export { isEmail, normalizeEmail } from './email';
export { type LoginTarget, parseLoginTarget } from './login';
export { formatKzPhone, isKzPhone, normalizeKzPhone } from './phone';
