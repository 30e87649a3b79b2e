/** The small-screen notifications page (the side menu links to it; desktop has the bell). */
export const NOTIFICATIONS_PATH = '/notifications';
