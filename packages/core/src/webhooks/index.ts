export { type IpAddressKind, ipAddressKind, literalHostKind } from './address';
export {
  signWebhookPayload,
  verifyWebhookSignature,
  WEBHOOK_DELIVERY_HEADER,
  WEBHOOK_EVENT_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TOLERANCE_SECONDS,
} from './signature';
