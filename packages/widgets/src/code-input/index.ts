export { CodeInput, type CodeInputProps, codeDigits, formatCountdown, type ResendResult } from './CodeInput';
