/** The notifications module's front door (in-app notifications, their e-mails, the live unread counter): the only file other modules and app wiring import. */

export { type DocumentOccasion, notifyDocumentEvent } from './notification-events.js';
export { queueWaitingMail, renderNotificationMail, usersWithWaitingMail } from './notification-mail.js';
export { type NotificationsConfig, notificationsEnv, notificationsSettings } from './notifications-env.js';
export {
  createNotificationsModule,
  notificationsModule,
} from './notifications-module.js';
