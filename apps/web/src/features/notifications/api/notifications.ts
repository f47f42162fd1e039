import type { NotificationList } from '@mihna/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { apiPaths } from '../../../lib/paths.ts';

// The specification's bell: the 10 latest, polled every 30 s.
export const NOTIFICATIONS_SHOWN = 10;
export const NOTIFICATIONS_POLL_MS = 30_000;

const notificationsKey = (userId: string) => ['notifications', userId] as const;

export const useNotifications = (userId: string) =>
  useQuery({
    queryKey: notificationsKey(userId),
    queryFn: ({ signal }) => apiRequest<NotificationList>(apiPaths.notifications, { query: { limit: NOTIFICATIONS_SHOWN }, signal }),
    refetchInterval: NOTIFICATIONS_POLL_MS,
    refetchOnWindowFocus: true,
    staleTime: 0,
  });

/** `null` reads them all. */
type Target = string | null;

function markedRead(list: NotificationList, target: Target): NotificationList {
  if (target === null) return { notifications: list.notifications.map((item) => ({ ...item, is_read: true })), unread_count: 0 };
  const wasUnread = list.notifications.some((item) => item.id === target && !item.is_read);
  return {
    notifications: list.notifications.map((item) => (item.id === target ? { ...item, is_read: true } : item)),
    unread_count: Math.max(0, list.unread_count - (wasUnread ? 1 : 0)),
  };
}

/** PUT …/{id}/read or …/read-all; the bell shows the change at once and the next poll corrects any difference. */
export function useMarkNotificationsRead(userId: string) {
  const queryClient = useQueryClient();
  const key = notificationsKey(userId);
  return useMutation({
    mutationFn: (target: Target) =>
      apiRequest(target === null ? apiPaths.notificationsReadAll : apiPaths.notificationRead(target), { method: 'PUT' }),
    onMutate: async (target) => {
      await queryClient.cancelQueries({ queryKey: key });
      queryClient.setQueryData<NotificationList>(key, (list) => (list ? markedRead(list, target) : list));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
