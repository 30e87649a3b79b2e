import { CalendarPlus } from 'lucide-react';
import { Button, type ButtonProps } from '#client/components/ui/button.tsx';
import { localIsoDate } from '#shared/dates.ts';
import { stopIcsPath } from '../api/calendar-api.ts';

/**
 * 'Add to calendar' for one show: a plain link to its .ics, so the browser downloads it (or hands
 * it to the calendar app) with no script involved. Not offered once the show's day has passed
 * (the same day line as the state buttons: the fan's today).
 */
export const AddToCalendarLink = ({
  stopId,
  date,
  variant = 'outline',
  size = 'sm',
  className,
}: {
  stopId: string;
  /** YYYY-MM-DD of the show. */
  date: string;
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
  className?: string;
}) =>
  date < localIsoDate() ? null : (
    <Button asChild variant={variant} size={size} className={className}>
      <a href={stopIcsPath(stopId)} download>
        <CalendarPlus aria-hidden="true" />
        Add to calendar
      </a>
    </Button>
  );
