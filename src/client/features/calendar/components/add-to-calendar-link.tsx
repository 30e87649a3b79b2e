import { CalendarPlus } from 'lucide-react';
import { Button, type ButtonProps } from '#client/components/ui/button.tsx';
import { stopIcsPath } from '../api/calendar-api.ts';

/**
 * 'Add to calendar' for one show: a plain link to its .ics, so the browser downloads it (or hands
 * it to the calendar app) with no script involved.
 */
export const AddToCalendarLink = ({
  stopId,
  variant = 'outline',
  size = 'sm',
  className,
}: {
  stopId: string;
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
  className?: string;
}) => (
  <Button asChild variant={variant} size={size} className={className}>
    <a href={stopIcsPath(stopId)} download>
      <CalendarPlus aria-hidden="true" />
      Add to calendar
    </a>
  </Button>
);
