// The notifications module's face: what other modules, the seeds and app.ts may use of it (ARCHITECTURE.md, decision 48).
export { createNotificationsRepository } from './notifications.repository.ts';
export { notificationsRoutes } from './notifications.routes.ts';
export {
  createNotificationsService,
  describeNotification,
  type NotificationEvent,
  type NotificationsService,
} from './notifications.service.ts';
export { insertNotifications, type NewNotification } from './notifications.repository.ts';
