import { BRAND, useDocumentTitle } from '#client/lib/use-document-title.ts';
import { MarkAllReadButton, NotificationList, useSelectNotification } from './notification-list.tsx';

/** /notifications: the bell's list for small screens, reached from the side menu. */
export const NotificationsPage = () => {
  useDocumentTitle(`Notifications | ${BRAND}`);
  const select = useSelectNotification();
  return (
    <section
      aria-labelledby="notifications-heading"
      className="mx-auto flex w-full max-w-2xl flex-col gap-4 px-4 py-6 sm:px-6 sm:py-12"
    >
      <div className="flex items-center justify-between gap-4">
        {/* Phones show 'Notifications' in the header bar already. */}
        <h1 id="notifications-heading" className="hidden font-display text-4xl font-bold md:block">
          Notifications
        </h1>
        <MarkAllReadButton className="ml-auto" />
      </div>
      <div className="rounded-card border border-border bg-surface p-2">
        <NotificationList onSelect={select} />
      </div>
    </section>
  );
};
