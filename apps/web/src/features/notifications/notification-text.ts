import { hasNotificationParams, writeNotification, type Notification } from '@mihna/shared';
import { useTranslation } from '../../i18n/index.ts';
import { languageOf } from '../../lib/format.ts';

/**
 * A notification's title and message in the reader's language, from its kind and params with the words
 * packages/shared keeps for the server too: names and titles isolated, titles in the language's quotes,
 * amounts and dates written for the reader. A row these words cannot say keeps the API's English text.
 */
export function useNotificationText() {
  const { i18n } = useTranslation();
  const language = languageOf(i18n.language);
  return (notification: Notification) =>
    hasNotificationParams(notification.kind, notification.params)
      ? writeNotification(notification.kind, notification.params, language)
      : { title: notification.title, message: notification.message };
}

/** Only paths inside the app are followed, never another site. */
export const isAppPath = (link: string | null): link is string => link !== null && /^\/(?!\/)/.test(link);
